/**
 * The deadline board (an MCP App) through the SDK's own client over HTTP: tools/list names its ui:// resource,
 * resources/read gives the HTML with the MCP App MIME type, and the tool's structuredContent is the
 * upcoming_deadlines payload for the same filters (the REST twin's data, read over HTTP too), with a matching
 * calendar address and a text summary. Tool calls are metered, reading the resource is free.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, type Harness } from "../../api/harness.ts";
import { connectMcp, type McpSession, restData, startMcpHarness, toolError } from "../client.ts";

const BOARD_URI = "ui://venue-directory/deadline-board.html";
const APP_MIME_TYPE = "text/html;profile=mcp-app";

let h: Harness;
let mcp: McpSession;

beforeAll(async () => {
  h = await startMcpHarness({ env: { ANON_DAILY_QUOTA: "1000" } });
  mcp = await connectMcp(h.url);
});

afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

/** A successful board answer: structured content plus a text summary (not the JSON again). */
async function board(args: Record<string, unknown>) {
  const result = await mcp.client.callTool({ name: "show_deadline_board", arguments: args });
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  const [first] = result.content as { type: string; text: string }[];
  return { data: result.structuredContent as Record<string, unknown>, text: first?.text ?? "" };
}

describe("tools/list", () => {
  let tool: Tool | undefined;
  beforeAll(async () => {
    tool = (await mcp.client.listTools()).tools.find((t) => t.name === "show_deadline_board");
  });

  it("lists show_deadline_board with its ui:// resource in _meta (and the older flat key)", () => {
    expect(tool?._meta?.ui).toEqual({ resourceUri: BOARD_URI });
    expect(tool?._meta?.["ui/resourceUri"]).toBe(BOARD_URI);
    expect(tool?.annotations?.readOnlyHint).toBe(true);
  });

  it("takes the arguments of upcoming_deadlines but fields (its cards show whole rows)", async () => {
    const twin = (await mcp.client.listTools()).tools.find((t) => t.name === "upcoming_deadlines");
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(
      Object.keys(twin?.inputSchema.properties ?? {}).filter((name) => name !== "fields"),
    );
  });
});

describe("resources/read", () => {
  it("gives the board as one HTML file with the MCP App MIME type, under 150 KB, fetching nothing", async () => {
    const { contents } = await mcp.client.readResource({ uri: BOARD_URI });
    expect(contents).toHaveLength(1);
    const [content] = contents as { uri: string; mimeType: string; text: string }[];
    expect(content?.uri).toBe(BOARD_URI);
    expect(content?.mimeType).toBe(APP_MIME_TYPE);
    const html = content?.text ?? "";
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(Buffer.byteLength(html)).toBeLessThan(150 * 1024);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/,
    );
    // Inlined: no element loads anything from an address.
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
  });

  it("is listed among the resources with the MCP App MIME type", async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.find((r) => r.uri === BOARD_URI)?.mimeType).toBe(APP_MIME_TYPE);
  });
});

describe("tools/call show_deadline_board", () => {
  it("answers the upcoming_deadlines rows for its filters, plus the filters and a calendar", async () => {
    const args = { within_days: 366, estimates: true };
    const { data, text } = await board(args);
    const rest = await restData(h, "/api/deadlines?within_days=366&estimates=true");
    const { filters, calendar, data_age, ...rows } = data;
    expect(rows).toEqual(rest);
    // The data behind the rows' deadlines (render/data-age.ts): the oldest decides, the newest is given beside it.
    const dates = (rest.deadlines as { deadline_data_as_of: string | null }[])
      .map((row) => row.deadline_data_as_of ?? "")
      .filter(Boolean)
      .sort();
    expect(data_age).toMatchObject({ data_as_of: dates[0], newest: dates.at(-1), max_age_days: 30 });
    expect((rest.deadlines as unknown[]).length).toBeGreaterThan(0);
    expect(filters).toEqual(args);
    expect(calendar).toEqual({
      url: `${BASE_URL}/deadlines.ics?within_days=366&estimates=true&ranked_only=false`,
      title: "deadlines for within_days=366",
    });
    const first = (rest.deadlines as { short_name: string; detail_page: string }[])[0];
    expect(text).toContain(`${rest.pagination.total} upcoming submission round`);
    expect(text).toContain(`${first?.short_name}`);
    expect(text).toContain(`${first?.detail_page}`);
    expect(text).not.toContain("{");
  });

  it("follows a filter: the rows change and the calendar has exactly that filter", async () => {
    const all = await restData(h, "/api/deadlines?within_days=366");
    const field = (all.deadlines as { fields: string[] }[])[0]?.fields[0] ?? "ai";
    const { data } = await board({ within_days: 366, field });
    const rest = await restData(h, `/api/deadlines?within_days=366&field=${field}`);
    expect(data.deadlines).toEqual(rest.deadlines);
    expect(data.calendar).toEqual({
      url: `${BASE_URL}/deadlines.ics?within_days=366&field=${field}&estimates=true&ranked_only=false`,
      title: `deadlines for within_days=366, field=${field}`,
    });
    const ranked = await board({ ccf_rank: "a" });
    expect(ranked.data.calendar).toEqual({
      url: `${BASE_URL}/deadlines.ics?ccf_rank=A&estimates=true&ranked_only=false`,
      title: "deadlines for ccf_rank=A",
    });
    // Two tiers, a field and a tier, the window: the calendar holds exactly those, not the whole list.
    const combined = await board({ ccf_rank: "A,B", field, within_days: 60, estimates: false });
    expect(combined.data.calendar).toEqual({
      url: `${BASE_URL}/deadlines.ics?within_days=60&ccf_rank=A%2CB&field=${field}&estimates=false&ranked_only=false`,
      title: `deadlines for within_days=60, ccf_rank=A,B, field=${field}, estimates=false`,
    });
    expect((await board({})).data.calendar).toEqual({
      url: `${BASE_URL}/deadlines.ics?estimates=true&ranked_only=false`,
      title: "all upcoming deadlines",
    });
  });

  it("refuses a bad filter with the REST message", async () => {
    const result = await mcp.client.callTool({ name: "show_deadline_board", arguments: { within_days: 0 } });
    const rest = await h.json("/api/deadlines?within_days=0");
    expect(toolError(result)).toBe(rest.body.message);
  });

  it("is metered like any tool; reading the board's HTML is free", async () => {
    const remaining = () => mcp.answers.at(-1)?.quotaRemaining ?? Number.NaN;
    await mcp.client.readResource({ uri: BOARD_URI });
    const before = remaining();
    await mcp.client.readResource({ uri: BOARD_URI });
    expect(remaining()).toBe(before);
    await board({});
    expect(remaining()).toBe(before - 1);
  });
});
