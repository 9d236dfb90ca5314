/**
 * The nine MCP tools against their REST twins, through the SDK's own client over HTTP: the same parameters
 * (checked against the OpenAPI document, an independent rendering of the REST schemas), the same payloads, the
 * same messages for bad values, the same credential rules.
 */
import { ErrorCode, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFERENCE_RANKINGS, JOURNAL_RANKINGS } from "../../../read/schema/api.ts";
import { DETAIL_IDENTITY } from "../../../read/schema/compact.ts";
import { FIXTURE_TODAY } from "../../helpers/snapshot-fixture.ts";
import { ACCOUNT, fakeActivity, type Harness, PAID } from "../api/harness.ts";
import {
  connectMcp,
  INITIALIZE,
  type McpSession,
  postMcp,
  restData,
  startMcpHarness,
  toolError,
  toolPayload,
} from "./client.ts";

/** Tool → its REST twin's path template (path parameters in braces). */
const TWINS: Record<string, string> = {
  search_conferences: "/api/conferences",
  search_journals: "/api/journals",
  upcoming_deadlines: "/api/deadlines",
  list_conferences: "/api/conferences/rankings/{ranking}",
  list_journals: "/api/journals/rankings/{ranking}",
  get_statistics: "/api/statistics",
  get_conference: "/api/conferences/{id}",
  get_journal: "/api/journals/{id}",
  get_researcher: "/api/researchers/{id}",
};

/** The REST request for the same arguments: path parameters substituted, the rest as the query string. */
function restPathOf(tool: string, args: Record<string, unknown>): string {
  const query = new URLSearchParams();
  let path = TWINS[tool] ?? "";
  for (const [name, value] of Object.entries(args)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else query.set(name, String(value));
  }
  // A path parameter left out is a shorter path (e.g. /api/conferences/rankings).
  path = path.replace(/\/\{[^}]+\}$/, "");
  return query.size > 0 ? `${path}?${query}` : path;
}

let h: Harness;
let views: { kind: string; id: string }[];
let anonymous: McpSession;
let account: McpSession;
let paid: McpSession;
let openapi: {
  paths: Record<string, { get: { parameters?: OpenApiParameter[]; responses: Record<string, unknown> } }>;
  components: { schemas: Record<string, JsonSchema> };
};

interface OpenApiParameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
}
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

beforeAll(async () => {
  const fake = fakeActivity(
    { trackers: { "101": 7, "103": 2 }, attendees: { "103": 2 }, views_30d: { "101": 40, "106": 90 } },
    { trackers: { "201": 1, "205": 4 } },
  );
  views = fake.views;
  h = await startMcpHarness({ overrides: { activity: fake.activity } });
  anonymous = await connectMcp(h.url);
  account = await connectMcp(h.url, ACCOUNT);
  paid = await connectMcp(h.url, PAID);
  openapi = (await (await h.get("/api/openapi.json")).json()) as typeof openapi;
});
afterAll(async () => {
  await Promise.all([anonymous, account, paid].map((s) => s?.close()));
  await h.close();
});

