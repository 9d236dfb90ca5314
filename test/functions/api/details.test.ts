import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBSITE_WITH_PAID_ACCESS } from "../../../read/schema/api.ts";
import { FIXTURE_CONFERENCES } from "../../helpers/snapshot-fixture.ts";
import {
  ACCOUNT,
  BASE_URL,
  CONFERENCE_ROW_KEYS,
  fakeAccess,
  fakeActivity,
  fakeLogin,
  fakeResearchers,
  type Harness,
  JOURNAL_ROW_KEYS,
  PAID,
  startHarness,
} from "./harness.ts";

/** A venue's id, names and ranks: first in a related-venue row and in every compact detail. */
const IDENTITY_KEYS = ["id", "short_name", "full_name", "ccf_rank", "core_rank", "qualis_rank"];

const CONFERENCE_DETAIL_KEYS = [
  ...CONFERENCE_ROW_KEYS,
  "fields",
  "calendar",
  "cfp_text",
  "deadlines",
  "history",
  "deadline_estimates",
  "outlook",
  "acceptance",
  "rank_history",
  "rank_sources",
  "rating_summary",
  "trackers_count",
  "attendees_count",
  "related_conferences",
  "related_journals",
  "comments",
];
const JOURNAL_DETAIL_KEYS = [
  ...JOURNAL_ROW_KEYS,
  "issns",
  "fields",
  "cfp_text",
  "special_issues",
  "metrics",
  "rank_history",
  "rating_summary",
  "trackers_count",
  "related_journals",
  "related_conferences",
  "comments",
];

let h: Harness;
let views: { kind: string; id: string }[];
beforeAll(async () => {
  const fake = fakeActivity({ trackers: { "101": 7 }, attendees: { "101": 3 } });
  views = fake.views;
  h = await startHarness({
    overrides: {
      access: fakeAccess(),
      activity: fake.activity,
      login: fakeLogin,
      researchers: fakeResearchers,
    },
  });
});
afterAll(() => h.close());

describe("credentials on detail endpoints", () => {
  for (const path of ["/api/conferences/101", "/api/journals/201", "/api/researchers/r1"]) {
    it(`${path}: 401 envelope without a credential, and with an invalid one`, async () => {
      const anonymous = await h.json(path);
      expect(anonymous.res.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 401, data: null });
      expect(anonymous.body.message).toContain("credential");
      const invalid = await h.json(path, { headers: { authorization: "Bearer revoked" } });
      expect(invalid.res.status).toBe(401);
      expect(invalid.body.code).toBe(401);
    });
  }

  it("an invalid credential is refused on free endpoints too (never downgraded to anonymous)", async () => {
    const { res, body } = await h.json("/api/conferences", { headers: { authorization: "Bearer nope" } });
    expect(res.status).toBe(401);
    expect(body.code).toBe(401);
    const ok = await h.json("/api/conferences", { headers: ACCOUNT });
    expect(ok.body.code).toBe(200);
  });
});

