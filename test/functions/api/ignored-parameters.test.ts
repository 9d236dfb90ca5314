/**
 * Query parameters an operation does not know are named beside `data` (`ignored_parameters`, with the closest
 * known name), over real HTTP: the answer is otherwise the one without them, the anonymous answer cache and the
 * kept-answer lane repeat the same notes, and an answer without unknown parameters is byte for byte as before.
 */
import { describe, expect, it } from "vitest";
import type { IgnoredParameter } from "../../../read/schema/ignored-parameters.ts";
import { closestParameter } from "../../../read/schema/ignored-parameters.ts";
import { ACCOUNT, type Envelope, fakeAccess, harnessForFile, startHarness } from "./harness.ts";

/** The envelope with the notes this file is about. */
type Noted = Envelope & { ignored_parameters?: IgnoredParameter[] };

const h = harnessForFile(() => startHarness({ overrides: { access: fakeAccess() } }));

describe("unknown query parameters are named", () => {
  it("?q= on the conference search: named with query, the answer is the one without it", async () => {
    const { res, body } = await h.json<Noted>("/api/conferences?q=usenix%20security");
    expect(res.status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.ignored_parameters).toEqual([{ name: "q", did_you_mean: "query" }]);
    const plain = await h.json<Noted>("/api/conferences");
    expect(body.data).toEqual(plain.body.data);
    expect(plain.body).not.toHaveProperty("ignored_parameters");
    // The envelope keeps its order: data, the notes, then the request id.
    expect(Object.keys(body)).toEqual(["code", "message", "data", "ignored_parameters", "request_id"]);
  });

  it.each([
    [
      "/api/conferences?page_size=5&foo=1",
      [
        ["page_size", "per_page"],
        ["foo", null],
      ],
    ],
    [
      "/api/conferences/rankings/cfp?limit=5&field=ai",
      [
        ["limit", "per_page"],
        ["field", "fields"],
      ],
    ],
    [
      "/api/journals?serch=tosem&ccf=A",
      [
        ["serch", "query"],
        ["ccf", "ccf_rank"],
      ],
    ],
    ["/api/journals/rankings/all?per-page=5", [["per-page", "per_page"]]],
    [
      "/api/deadlines?days=30&withn_days=3",
      [
        ["days", "within_days"],
        ["withn_days", "within_days"],
      ],
    ],
    ["/api/conferences?within_days=30", [["within_days", "deadline_within_days"]]],
    ["/api/statistics?ful=true", [["ful", "full"]]],
  ])("%s", async (path, expected) => {
    const { body } = await h.json<Noted>(path);
    expect(body.code, body.message).toBe(200);
    expect(body.ignored_parameters).toEqual(expected.map(([name, did_you_mean]) => ({ name, did_you_mean })));
  });

  it("page_size stays the deadline list's alias: not ignored there", async () => {
    const { body } = await h.json<Noted>("/api/deadlines?page_size=3");
    expect(body.code).toBe(200);
    expect(body.data.pagination.per_page).toBe(3);
    expect(body).not.toHaveProperty("ignored_parameters");
  });

  it("every list takes per_page", async () => {
    for (const path of [
      "/api/conferences",
      "/api/journals",
      "/api/conferences/rankings/ccf",
      "/api/journals/rankings/all",
      "/api/deadlines",
    ]) {
      const { body } = await h.json<Noted>(`${path}?per_page=2`);
      expect(body.code, path).toBe(200);
      expect(body.data.pagination.per_page, path).toBe(2);
      expect(body, path).not.toHaveProperty("ignored_parameters");
    }
  });

  it("a validation error names the ignored parameters too", async () => {
    const { body } = await h.json<Noted>("/api/conferences?per_page=0&q=icse");
    expect(body.code).toBe(400);
    expect(body.ignored_parameters).toEqual([{ name: "q", did_you_mean: "query" }]);
  });

  it("a detail call with a credential: an unknown parameter beside sections", async () => {
    const { body } = await h.json<Noted>("/api/conferences/101?section=ranks", { headers: ACCOUNT });
    expect(body.code).toBe(200);
    expect(body.ignored_parameters).toEqual([{ name: "section", did_you_mean: "sections" }]);
  });

  it("a repeated anonymous request (answer cache) names them again, for its own request id", async () => {
    const first = await h.json<Noted>("/api/conferences?q=icml&per_page=1");
    const second = await h.json<Noted>("/api/conferences?q=icml&per_page=1");
    expect(second.body.ignored_parameters).toEqual(first.body.ignored_parameters);
    expect(second.body.request_id).not.toBe(first.body.request_id);
    // The kept-answer lane (no compression asked: answered in front of the app) sends the same notes.
    const identity = { headers: { "accept-encoding": "identity" } };
    const kept = await h.json<Noted>("/api/conferences?q=icml&per_page=1", identity);
    expect(kept.body.ignored_parameters).toEqual([{ name: "q", did_you_mean: "query" }]);
    expect(kept.body.data).toEqual(first.body.data);
    // A request without the parameter is not answered from the one with it.
    const other = await h.json<Noted>("/api/conferences?per_page=1");
    expect(other.body).not.toHaveProperty("ignored_parameters");
  });
});

describe("closestParameter", () => {
  const known = ["query", "ccf_rank", "core_rank", "page", "per_page", "fields"];
  it.each([
    ["Query", "query"],
    ["QUERY", "query"],
    ["per-page", "per_page"],
    ["pagesize", "per_page"],
    ["core-rank", "core_rank"],
    ["cor_rank", "core_rank"],
    ["feilds", "fields"],
    ["xyz", null],
    ["", null],
  ])("%s → %s", (name, expected) => {
    expect(closestParameter(name, known)).toBe(expected);
  });
});