describe("tools/list", () => {
  let tools: Tool[];
  beforeAll(async () => {
    // show_deadline_board is an MCP App over upcoming_deadlines, not a REST twin (deadline-board.test.ts).
    tools = (await anonymous.client.listTools()).tools.filter((tool) => tool.name !== "show_deadline_board");
  });

  it("lists the nine REST twins, read-only, closed-world", () => {
    expect(tools.map((t) => t.name)).toEqual(Object.keys(TWINS));
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(100);
      // idempotentHint means something only when readOnlyHint is false (MCP ToolAnnotations): not sent.
      expect(tool.annotations, tool.name).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
  });

  it("takes the REST parameters: same names, required ones, enums, limits and defaults", () => {
    for (const tool of tools) {
      // page_size is the alias REST keeps for older clients; tools advertise per_page alone.
      const parameters = (openapi.paths[TWINS[tool.name] ?? ""]?.get.parameters ?? []).filter(
        (p) => p.name !== "page_size",
      );
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
      expect(Object.keys(properties).sort(), tool.name).toEqual(parameters.map((p) => p.name).sort());
      expect([...(tool.inputSchema.required ?? [])].sort(), tool.name).toEqual(
        parameters
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      );
      for (const parameter of parameters) {
        const mcp = properties[parameter.name] ?? {};
        if (parameter.in === "path" && parameter.name === "id") {
          // REST takes the id from the path; MCP as the decimal string every row carries.
          expect(mcp.type, tool.name).toBe("string");
          continue;
        }
        for (const key of ["type", "enum", "default", "minimum", "maximum", "maxLength", "pattern"]) {
          if (key in parameter.schema) {
            expect(mcp[key], `${tool.name}.${parameter.name}.${key}`).toEqual(parameter.schema[key]);
          }
        }
        // Described, unless its values (an enumeration) or its name, format, default and bounds say all (a date
        // bound: search_conferences says once that they are inclusive).
        const selfExplained =
          mcp.anyOf || mcp.enum || mcp.format === "date" || ["page", "per_page"].includes(parameter.name);
        expect(mcp.description || selfExplained, `${tool.name}.${parameter.name}`).toBeTruthy();
        if (parameter.schema.anyOf)
          expect(mcp.anyOf, `${tool.name}.${parameter.name}`).toEqual(parameter.schema.anyOf);
      }
    }
  });

  it("declares the REST data payload as the output schema", () => {
    for (const tool of tools) {
      const response = openapi.paths[TWINS[tool.name] ?? ""]?.get.responses["200"] as {
        content: { "application/json": { schema: { $ref: string } } };
      };
      const named = (ref: string) => openapi.components.schemas[ref.split("/").pop() ?? ""] ?? {};
      const envelope = named(response.content["application/json"].schema.$ref);
      const data = named(String(envelope.properties?.data?.$ref));
      // Keys only: those every answer has (the descriptions name the rest). A detail may be cut to its
      // sections: only the identity every cut keeps is required.
      const sparse = tool.name === "get_conference" || tool.name === "get_journal";
      expect(tool.outputSchema?.properties, tool.name).toBeUndefined();
      expect(tool.outputSchema?.required, tool.name).toEqual(sparse ? [...DETAIL_IDENTITY] : data.required);
      expect(Object.keys(data.properties ?? {}), tool.name).toEqual(
        expect.arrayContaining(tool.outputSchema?.required ?? []),
      );
    }
  });
});

