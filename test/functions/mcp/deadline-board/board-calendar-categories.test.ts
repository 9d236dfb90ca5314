/**
 * show_deadline_board's calendar link with the lists' categories (issue 42), over real HTTP on the fixture with
 * categories: the link carries `ccf_category` and `core_for` beside every other filter, and the feed it names
 * holds exactly the board's rounds (every upcoming submission deadline of every row, by UID), no more, no fewer.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  CATEGORIZED_CONFERENCES,
  calendarUids,
  categorizedIds,
  expectedUids,
} from "../../../helpers/category-fixture.ts";
import type { Harness } from "../../api/harness.ts";
import { connectMcp, type McpSession, startMcpHarness } from "../client.ts";

let h: Harness;
let mcp: McpSession;
beforeAll(async () => {
  h = await startMcpHarness({ snapshot: { conferences: CATEGORIZED_CONFERENCES } });
  mcp = await connectMcp(h.url);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

interface Board {
  calendar: { url: string; title: string };
  pagination: { total: number };
  deadlines: {
    conference_id: string;
    deadlines: { type: string; cycle_year: number; round: number; status: string }[];
  }[];
}

async function board(args: Record<string, unknown>): Promise<Board> {
  const result = (await mcp.client.callTool({
    name: "show_deadline_board",
    arguments: args,
  })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  return result.structuredContent as unknown as Board;
}

it.each([
  [{ ccf_category: "SE" }, ["SE"], []],
  [{ core_for: "4611,4602", within_days: 366 }, [], ["4611", "4602"]],
  [{ ccf_category: "ai,db", core_rank: "A*,A", estimates: false }, ["AI", "DB"], []],
  [{ ccf_category: "AI", core_for: "4611", ccf_rank: "A", ranked_only: true, per_page: 1 }, ["AI"], ["4611"]],
])("%j: the calendar holds exactly the board's rounds", async (args, ccf, core) => {
  const shown = await board(args);
  const url = new URL(shown.calendar.url);
  expect(url.pathname).toBe("/deadlines.ics");
  for (const name of ["ccf_category", "core_for"] as const)
    expect(url.searchParams.get(name), name).toBe(
      name in args ? String(args[name as keyof typeof args]).toUpperCase() : null,
    );
  for (const name of ["ccf_category", "core_for"])
    if (name in args) expect(shown.calendar.title).toContain(name);
  // Every round of the filter (the board's pages together), each filed under the categories asked.
  const all = await board({ ...args, per_page: 100 });
  expect(all.pagination.total).toBe(shown.pagination.total);
  expect(all.deadlines.length).toBe(all.pagination.total);
  expect(all.deadlines.length, "the fixture has rounds in the category").toBeGreaterThan(0);
  const filed = categorizedIds(ccf, core);
  for (const row of all.deadlines) expect(filed).toContain(row.conference_id);
  const ics = await h.get(`${url.pathname}${url.search}`);
  expect(ics.status).toBe(200);
  expect(calendarUids(await ics.text())).toEqual(expectedUids(all.deadlines));
});

it("a category the board narrows to leaves out the other categories' rounds from its calendar", async () => {
  const everything = await board({ per_page: 100 });
  const se = await board({ ccf_category: "SE", per_page: 100 });
  expect(se.pagination.total).toBeGreaterThan(0);
  expect(se.pagination.total).toBeLessThan(everything.pagination.total);
  const url = new URL(se.calendar.url);
  const uids = calendarUids(await (await h.get(`${url.pathname}${url.search}`)).text());
  const all = expectedUids(everything.deadlines);
  expect(uids.length).toBeGreaterThan(0);
  expect(uids.length).toBeLessThan(all.length);
  for (const uid of uids) expect(all).toContain(uid);
});