describe("GET /api/conferences/{id}", () => {
  it("gives an account the row plus detail fields, with empty lists rather than missing keys", async () => {
    const { res, body } = await h.json("/api/conferences/101", { headers: ACCOUNT });
    expect(res.status).toBe(200);
    expect(body.code).toBe(200);
    const d = body.data;
    expect(Object.keys(d)).toEqual([...CONFERENCE_DETAIL_KEYS, "website_access"]);
    expect(d).toMatchObject({
      id: "101",
      short_name: "ICML",
      detail_page: `${BASE_URL}/conference/101`,
      fields: ["ai", "ml"],
      cfp_text: "ICML invites submissions on all topics of machine learning.",
      trackers_count: 7,
      attendees_count: 3,
      rating_summary: { average: 4.5, count: 2 },
    });
    expect(d.comments).toEqual([
      {
        id: "c1",
        author_id: "r1",
        author_name: "Ada",
        body: "Great venue.",
        created_at: "2026-06-01T10:00:00Z",
      },
    ]);
    expect(d.history.map((e: { year: number }) => e.year)).toEqual([2026, 2025, 2024]);
    expect(d.acceptance.map((a: { year: number }) => a.year)).toEqual([2025, 2023]);
    expect(d.deadlines.map((x: { type: string }) => x.type)).toEqual(["abstract", "paper"]);
    expect(d.deadlines[1]).toMatchObject({
      date: "2026-07-01",
      timezone: "AoE",
      utc: "2026-07-02T11:59:59Z",
    });
    expect(d.rank_history).toEqual([{ system: "CCF", edition: "CCF2022", rank: "A", source: "ccf" }]);
    expect(d.rank_sources).toEqual([{ system: "CCF", edition: "CCF2022", rank: "A", source: "ccf" }]);
    // One field says the website exists with paid access, the same for every venue: no value, no hint of it.
    expect(d.website).toBeUndefined();
    expect(d.website_access).toBe(WEBSITE_WITH_PAID_ACCESS);
    expect(JSON.stringify(d)).not.toContain("icml.example.org");
    expect(JSON.stringify(d)).not.toMatch(/https?:\/\/(?!venues\.test)/);
    expect(d.calendar).toBe(`${BASE_URL}/conference/101.ics`);
  });

  it("lists related conferences that share a field (best match first) and related journals", async () => {
    const { body } = await h.json("/api/conferences/101", { headers: ACCOUNT });
    const related = body.data.related_conferences;
    expect(related.map((r: { id: string }) => r.id)).toEqual(["103", "112", "102"]);
    expect(Object.keys(related[0])).toEqual([
      ...IDENTITY_KEYS,
      "submission_date",
      "conference_date",
      "detail_page",
    ]);
    for (const r of related) {
      const row = FIXTURE_CONFERENCES.find((c) => c.id === r.id);
      expect(row?.fields.some((f) => f === "ai" || f === "ml")).toBe(true);
    }
    const journals = body.data.related_journals.map((j: { id: string }) => j.id);
    expect(journals[0]).toBe("201"); // shares "ai" and the CCF tier, highest impact factor
    expect(journals).not.toContain("202"); // software engineering only
    expect(body.data.related_journals[0].detail_page).toBe(`${BASE_URL}/journal/201`);
  });

  it("adds the website for paid access", async () => {
    const { body } = await h.json("/api/conferences/101", { headers: PAID });
    expect(Object.keys(body.data)).toEqual([...CONFERENCE_DETAIL_KEYS, "website"]);
    expect(body.data.website).toBe("https://icml.example.org");
    const none = await h.json("/api/conferences/110", { headers: PAID });
    expect(none.body.data.website).toBeNull();
  });

  it("serves a conference without detail data with empty lists", async () => {
    const { body } = await h.json("/api/conferences/108", { headers: ACCOUNT });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      cfp_text: null,
      deadlines: [],
      history: [],
      acceptance: [],
      rank_history: [],
      related_conferences: [],
      related_journals: [],
      comments: [],
      rating_summary: null,
      trackers_count: 0,
      attendees_count: 0,
    });
  });

  it("answers 404 envelopes for unknown and non-integer ids", async () => {
    for (const bad of ["999", "abc", "1.5", "-1", "101x", "1e2", "9999999999999999"]) {
      const { res, body } = await h.json(`/api/conferences/${bad}`, { headers: ACCOUNT });
      expect(res.status, bad).toBe(404);
      expect(body).toMatchObject({ code: 404, data: null });
      expect(body.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("records a view per served detail", async () => {
    const before = views.filter((v) => v.kind === "conference" && v.id === "112").length;
    await h.get("/api/conferences/112", { headers: ACCOUNT });
    await h.get("/api/conferences/99999", { headers: ACCOUNT });
    const after = views.filter((v) => v.kind === "conference" && v.id === "112").length;
    expect(after - before).toBe(1);
    expect(views.some((v) => v.id === "99999")).toBe(false);
  });
});

describe("GET /api/journals/{id}", () => {
  it("gives an account the journal detail; special issues open-first, without URLs", async () => {
    const { body } = await h.json("/api/journals/201", { headers: ACCOUNT });
    expect(body.code).toBe(200);
    expect(Object.keys(body.data)).toEqual([...JOURNAL_DETAIL_KEYS, "website_access"]);
    expect(body.data).toMatchObject({
      id: "201",
      issns: ["0162-8828", "1939-3539"],
      fields: ["ai", "vision"],
      detail_page: `${BASE_URL}/journal/201`,
    });
    expect(body.data.special_issues.map((s: { title: string }) => s.title)).toEqual([
      "Special Issue on Causal Vision",
      "Special Issue on Foundation Models",
      "Special Issue on Old Things",
    ]);
    for (const si of body.data.special_issues) expect(si).not.toHaveProperty("url");
    expect(body.data.metrics.map((m: { year: number }) => m.year)).toEqual([2023, 2022]);
    expect(body.data.related_journals.map((j: { id: string }) => j.id)).toEqual(["205"]);
    expect(body.data.related_conferences.length).toBeGreaterThan(0);
    expect(JSON.stringify(body.data)).not.toContain("example.org");
  });

  it("adds the website and special-issue URLs for paid access", async () => {
    const { body } = await h.json("/api/journals/201", { headers: PAID });
    expect(body.data.website).toBe("https://tpami.example.org");
    expect(body.data.special_issues[0].url).toBe("https://tpami.example.org/si/cv");
  });

  it("answers 404 for unknown and non-integer ids", async () => {
    for (const bad of ["101", "abc", "0x10"]) {
      const { res, body } = await h.json(`/api/journals/${bad}`, { headers: ACCOUNT });
      expect(res.status).toBe(404);
      expect(body.code).toBe(404);
    }
  });
});

describe("GET /api/researchers/{id}", () => {
  it("returns the public profile with venues resolved, skipping unknown ids", async () => {
    const { body } = await h.json("/api/researchers/r1", { headers: ACCOUNT });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      id: "r1",
      display_name: "Ada",
      institution: "Analytical Engine Lab",
      cv: "## Ada\n- ICML 2025",
    });
    expect(body.data.tracked_conferences.map((c: { id: string }) => c.id)).toEqual(["101"]);
    expect(body.data.tracked_journals.map((j: { id: string }) => j.id)).toEqual(["201"]);
    expect(body.data.attended_conferences.map((c: { id: string }) => c.id)).toEqual(["103"]);
    expect(body.data.tracked_conferences[0].detail_page).toBe(`${BASE_URL}/conference/101`);
  });

  it("404 for an unknown researcher", async () => {
    const { res, body } = await h.json("/api/researchers/nobody", { headers: PAID });
    expect(res.status).toBe(404);
    expect(body.code).toBe(404);
  });
});

