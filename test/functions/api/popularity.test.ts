/**
 * Issue 42: the popularity lists say what they know. Over real HTTP against both stores: on a fresh store (no
 * views, no profiles) every list says that nothing has been counted and trending lists nothing; once views are
 * recorded, trending holds only the viewed venues, the other lists put them first and count them, and MCP answers
 * the same payload as REST.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as service from "../../helpers/accounts-service.ts";
import { eventually } from "../../helpers/eventually.ts";
import { connectMcp, type McpSession, toolPayload } from "../mcp/client.ts";

const CONFERENCE_LISTS = [
  ["most_viewed", "views_30d"],
  ["most_tracked", "trackers_count"],
  ["most_attended", "attendees_count"],
] as const;
const JOURNAL_LISTS = [
  ["most_viewed", "views_30d"],
  ["most_tracked", "trackers_count"],
] as const;

service.forEachStore((backend) => {
  let svc: service.TestService;
  let mcp: McpSession;
  beforeAll(async () => {
    // Counts read fresh from the store on every list, views written at once: the test sees each view it makes.
    // Answers not kept either (API_ANSWER_WINDOW_MS), as the same list is asked before and after the views.
    svc = await service.startTestService(await backend.freshState(), {
      mcp: true,
      countsCacheMs: 0,
      viewBatchMs: 1,
      env: { API_ANSWER_WINDOW_MS: "0" },
    });
    mcp = await connectMcp(svc.url);
  });
  afterAll(async () => {
    await mcp?.close();
    await svc?.close();
  });

  const list = async (path: string) => {
    const { res, body } = await svc.json(path, { ip: service.freshIp() });
    expect([res.status, body.code], body.message).toEqual([200, 200]);
    return body.data;
  };
  const mcpList = async (tool: string, args: Record<string, unknown>) =>
    toolPayload(await mcp.client.callTool({ name: tool, arguments: args }));

  describe("on a fresh store", () => {
    it("trending lists nothing and says that no views are recorded", async () => {
      const data = await list("/api/conferences/rankings/trending");
      expect(data.conferences).toEqual([]);
      expect(data.pagination).toEqual({ count: 0, has_more: false, page: 1, per_page: 20 });
      expect(data.popularity).toEqual({
        counter: "views_30d",
        counted: 0,
        note: "No views recorded in the last 30 days, so nothing is listed.",
      });
      expect(await mcpList("list_conferences", { ranking: "trending" })).toEqual(data);
    });

    it("the other popularity lists keep every venue at 0 and say that this is no popularity order", async () => {
      for (const [ranking, counter] of CONFERENCE_LISTS) {
        const data = await list(`/api/conferences/rankings/${ranking}?per_page=100`);
        expect(data.conferences.length, ranking).toBe(12);
        for (const row of data.conferences) expect(row[counter], ranking).toBe(0);
        expect(data.popularity, ranking).toMatchObject({ counter, counted: 0 });
        expect(data.popularity.note, ranking).toMatch(
          /, so this is no popularity order: every venue follows at 0 /,
        );
      }
      for (const [ranking, counter] of JOURNAL_LISTS) {
        const data = await list(`/api/journals/rankings/${ranking}`);
        expect(data.journals.length, ranking).toBe(6);
        expect(data.popularity, ranking).toMatchObject({ counter, counted: 0 });
        expect(data.popularity.note, ranking).toContain("no popularity order");
        expect(await mcpList("list_journals", { ranking }), ranking).toEqual(data);
      }
    });

    it("lists that rank by no counter carry no popularity field", async () => {
      for (const path of ["/api/conferences/rankings/cfp", "/api/journals/rankings/all"]) {
        expect(await list(path), path).not.toHaveProperty("popularity");
      }
    });
  });

  describe("with views and profiles recorded", () => {
    beforeAll(async () => {
      const reader = await service.newAccount(svc.store, {
        profile: { trackedConferences: ["106"], trackedJournals: ["203"] },
      });
      const view = (path: string) =>
        svc.fetch(path, { headers: service.bearer(reader.key) }).then((r) => r.text());
      for (let i = 0; i < 3; i++) await view("/api/conferences/110");
      await view("/api/conferences/106");
      await view("/api/journals/205");
      for (const [kind, id, views] of [
        ["conference", "110", 3],
        ["conference", "106", 1],
        ["journal", "205", 1],
      ] as const) {
        await eventually(
          () => svc.store.views30dOf(kind, id),
          (n) => n === views,
        );
      }
    });

    it("trending holds only the viewed venues, most first, and counts them", async () => {
      const data = await list("/api/conferences/rankings/trending");
      expect(data.conferences.map((r: { id: string; views_30d: number }) => [r.id, r.views_30d])).toEqual([
        ["110", 3],
        ["106", 1],
      ]);
      expect(data.popularity).toEqual({ counter: "views_30d", counted: 2, note: null });
      expect(await mcpList("list_conferences", { ranking: "trending" })).toEqual(data);
    });

    it("most_viewed ranks the viewed first, then every other venue at 0; counted covers every page", async () => {
      const page1 = await list("/api/conferences/rankings/most_viewed?per_page=1");
      expect(page1.conferences.map((r: { id: string }) => r.id)).toEqual(["110"]);
      expect(page1.popularity).toEqual({ counter: "views_30d", counted: 2, note: null });
      const page3 = await list("/api/conferences/rankings/most_viewed?per_page=1&page=3");
      expect(page3.conferences[0].views_30d).toBe(0);
      expect(page3.popularity.counted).toBe(2);
      const journals = await list("/api/journals/rankings/most_viewed");
      expect(journals.journals[0]).toMatchObject({ id: "205", views_30d: 1 });
      expect(journals.popularity).toEqual({ counter: "views_30d", counted: 1, note: null });
    });

    it("counts only the venues the filters keep, and says so when they keep none that was counted", async () => {
      const ai = await list("/api/journals/rankings/most_viewed?field=ai");
      expect(ai.journals[0]).toMatchObject({ id: "205", views_30d: 1 });
      expect(ai.popularity).toEqual({ counter: "views_30d", counted: 1, note: null });
      const se = await list("/api/journals/rankings/most_viewed?field=se");
      expect(se.journals.map((r: { id: string }) => r.id)).toEqual(["202", "203"]);
      expect(se.popularity).toMatchObject({ counted: 0, note: expect.stringContaining("No views") });
    });

    it("most_tracked counts the profiles that track a venue", async () => {
      const tracked = await list("/api/conferences/rankings/most_tracked");
      expect(tracked.conferences[0]).toMatchObject({ id: "106", trackers_count: 1 });
      expect(tracked.popularity).toEqual({ counter: "trackers_count", counted: 1, note: null });
      const attended = await list("/api/conferences/rankings/most_attended");
      expect(attended.popularity).toMatchObject({ counter: "attendees_count", counted: 0 });
      expect(attended.popularity.note).toContain(
        "No researcher profile lists any of these venues as attended",
      );
      const journals = await list("/api/journals/rankings/most_tracked");
      expect(journals.journals[0]).toMatchObject({ id: "203", trackers_count: 1 });
      expect(journals.popularity.counted).toBe(1);
    });
  });
});
