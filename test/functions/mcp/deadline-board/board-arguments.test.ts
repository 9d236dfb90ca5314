/**
 * show_deadline_board over real HTTP for any argument set its input schema admits: fast-check generates the sets
 * from the JSON Schema tools/list publishes (so the test follows the schema as it changes) and every one is
 * answered with a result, never a JSON-RPC error or a thrown call; a refusal is allowed only for a parameter the
 * schema leaves unconstrained (a bare string), and names it. The calendar is the feed of exactly those filters:
 * fetched, it holds the same rounds as the board.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL } from "../../api/harness.ts";
import { mcpSessionsForFile } from "../client.ts";

const TOOL = "show_deadline_board";

const opened = mcpSessionsForFile({ mcp: {} });
const mcp = () => opened().sessions.mcp;
let schema: JsonSchema;
beforeAll(async () => {
  const { tools } = await mcp().client.listTools();
  schema = (tools.find((tool) => tool.name === TOOL) as Tool).inputSchema as JsonSchema;
});

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Whether the schema pins a string down (an enum, a pattern, a format); a bare string admits anything. */
function constrains(s: JsonSchema): boolean {
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return choices.every(constrains);
  return (
    s.enum !== undefined ||
    s.pattern !== undefined ||
    s.format !== undefined ||
    (s.type !== undefined && s.type !== "string")
  );
}

/**
 * Strings matching `pattern`. fast-check cannot build every regular expression (lookahead): then comma lists of
 * the enum values beside it (the schemas' "one value, or a comma list" shape), kept only where the pattern admits them.
 */
function matching(pattern: string, siblings: readonly unknown[]): fc.Arbitrary<string> {
  const re = new RegExp(pattern);
  try {
    // Checked again: fast-check reads some constructs loosely.
    return fc.stringMatching(re).filter((text) => re.test(text));
  } catch {
    const values = siblings.map(String);
    expect(values.length, `no values for ${pattern}`).toBeGreaterThan(0);
    return fc
      .uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: values.length })
      .map((list) => list.join(","))
      .filter((text) => re.test(text));
  }
}

/** Values one JSON Schema admits (the subset tool input schemas use). */
function valuesOf(s: JsonSchema, siblings: readonly unknown[] = []): fc.Arbitrary<unknown> {
  const choices = s.anyOf ?? s.oneOf;
  if (choices) {
    const enums = choices.flatMap((choice) => choice.enum ?? []);
    return fc.oneof(...choices.map((choice) => valuesOf({ type: s.type, ...choice }, enums)));
  }
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum === undefined ? -1e6 : s.exclusiveMinimum + 1);
      const max = s.maximum ?? (s.exclusiveMaximum === undefined ? 1e6 : s.exclusiveMaximum - 1);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case "boolean":
      return fc.boolean();
    default:
      if (s.pattern) return matching(s.pattern, siblings);
      if (s.format === "date")
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.string({ maxLength: s.maxLength ?? 20 });
  }
}

/** Argument sets: any subset of the properties (the required ones always), each with a value its schema admits. */
function argumentSets(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, property]) => [name, valuesOf(property)]),
  );
  return fc.record(properties, { requiredKeys: s.required ?? [] });
}

const unconstrained = () =>
  Object.entries(schema.properties ?? {})
    .filter(([, property]) => !constrains(property))
    .map(([name]) => name);

describe("any argument set the input schema admits", () => {
  it("is answered (no JSON-RPC error, no thrown call); a refusal only names a parameter the schema leaves open", async () => {
    const open = unconstrained();
    await fc.assert(
      fc.asyncProperty(argumentSets(schema), async (args) => {
        const result = (await mcp().client.callTool({ name: TOOL, arguments: args })) as CallToolResult;
        const [first] = result.content;
        const text = first?.type === "text" ? first.text : "";
        if (result.isError) {
          expect(text).toMatch(/^invalid request: /);
          const named = open.filter((name) => name in args && text.includes(name));
          expect(named, `${JSON.stringify(args)} → ${text}`).not.toHaveLength(0);
          return;
        }
        const data = result.structuredContent as {
          deadlines: unknown[];
          calendar: { url: string };
          filters: Record<string, unknown>;
        };
        expect(data.calendar.url.startsWith(`${BASE_URL}/deadlines.ics?`)).toBe(true);
        expect(data.filters).not.toHaveProperty("fields");
        expect(text.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it("fields= that leaves out next (once a JSON-RPC internal error) is answered with whole rows", async () => {
    const result = (await mcp().client.callTool({
      name: TOOL,
      arguments: { within_days: 366, fields: "short_name" },
    })) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    const data = result.structuredContent as { deadlines: { next: unknown; data_as_of: unknown }[] };
    expect(data.deadlines.length).toBeGreaterThan(0);
    for (const row of data.deadlines) expect(row.next).toBeDefined();
  });
});

describe("the calendar follows exactly the filters shown", () => {
  const board = async (args: Record<string, unknown>) =>
    ((await mcp().client.callTool({ name: TOOL, arguments: args })) as CallToolResult).structuredContent as {
      calendar: { url: string; title: string };
      pagination: { total: number };
      deadlines: { deadlines: unknown[] }[];
    };

  it.each([
    [{ ccf_rank: "A", field: "security", within_days: 60 }],
    [{ ccf_rank: "a,b", core_rank: "A*", within_days: 366, estimates: false }],
    [{ field: "ai,ml", ranked_only: true, per_page: 2 }],
    [{}],
  ])("%j", async (args) => {
    const { calendar, pagination } = await board(args);
    const url = new URL(calendar.url);
    expect(url.pathname).toBe("/deadlines.ics");
    for (const [name, value] of Object.entries(args)) {
      if (name === "per_page") expect(url.searchParams.has(name)).toBe(false);
      else expect(url.searchParams.get(name)?.toLowerCase()).toBe(String(value).toLowerCase());
    }
    // The page's ranked-only default differs from the tool's: always spelled out.
    expect(url.searchParams.get("ranked_only")).toBe(String("ranked_only" in args && args.ranked_only));
    // Fetched, it holds every submission deadline (abstract and paper) of every round the filters give.
    const ics = await opened().h.get(`${url.pathname}${url.search}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const events = (await ics.text()).match(/^BEGIN:VEVENT/gm) ?? [];
    const all = await board({ ...args, per_page: 100 });
    expect(all.pagination.total).toBe(pagination.total);
    expect(events.length).toBe(all.deadlines.reduce((sum, row) => sum + row.deadlines.length, 0));
  });
});