describe("POST /api/login", () => {
  const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
    h.json("/api/login", { method: "POST", body, headers });

  it("malformed bodies: HTTP 200 with code 400 naming the problem", async () => {
    for (const [body, mention] of [
      ["{not json", "JSON"],
      ["", "JSON"],
      [JSON.stringify({ email: "not-an-email", password: "x" }), "email"],
      [JSON.stringify({ email: "ada@example.org" }), "password"],
      [JSON.stringify({ email: "ada@example.org", password: "" }), "password"],
      [JSON.stringify(["ada@example.org", "pw"]), "email"],
    ] as const) {
      const { res, body: env } = await post(body);
      expect(res.status, body).toBe(200);
      expect(env.code, body).toBe(400);
      expect(env.message).toContain(mention);
    }
  });

  it("invalid credentials: HTTP 200 with code 401", async () => {
    const { res, body } = await post(JSON.stringify({ email: "ada@example.org", password: "wrong" }));
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 401, data: null });
  });

  it("valid credentials: token, token_type, expires_in, user_id", async () => {
    const { body } = await post(JSON.stringify({ email: "ada@example.org", password: "correct horse" }));
    expect(body.code).toBe(200);
    expect(body.data).toEqual({
      token: "jwt.token.here",
      token_type: "Bearer",
      expires_in: 15552000,
      user_id: "r1",
    });
  });

  it("GET is 405 with Allow", async () => {
    const { res, body } = await h.json("/api/login");
    expect(res.status).toBe(405);
    expect(body.code).toBe(405);
    expect(res.headers.get("allow")).toContain("POST");
  });
});

describe("compact details (sections=)", () => {
  it("keeps the venue's identity and the named sections, in the detail's order", async () => {
    const { body } = await h.json("/api/conferences/101?sections=acceptance,ranks", { headers: ACCOUNT });
    expect(body.code).toBe(200);
    expect(Object.keys(body.data)).toEqual([...IDENTITY_KEYS, "detail_page", "acceptance"]);
    const full = await h.json("/api/conferences/101", { headers: ACCOUNT });
    expect(body.data.acceptance).toEqual(full.body.data.acceptance);
    expect(body.data.ccf_rank).toBe(full.body.data.ccf_rank);
  });

  it('gives the search row for "row", any letter case, spaces ignored', async () => {
    const { body } = await h.json("/api/conferences/101?sections=%20ROW%20,calendar", { headers: ACCOUNT });
    expect(Object.keys(body.data)).toEqual([...CONFERENCE_ROW_KEYS, "calendar"]);
  });

  it("cuts a journal detail the same way, and an empty value is the whole detail", async () => {
    const { body } = await h.json("/api/journals/201?sections=special_issues", { headers: ACCOUNT });
    expect(Object.keys(body.data)).toEqual([
      "id",
      "short_name",
      "full_name",
      "detail_page",
      "special_issues",
    ]);
    const empty = await h.json("/api/journals/201?sections=", { headers: ACCOUNT });
    expect(Object.keys(empty.body.data)).toEqual([...JOURNAL_DETAIL_KEYS, "website_access"]);
  });

  it("refuses an unknown section with the valid ones (HTTP 200, code 400)", async () => {
    const { res, body } = await h.json("/api/conferences/101?sections=ranks,reviews", { headers: ACCOUNT });
    expect(res.status).toBe(200);
    expect(body.code).toBe(400);
    expect(body.message).toBe(
      `invalid request: sections: unknown "reviews"; valid: row, ranks, fields, calendar, cfp_text, deadlines, history, deadline_estimates, outlook, acceptance, rank_history, rank_sources, rating_summary, trackers_count, attendees_count, related_conferences, related_journals, comments, website, website_access`,
    );
  });
});
