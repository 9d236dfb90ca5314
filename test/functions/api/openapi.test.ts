import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFERENCE_RANKINGS, JOURNAL_RANKINGS } from "../../../read/schema/api.ts";
import { commaListPattern } from "../../../read/schema/param-rules.ts";
import { BASE_URL, CONFERENCE_ROW_KEYS, type Harness, startHarness } from "./harness.ts";

const run = promisify(execFile);
const REDOCLY = resolve("node_modules/@redocly/cli/bin/cli.js");

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: {
    type?: string;
    enum?: string[];
    minimum?: number;
    maximum?: number;
    default?: unknown;
    format?: string;
  };
}
type Operation = { operationId: string; parameters?: Parameter[]; security?: object[]; responses: object };

let h: Harness;
// biome-ignore lint/suspicious/noExplicitAny: the document is checked by the assertions that read it
let doc: any;
let docText: string;
beforeAll(async () => {
  h = await startHarness();
  const res = await h.get("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("x-quota-limit")).toBeTruthy();
  docText = await res.text();
  doc = JSON.parse(docText);
});
afterAll(() => h.close());

const op = (path: string, method = "get"): Operation => doc.paths[path][method];
const param = (path: string, name: string): Parameter => {
  const found = op(path).parameters?.find((p) => p.name === name);
  if (!found) throw new Error(`${path} documents no parameter ${name}`);
  return found;
};

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.0.3 document of contract version 1.2.0 for this server", () => {
    expect(doc.openapi).toBe("3.0.3");
    expect(doc.info.version).toBe("1.2.0");
    expect(doc.servers).toEqual([{ url: BASE_URL }]);
  });

  it("documents every operation", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /api/conferences",
        "GET /api/conferences/rankings/{ranking}",
        "GET /api/conferences/{id}",
        "GET /api/deadlines",
        "GET /api/journals",
        "GET /api/journals/rankings/{ranking}",
        "GET /api/journals/{id}",
        "GET /api/researchers/{id}",
        "GET /api/statistics",
        "POST /api/login",
      ].sort(),
    );
  });

  it("documents every parameter with its enum and limits", () => {
    /** The rank and field filters, in the order both lists' parameters name them. */
    const FILTERS = ["ccf_rank", "core_rank", "qualis_rank", "field", "ccf_category", "core_for"];
    const search = "/api/conferences";
    expect(op(search).parameters?.map((p) => p.name)).toEqual([
      "query",
      ...FILTERS,
      "submission_date_start",
      "submission_date_end",
      "conference_date_start",
      "conference_date_end",
      "deadline_within_days",
      "updated_since",
      "page",
      "per_page",
      "fields",
    ]);
    expect(param(search, "deadline_within_days").schema).toMatchObject({
      type: "integer",
      minimum: 0,
      maximum: 730,
    });
    // Rank and field filters: one value, or several separated by commas (any of them matches).
    for (const name of FILTERS) {
      expect(param(search, name).schema.type, name).toBe("string");
      // Enumerated (issue 42): the values, or a comma list of them; else the description says so.
      const { anyOf } = param(search, name).schema as { anyOf?: { enum?: string[]; pattern?: string }[] };
      if (anyOf) expect(anyOf[1]?.pattern, name).toBe(commaListPattern(anyOf[0]?.enum ?? []));
      else expect(param(search, name).description, name).toMatch(/comma list/);
    }
    expect(param(search, "ccf_rank").schema).toMatchObject({
      anyOf: [{ enum: ["A", "B", "C"] }, { pattern: "^((A|B|C)(,\\b|$))+$" }],
    });
    const deadlines = "/api/deadlines";
    expect(op(deadlines).parameters?.map((p) => p.name)).toEqual([
      "within_days",
      ...FILTERS,
      "estimates",
      "ranked_only",
      "page",
      "per_page",
      "page_size",
      "fields",
    ]);
    expect(param(deadlines, "within_days").schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 366,
    });
    expect(param(deadlines, "estimates").schema).toMatchObject({ type: "boolean", default: true });
    expect(param(deadlines, "ranked_only").schema).toMatchObject({ type: "boolean", default: false });
    // per_page as on every list; page_size is its alias.
    expect(param(deadlines, "per_page").schema).toMatchObject({ maximum: 100, default: 50 });
    expect(param(deadlines, "page_size").schema).toMatchObject({ maximum: 100, default: 50 });
    expect(param(deadlines, "page_size").description).toMatch(/alias of per_page/i);
    expect(param(search, "submission_date_start").schema).toMatchObject({ type: "string", format: "date" });
    expect(param(search, "page").schema).toMatchObject({ type: "integer", minimum: 1, default: 1 });
    expect(param(search, "per_page").schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    for (const p of op(search).parameters ?? []) expect(p.required, p.name).toBe(false);

    expect(op("/api/journals").parameters?.map((p) => p.name)).toEqual([
      "query",
      "ccf_rank",
      "issn",
      "field",
      "ccf_category",
      "updated_since",
      "page",
      "per_page",
      "fields",
    ]);
    const conferenceRanking = "/api/conferences/rankings/{ranking}";
    expect(param(conferenceRanking, "ranking")).toMatchObject({ in: "path", required: true });
    expect(param(conferenceRanking, "ranking").schema.enum).toEqual([...CONFERENCE_RANKINGS]);
    expect(param(conferenceRanking, "per_page").schema).toMatchObject({ maximum: 100, default: 20 });
    const journalRanking = "/api/journals/rankings/{ranking}";
    expect(param(journalRanking, "ranking").schema.enum).toEqual([...JOURNAL_RANKINGS]);
    // Journal filters take several values too, as the conference ones.
    expect(param(journalRanking, "field").description).toMatch(/comma list/);
    expect(param("/api/journals", "ccf_rank").schema).toMatchObject({
      anyOf: [{ enum: ["A", "B", "C"] }, {}],
    });
    expect(param("/api/conferences/{id}", "id").schema.type).toBe("integer");
    expect(op("/api/login", "post")).toMatchObject({ requestBody: { required: true } });
  });

  it("describes rows, details, the envelope and error responses", () => {
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.Conference.properties)).toEqual(CONFERENCE_ROW_KEYS);
    expect(schemas.Conference.properties.cp_index).toMatchObject({ type: "object", nullable: true });
    expect(Object.keys(schemas.RankedConference.properties)).toEqual(
      expect.arrayContaining(["trackers_count", "attendees_count", "acceptance_rate", "views_30d"]),
    );
    expect(schemas.RankedJournal.properties).toHaveProperty("special_issue");
    expect(schemas.ConferenceDetail.properties).toHaveProperty("website");
    expect(schemas.JournalDetail.properties).toHaveProperty("special_issues");
    expect(schemas.ErrorEnvelope.required).toEqual(["code", "message", "data", "request_id"]);
    const detail = op("/api/conferences/{id}").responses as Record<string, { headers?: object }>;
    expect(Object.keys(detail)).toEqual(
      expect.arrayContaining(["200", "401", "402", "403", "404", "429", "500"]),
    );
    expect(detail["429"]?.headers).toHaveProperty("Retry-After");
    expect(detail["200"]?.headers).toHaveProperty("X-Quota-Remaining");
  });

  it("declares bearer and X-Paid-Access security; details require one, login none", () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
      paidAccess: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Paid-Access" }),
    });
    expect(op("/api/conferences/{id}").security).toEqual([{ bearerAuth: [] }, { paidAccess: [] }]);
    expect(op("/api/conferences").security).toContainEqual({});
    expect(op("/api/login", "post").security).toEqual([]);
  });

  it("every documented operation is served", async () => {
    const concrete = (path: string) =>
      path.replace("{ranking}", "cfp").replace("{id}", path.includes("researchers") ? "r1" : "101");
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods as object)) {
        const res = await h.get(concrete(path), {
          method: method.toUpperCase(),
          ...(method === "post" ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
        });
        expect([200, 401], `${method} ${path}`).toContain(res.status);
        await res.text();
      }
    }
  });

  it("passes redocly lint with no errors", async () => {
    const dir = await mkdtemp(join(tmpdir(), "openapi-"));
    const file = join(dir, "openapi.json");
    await writeFile(file, docText);
    try {
      const { stdout, stderr } = await run(process.execPath, [REDOCLY, "lint", file], {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
        timeout: 60_000,
      });
      const output = `${stdout}\n${stderr}`;
      expect(output).toMatch(/valid/i);
      expect(output).not.toMatch(/error/i);
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