describe("payloads equal the REST data", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["search_conferences", {}],
    ["search_conferences", { query: "icml", per_page: 1, page: 2 }],
    [
      "search_conferences",
      { ccf_rank: "A", core_rank: "a*", field: "AI", submission_date_start: FIXTURE_TODAY },
    ],
    [
      "search_conferences",
      { conference_date_start: "2026-09-01", conference_date_end: "2026-12-31", updated_since: "2026-05-01" },
    ],
    ["search_conferences", { ccf_rank: "a,b", field: "ml,se", deadline_within_days: 30 }],
    ["upcoming_deadlines", {}],
    ["upcoming_deadlines", { within_days: 60, ccf_rank: "a,b", core_rank: "A*,a", estimates: true }],
    ["upcoming_deadlines", { field: "ml,se", estimates: false, ranked_only: true, page_size: 2 }],
    ["search_journals", {}],
    ["search_journals", { issn: "01628828" }],
    ["search_journals", { query: "journal", ccf_rank: "b", per_page: 2 }],
    ...CONFERENCE_RANKINGS.map((ranking): [string, Record<string, unknown>] => [
      "list_conferences",
      { ranking },
    ]),
    ["list_conferences", { ranking: "cfp", page: 2, per_page: 1 }],
    ...JOURNAL_RANKINGS.map((ranking): [string, Record<string, unknown>] => ["list_journals", { ranking }]),
    ["list_journals", { ranking: "cfp", field: "ai" }],
    ["get_statistics", {}],
    // Compact answers: the same cut over both.
    ["search_conferences", { fields: "short_name,ranks,estimated_submission_date", per_page: 20 }],
    ["search_journals", { fields: "issn,ccf_rank" }],
    ["list_conferences", { ranking: "most_tracked", fields: "short_name,trackers_count" }],
    ["list_journals", { ranking: "cfp", fields: "special_issue" }],
    ["get_statistics", { full: true }],
    ["upcoming_deadlines", { fields: "short_name,ranks,next", within_days: 200 }],
  ];

  for (const [tool, args] of CASES) {
    it(`${tool} ${JSON.stringify(args)}`, async () => {
      const payload = toolPayload(await anonymous.client.callTool({ name: tool, arguments: args }));
      expect(payload).toEqual(await restData(h, restPathOf(tool, args)));
    });
  }

  it("the comparison is not vacuous: lists and searches have rows", async () => {
    for (const [tool, args] of CASES) {
      if (tool === "get_statistics" || args.page === 2) continue;
      const payload = toolPayload(await anonymous.client.callTool({ name: tool, arguments: args })) as Record<
        string,
        unknown[]
      >;
      const rows = payload.conferences ?? payload.journals ?? payload.deadlines ?? [];
      expect(rows.length, `${tool} ${JSON.stringify(args)}`).toBeGreaterThan(0);
    }
  });

  const SECTIONS: [string, string, string][] = [
    ["get_conference", "101", "ranks,acceptance,calendar"],
    ["get_conference", "103", "row,deadline_estimates"],
    ["get_journal", "201", "special_issues,metrics"],
  ];
  for (const [tool, id, sections] of SECTIONS) {
    it(`${tool} ${id} sections=${sections}`, async () => {
      const payload = toolPayload(await account.client.callTool({ name: tool, arguments: { id, sections } }));
      expect(payload).toEqual(await restData(h, restPathOf(tool, { id, sections }), ACCOUNT));
      // Cut to the sections asked: well under the whole detail's keys (the row alone has 20-odd).
      const whole = toolPayload(await account.client.callTool({ name: tool, arguments: { id } }));
      expect(Object.keys(payload as object).length).toBeLessThan(Object.keys(whole as object).length - 8);
    });
  }

  const DETAILS: [string, string, Record<string, string>, McpSessionName][] = [
    ["get_conference", "101", ACCOUNT, "account"],
    ["get_journal", "201", ACCOUNT, "account"],
    ["get_researcher", "r1", ACCOUNT, "account"],
    ["get_conference", "103", PAID, "paid"],
    ["get_journal", "201", PAID, "paid"],
  ];
  for (const [tool, id, headers, who] of DETAILS) {
    it(`${tool} ${id} with ${who} access`, async () => {
      const session = who === "account" ? account : paid;
      const payload = toolPayload(await session.client.callTool({ name: tool, arguments: { id } }));
      expect(payload).toEqual(await restData(h, restPathOf(tool, { id }), headers));
      // Only paid requests carry the venue's own website, on MCP as on REST.
      if (tool !== "get_researcher") expect("website" in (payload as object)).toBe(who === "paid");
    });
  }

  it("a detail served over MCP counts as a view, as over REST", async () => {
    const before = views.filter((v) => v.kind === "journal" && v.id === "205").length;
    await account.client.callTool({ name: "get_journal", arguments: { id: "205" } });
    expect(views.filter((v) => v.kind === "journal" && v.id === "205").length).toBe(before + 1);
  });
});

type McpSessionName = "account" | "paid";

