/**
 * Issue 42 over real HTTP, on the fixture snapshot with known values: journal rows and special-issue calls carry
 * `data_as_of` / `stale` on every surface that shows them (search, lists, the cfp list's call, the detail's calls),
 * and search rows carry the edition they look ahead to, REST and MCP alike, `fields=` included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIXTURE_CONFERENCES,
  FIXTURE_JOURNAL_DETAILS,
  FIXTURE_JOURNALS,
  FIXTURE_SPECIAL_ISSUES,
} from "../../helpers/snapshot-fixture.ts";
import { connectMcp, type McpSession, restData, startMcpHarness, toolPayload } from "../mcp/client.ts";
import type { Harness } from "./harness.ts";
import { ACCOUNT } from "./harness.ts";

/** TPAMI's data is fresh, JSS's old (stale), the rest as the fixture has them (unknown). */
const JOURNAL_AGE: Record<string, { data_as_of: string; stale: boolean }> = {
  "201": { data_as_of: "2026-06-01", stale: false },
  "203": { data_as_of: "2026-01-10", stale: true },
};
/** Each call's own source date: one of TPAMI's calls comes from an older source than the journal's newest. */
const CALL_AGE: Record<string, { data_as_of: string; stale: boolean }> = {
  "Special Issue on Causal Vision": { data_as_of: "2026-03-01", stale: true },
  "Special Issue on Foundation Models": { data_as_of: "2026-06-01", stale: false },
  "Special Issue on Green Software": { data_as_of: "2026-01-10", stale: true },
};
/** SIGMOD's row describes its past edition (2026-06-10); the next one is dated: the row names it. */
const SIGMOD_NEXT = {
  year: 2027,
  start_date: "2027-06-13",
  end_date: "2027-06-18",
  place: "Huntington Beach, CA, USA",
  next: true,
};
/** ICSE: no edition ahead is dated, so the latest held, marked. */
const ICSE_LATEST = { year: 2026, start_date: "2026-04-12", end_date: null, place: "Rio", next: false };

const withCallAge = <T extends { title: string }>(si: T) => ({ ...si, ...CALL_AGE[si.title] });

let h: Harness;
let mcp: McpSession;
beforeAll(async () => {
  h = await startMcpHarness({
    snapshot: {
      conferences: FIXTURE_CONFERENCES.map((c) =>
        c.id === "104" ? { ...c, edition: SIGMOD_NEXT } : c.id === "110" ? { ...c, edition: ICSE_LATEST } : c,
      ),
      journals: FIXTURE_JOURNALS.map((j) => ({ ...j, ...JOURNAL_AGE[j.id] })),
      specialIssues: FIXTURE_SPECIAL_ISSUES.map(withCallAge),
      journalDetails: FIXTURE_JOURNAL_DETAILS.map((d) => ({
        ...d,
        special_issues: d.special_issues.map(withCallAge),
      })),
    },
  });
  mcp = await connectMcp(h.url, ACCOUNT);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  toolPayload(await mcp.client.callTool({ name, arguments: args }));

describe("journal rows", () => {
  it("carry data_as_of and stale in search and every list, REST and MCP alike", async () => {
    const search = await restData(h, "/api/journals?per_page=100");
    const byId = new Map(search.journals.map((j: { id: string }) => [j.id, j]));
    expect(byId.get("201")).toMatchObject(JOURNAL_AGE["201"] as object);
    expect(byId.get("203")).toMatchObject(JOURNAL_AGE["203"] as object);
    // Unknown: null, and not called stale.
    expect(byId.get("204")).toMatchObject({ data_as_of: null, stale: false });
    expect(await call("search_journals", { per_page: 100 })).toEqual(search);
    for (const ranking of ["ccf", "all", "most_viewed"]) {
      const listed = await restData(h, `/api/journals/rankings/${ranking}?per_page=100`);
      for (const j of listed.journals) expect(j, ranking).toMatchObject(byId.get(j.id) as object);
      expect(await call("list_journals", { ranking, per_page: 100 }), ranking).toEqual(listed);
    }
  });

  it("fields= keeps the data age when asked", async () => {
    const data = await restData(h, "/api/journals?fields=short_name,data_as_of,stale&query=TPAMI");
    expect(data.journals).toEqual([{ id: "201", short_name: "TPAMI", ...JOURNAL_AGE["201"] }]);
  });
});

describe("special-issue calls", () => {
  it("the cfp list's call carries its own source's date, not the journal's", async () => {
    const data = await restData(h, "/api/journals/rankings/cfp");
    const calls = Object.fromEntries(
      data.journals.map((j: { id: string; special_issue: object }) => [j.id, j.special_issue]),
    );
    expect(calls["201"]).toEqual({
      title: "Special Issue on Causal Vision",
      submission_date: "2026-07-01",
      ...CALL_AGE["Special Issue on Causal Vision"],
    });
    expect(calls["203"]).toMatchObject(CALL_AGE["Special Issue on Green Software"] as object);
    // A call with no source date known: null, not stale.
    expect(calls["205"]).toMatchObject({ data_as_of: null, stale: false });
    expect(await call("list_journals", { ranking: "cfp" })).toEqual(data);
  });

  it("the journal detail's calls carry theirs, REST and MCP alike", async () => {
    const detail = await restData(h, "/api/journals/201", ACCOUNT);
    expect(detail).toMatchObject(JOURNAL_AGE["201"] as object);
    expect(
      detail.special_issues.map((si: { title: string; data_as_of: string | null; stale: boolean }) => [
        si.title,
        si.data_as_of,
        si.stale,
      ]),
    ).toEqual([
      ["Special Issue on Causal Vision", "2026-03-01", true],
      ["Special Issue on Foundation Models", "2026-06-01", false],
      // Not in CALL_AGE: the detail record has none, so unknown.
      ["Special Issue on Old Things", null, false],
    ]);
    expect(await call("get_journal", { id: "201" })).toEqual(detail);
  });
});

describe("search rows' edition", () => {
  it("names the next dated edition beside the row's own dates, REST and MCP alike", async () => {
    const data = await restData(h, "/api/conferences?query=SIGMOD");
    const [sigmod] = data.conferences;
    expect(sigmod).toMatchObject({ id: "104", conference_date: "2026-06-10", edition: SIGMOD_NEXT });
    expect(Object.keys(sigmod).indexOf("edition")).toBe(Object.keys(sigmod).indexOf("location") + 1);
    expect(await call("search_conferences", { query: "SIGMOD" })).toEqual(data);
  });

  it("says next=false when only a past edition is known, and null when none is dated", async () => {
    const rows = (await restData(h, "/api/conferences?per_page=100")).conferences as {
      id: string;
      edition: object | null;
    }[];
    expect(rows.find((r) => r.id === "110")?.edition).toEqual(ICSE_LATEST);
    expect(rows.find((r) => r.id === "108")?.edition).toBeNull();
  });

  it("fields=edition keeps it compact, in lists too", async () => {
    const path = "/api/conferences?query=SIGMOD&fields=short_name,edition";
    const data = await restData(h, path);
    expect(data.conferences).toEqual([{ id: "104", short_name: "SIGMOD", edition: SIGMOD_NEXT }]);
    expect(await call("search_conferences", { query: "SIGMOD", fields: "short_name,edition" })).toEqual(data);
    const past = await restData(h, "/api/conferences/rankings/past?fields=edition&per_page=100");
    expect(past.conferences).toContainEqual({ id: "104", edition: SIGMOD_NEXT });
  });
});
