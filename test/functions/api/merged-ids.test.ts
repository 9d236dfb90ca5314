/**
 * Ids merged away by entity resolution keep working: REST detail and pages answer 301 to the surviving id,
 * MCP returns the surviving record. The served snapshot's merged.json is given a merge before the first request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergedIds } from "../../../read/query/merged-ids.ts";
import { FIXTURE_MERGE, writeFixtureMerge } from "../../helpers/merged-ids.ts";
import { connectMcp, startMcpHarness, toolPayload } from "../mcp/client.ts";
import { ACCOUNT, type Harness } from "./harness.ts";

const { survivor: SURVIVOR, journal: JOURNAL, gone: GONE, goneJournal: GONE_JOURNAL } = FIXTURE_MERGE;

let h: Harness;
beforeAll(async () => {
  h = await startMcpHarness({ site: { [`conference/${SURVIVOR}.html`]: "<p>venue</p>" } });
  writeFixtureMerge(h.snapshotsDir);
});
afterAll(() => h.close());

describe("ids merged away", () => {
  it("REST detail answers a permanent redirect to the surviving id, query string kept", async () => {
    const res = await h.get(`/api/conferences/${GONE}?x=1`, { headers: ACCOUNT, redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/api/conferences/${SURVIVOR}?x=1`);
    const journal = await h.get(`/api/journals/${GONE_JOURNAL}`, { headers: ACCOUNT, redirect: "manual" });
    expect(journal.status).toBe(301);
    expect(journal.headers.get("location")).toBe(`/api/journals/${JOURNAL}`);
    // Following it gives the surviving record.
    const followed = await h.get(`/api/conferences/${GONE}`, { headers: ACCOUNT });
    expect(followed.status).toBe(200);
    expect((await followed.json()).data.id).toBe(SURVIVOR);
  });

  it("an id that was never merged is still a 404", async () => {
    const res = await h.get("/api/conferences/3168910766", { headers: ACCOUNT, redirect: "manual" });
    expect(res.status).toBe(404);
  });

  it("the venue page answers a permanent redirect to the surviving page", async () => {
    for (const suffix of ["", ".md", "/"]) {
      const res = await h.get(`/conference/${GONE}${suffix}`, { redirect: "manual" });
      expect(res.status, suffix).toBe(301);
      expect(res.headers.get("location")).toBe(`/conference/${SURVIVOR}${suffix}`);
    }
    expect((await h.get("/conference/3168910766", { redirect: "manual" })).status).toBe(404);
  });

  it("MCP get_conference returns the surviving record", async () => {
    const mcp = await connectMcp(h.url, ACCOUNT);
    const result = await mcp.client.callTool({ name: "get_conference", arguments: { id: GONE } });
    expect((toolPayload(result) as { id: string }).id).toBe(SURVIVOR);
    await mcp.close?.();
  });
});

describe("snapshots written before merged.json", () => {
  it("reads the merges from the id table, and reads nothing from an unreadable one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vd-merged-"));
    try {
      writeFileSync(
        join(dir, "ids.json"),
        JSON.stringify({
          conferences: { entries: {}, merged: { [GONE]: SURVIVOR } },
          journals: { entries: {} },
        }),
      );
      const table = await mergedIds(dir);
      expect(table.conference.get(GONE)).toBe(SURVIVOR);
      expect(table.journal.size).toBe(0);
      const broken = mkdtempSync(join(tmpdir(), "vd-merged-"));
      writeFileSync(join(broken, "ids.json"), "{not json");
      expect((await mergedIds(broken)).conference.size).toBe(0);
      rmSync(broken, { recursive: true });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