describe("a bad argument is a tool error with the REST message", () => {
  const BAD: [string, Record<string, unknown>][] = [
    ["search_conferences", { per_page: 0 }],
    ["search_conferences", { per_page: 101 }],
    ["search_conferences", { page: 0 }],
    ["search_conferences", { page: 1.5 }],
    ["search_conferences", { ccf_rank: "d", field: "chemistry" }],
    ["search_conferences", { core_rank: "B+" }],
    ["search_conferences", { qualis_rank: "A9" }],
    ["search_conferences", { ccf_rank: "a,d" }],
    ["upcoming_deadlines", { within_days: 0 }],
    ["upcoming_deadlines", { within_days: 367, estimates: "maybe" }],
    ["upcoming_deadlines", { field: "ml,,chemistry", page_size: 101 }],
    ["search_conferences", { submission_date_start: "2026-02-30" }],
    ["search_conferences", { submission_date_start: "2026-07-01", submission_date_end: "2026-06-01" }],
    ["search_conferences", { query: "x".repeat(201) }],
    ["search_journals", { issn: "12345" }],
    ["search_journals", { updated_since: "yesterday", per_page: "many" }],
    ["list_conferences", { ranking: "best" }],
    ["list_conferences", { ranking: "best", per_page: 0 }],
    ["list_conferences", {}],
    ["list_conferences", { ranking: "cfp", per_page: 500 }],
    ["list_journals", { ranking: "cp_index" }],
    ["list_journals", { ranking: "all", field: "chemistry" }],
    ["search_conferences", { fields: "short_name,website" }],
    ["list_journals", { ranking: "all", fields: "cp_index" }],
    ["get_statistics", { full: "maybe" }],
  ];

  for (const [tool, args] of BAD) {
    it(`${tool} ${JSON.stringify(args).slice(0, 80)}`, async () => {
      const { res, body } = await h.json(restPathOf(tool, args));
      expect(res.status).toBe(200);
      expect(body.code).toBe(400);
      expect(body.message).toMatch(/^invalid request: ./);
      expect(toolError(await anonymous.client.callTool({ name: tool, arguments: args }))).toBe(body.message);
    });
  }

  const NOT_FOUND: [string, string][] = [
    ["get_conference", "abc"],
    ["get_conference", "999999"],
    ["get_journal", "12x"],
    ["get_journal", "101"],
    ["get_researcher", "nobody"],
  ];
  for (const [tool, id] of NOT_FOUND) {
    it(`${tool} ${id}: the REST 404 message`, async () => {
      const { res, body } = await h.json(restPathOf(tool, { id }), { headers: ACCOUNT });
      expect(res.status).toBe(404);
      expect(toolError(await account.client.callTool({ name: tool, arguments: { id } }))).toBe(body.message);
    });
  }

  it("an id sent as a number is read as its digits; a missing one says how to send it", async () => {
    const asNumber = toolPayload(
      await account.client.callTool({ name: "get_conference", arguments: { id: 101 } }),
    );
    expect(asNumber).toEqual(await restData(h, "/api/conferences/101", ACCOUNT));
    for (const args of [{}, { id: null }, { id: ["101"] }]) {
      const text = toolError(await account.client.callTool({ name: "get_conference", arguments: args }));
      expect(text).toBe('invalid request: id is required, as a string of decimal digits such as "101"');
    }
  });

  it("an unknown tool is a protocol error naming the tools", async () => {
    const call = anonymous.client.callTool({ name: "delete_conference", arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await expect(call).rejects.toThrow(/search_conferences/);
  });
});

describe("credentials", () => {
  for (const tool of ["get_conference", "get_journal", "get_researcher"]) {
    it(`${tool} without a credential: a tool error with the REST 401 message`, async () => {
      const id = tool === "get_researcher" ? "r1" : tool === "get_journal" ? "201" : "101";
      const { res, body } = await h.json(restPathOf(tool, { id }));
      expect(res.status).toBe(401);
      const text = toolError(await anonymous.client.callTool({ name: tool, arguments: { id } }));
      expect(text).toBe(body.message);
      expect(text).toContain("Authorization: Bearer");
    });
  }

  it("the free tools need none", async () => {
    const result = await anonymous.client.callTool({ name: "get_statistics", arguments: {} });
    expect(toolPayload(result)).toMatchObject({ snapshot_date: expect.any(String) });
  });

  it("an invalid credential is refused with HTTP 401 on every MCP request, never downgraded", async () => {
    const headers = { authorization: "Bearer revoked" };
    for (const message of [INITIALIZE, { jsonrpc: "2.0", id: 2, method: "tools/list" }]) {
      const res = await postMcp(h, message, headers);
      expect(res.status, message.method).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, data: null });
    }
    await expect(connectMcp(h.url, headers)).rejects.toThrow(/401/);
    await expect(connectMcp(h.url, { "x-paid-access": "forged" })).rejects.toThrow(/401/);
  });
});
