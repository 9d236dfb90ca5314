import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CCF_TIERS,
  CORE_TIERS,
  type ConferenceRow,
  type JournalRow,
  QUALIS_TIERS,
} from "../../../snapshot/records.ts";
import { FIXTURE_CONFERENCES, FIXTURE_JOURNALS, FIXTURE_TODAY } from "../../helpers/snapshot-fixture.ts";
import {
  BASE_URL,
  CONFERENCE_ROW_KEYS,
  type Envelope,
  type Harness,
  JOURNAL_ROW_KEYS,
  startHarness,
} from "./harness.ts";

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** Folded as docs/api.md states: case, diacritics and punctuation. */
const fold = (t: string) =>
  t
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The documented name-match tier: 0 exact, 1 acronym prefix or every word a whole word of a name, 2 substring. */
function matchTier(query: string, names: string[]): number {
  const q = fold(query);
  const folded = names.map(fold);
  if (folded.some((n) => n.replaceAll(" ", "") === q.replaceAll(" ", ""))) return 0;
  if ((folded[0] ?? "").replaceAll(" ", "").startsWith(q.replaceAll(" ", ""))) return 1;
  const words = q.split(" ");
  return folded.some((n) => words.every((w) => n.split(" ").includes(w))) ? 1 : 2;
}

const position = (tiers: readonly string[], t: string) => (t === "" ? 99 : tiers.indexOf(t));

/** Oracle of the documented conference search order. */
function conferenceOrder(query?: string) {
  const match = (c: ConferenceRow) => (query ? matchTier(query, [c.short_name, c.full_name]) : 0);
  const rankKey = (c: ConferenceRow) => [
    position(CCF_TIERS, c.ccf_rank),
    position(CORE_TIERS, c.core_rank),
    position(QUALIS_TIERS, c.qualis_rank),
    c.submission_date !== null && c.submission_date >= FIXTURE_TODAY ? 0 : 1,
    -(c.editions_count ?? -1),
  ];
  const group = (d: string | null) => (d === null ? 2 : d >= FIXTURE_TODAY ? 0 : 1);
  return (a: ConferenceRow, b: ConferenceRow) => {
    const byMatch = match(a) - match(b);
    if (byMatch !== 0) return byMatch;
    if (query) {
      const ka = rankKey(a);
      const kb = rankKey(b);
      const diff = ka.findIndex((v, k) => v !== kb[k]);
      if (diff >= 0) return (ka[diff] as number) - (kb[diff] as number);
    }
    const ga = group(a.submission_date);
    const gb = group(b.submission_date);
    if (ga !== gb) return ga - gb;
    const da = a.submission_date ?? "";
    const db = b.submission_date ?? "";
    if (da !== db) return ga === 0 ? da.localeCompare(db) : db.localeCompare(da);
    return byId(a, b);
  };
}

function expectedConferences(filter: (c: ConferenceRow) => boolean, query?: string): string[] {
  return FIXTURE_CONFERENCES.filter(filter)
    .sort(conferenceOrder(query))
    .map((c) => c.id);
}

const CCF_ORDER = ["A", "B", "C"];
function expectedJournals(filter: (j: JournalRow) => boolean, query?: string): string[] {
  const q = query?.toLowerCase();
  const match = (j: JournalRow) => (q ? matchTier(q, [j.short_name ?? "", j.full_name]) : 0);
  const tier = (j: JournalRow) => (j.ccf_rank === "" ? 9 : CCF_ORDER.indexOf(j.ccf_rank));
  return FIXTURE_JOURNALS.filter(filter)
    .sort(
      (a, b) =>
        match(a) - match(b) ||
        tier(a) - tier(b) ||
        a.full_name.toLowerCase().localeCompare(b.full_name.toLowerCase()) ||
        byId(a, b),
    )
    .map((j) => j.id);
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function conferenceIds(params: string): Promise<string[]> {
  const { body } = await h.json(`/api/conferences?per_page=100&${params}`);
  expect(body.code, body.message).toBe(200);
  return body.data.conferences.map((c: { id: string }) => c.id);
}

async function journalIds(params: string): Promise<string[]> {
  const { body } = await h.json(`/api/journals?per_page=100&${params}`);
  expect(body.code, body.message).toBe(200);
  return body.data.journals.map((j: { id: string }) => j.id);
}

async function expectInvalid(path: string, ...mentions: string[]) {
  const { res, body } = await h.json(path);
  expect(res.status).toBe(200);
  expect(body.code).toBe(400);
  expect(body.data).toBeNull();
  expect(body.request_id).toBe(res.headers.get("x-request-id"));
  for (const m of mentions) expect(body.message).toContain(m);
}

describe("GET /api/conferences", () => {
  it("returns every conference in the documented order with search pagination", async () => {
    const { res, body } = await h.json<Envelope>("/api/conferences");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual(["code", "message", "data", "request_id"]);
    expect(body.code).toBe(200);
    expect(body.data.pagination).toEqual({ total: 12, total_pages: 2, page: 1, per_page: 10 });
    expect(body.data.conferences.map((c: { id: string }) => c.id)).toEqual(
      expectedConferences(() => true).slice(0, 10),
    );
  });

  it("orders open calls soonest first, then closed calls most recent first, then undated", async () => {
    const ids = await conferenceIds("");
    // CCS closes today (still open), ICMLA next; ICML and ECML share a deadline (id order); undated last.
    expect(ids.slice(0, 4)).toEqual(["106", "102", "101", "112"]);
    expect(ids.slice(-2)).toEqual(["105", "108"]);
    expect(ids).toEqual(expectedConferences(() => true));
  });

  it("serves rows with exactly the spec fields in spec order, absolute detail_page, parsed cp_index", async () => {
    const { body } = await h.json("/api/conferences?query=ICML");
    const [icml] = body.data.conferences;
    expect(Object.keys(icml)).toEqual(CONFERENCE_ROW_KEYS);
    expect(icml.detail_page).toBe(`${BASE_URL}/conference/101`);
    expect(icml.cp_index).toMatchObject({ score: 92, version: "cp-2", confidence: 0.8 });
    expect(icml.cp_index.breakdown).toHaveLength(2);
    const unscored = body.data.conferences.find((c: { id: string }) => c.id === "102");
    expect(unscored.cp_index).toBeNull();
    expect(unscored.updated_at).toBeNull();
  });

  it("never includes a website in free output", async () => {
    const res = await h.get("/api/conferences?per_page=100");
    expect(res.status).toBe(200);
    const text = await res.text();
    // Every row is there, so an error page cannot pass for output without websites.
    expect(JSON.parse(text).data.conferences).toHaveLength(12);
    expect(text).not.toContain("website");
    expect(text).not.toContain("icml.example.org");
  });

  it("query: case-insensitive substring of short or full name, exact match first then prefix", async () => {
    expect(await conferenceIds("query=icml")).toEqual(["101", "102"]);
    expect(await conferenceIds("query=IcMl")).toEqual(["101", "102"]);
    // An exact short-name match outranks an earlier deadline.
    expect(await conferenceIds("query=icmla")).toEqual(["102"]);
    const q = "machine learning";
    expect(await conferenceIds(`query=${encodeURIComponent(q)}`)).toEqual(
      expectedConferences((c) => `${c.short_name}\n${c.full_name}`.toLowerCase().includes(q), q),
    );
    expect(await conferenceIds("query=web%20conference")).toEqual(["105"]);
    // Words in any order, whole words outrank a substring; punctuation and diacritics fold.
    expect(await conferenceIds(`query=${encodeURIComponent("learning machine")}`)).toEqual(
      expectedConferences(
        (c) => matchTier("learning machine", [c.short_name, c.full_name]) < 2,
        "learning machine",
      ),
    );
    expect(await conferenceIds(`query=${encodeURIComponent("I.C.M.L")}`)).toEqual(["101", "102"]);
    expect(await conferenceIds(`query=${encodeURIComponent("Machíne-Learning")}`)).toEqual(
      expectedConferences(
        (c) => fold(`${c.short_name} ${c.full_name}`).includes("machine learning"),
        "machine learning",
      ),
    );
    expect(await conferenceIds("query=no-such-venue")).toEqual([]);
    // An empty query is no filter.
    expect(await conferenceIds("query=")).toEqual(expectedConferences(() => true));
  });

  it("treats SQL metacharacters in query as text", async () => {
    expect(await conferenceIds(`query=${encodeURIComponent("%' OR 1=1 --")}`)).toEqual([]);
    expect(await conferenceIds("query=_")).toEqual([]);
  });

  it("ccf_rank, core_rank, qualis_rank filter in any letter case", async () => {
    for (const rank of ["a", "A", "b", "c"]) {
      expect(await conferenceIds(`ccf_rank=${rank}`)).toEqual(
        expectedConferences((c) => c.ccf_rank === rank.toUpperCase()),
      );
    }
    for (const rank of ["A*", "a", "B", "c"]) {
      expect(await conferenceIds(`core_rank=${encodeURIComponent(rank)}`)).toEqual(
        expectedConferences((c) => c.core_rank === rank.toUpperCase()),
      );
    }
    for (const rank of ["A1", "a2", "B2", "b5", "C"]) {
      expect(await conferenceIds(`qualis_rank=${rank}`)).toEqual(
        expectedConferences((c) => c.qualis_rank === rank.toUpperCase()),
      );
    }
    expect(await conferenceIds("qualis_rank=B5")).toEqual(["111"]);
  });

  it("field filters on the research-field list", async () => {
    for (const field of ["ai", "ml", "se", "data", "vision"]) {
      expect(await conferenceIds(`field=${field}`)).toEqual(
        expectedConferences((c) => (c.fields as string[]).includes(field)),
      );
    }
    expect(await conferenceIds("field=ML")).toEqual(await conferenceIds("field=ml"));
  });

  it("deadline_within_days keeps announced deadlines, or estimates where none is announced, in the window", async () => {
    const within = (c: ConferenceRow, until: string) => {
      const next =
        c.submission_date !== null && c.submission_date >= FIXTURE_TODAY
          ? c.submission_date
          : c.estimated_submission_date;
      return next !== null && next >= FIXTURE_TODAY && next <= until;
    };
    const ids = await conferenceIds("deadline_within_days=30");
    expect(ids).toEqual(expectedConferences((c) => within(c, "2026-07-15")));
    expect(ids).toContain("104");
    expect(await conferenceIds("deadline_within_days=0")).toEqual(
      expectedConferences((c) => within(c, FIXTURE_TODAY)),
    );
  });

  it("date ranges are inclusive and exclude rows without the date", async () => {
    expect(await conferenceIds("submission_date_start=2026-07-01&submission_date_end=2026-08-29")).toEqual(
      expectedConferences(
        (c) =>
          c.submission_date !== null &&
          c.submission_date >= "2026-07-01" &&
          c.submission_date <= "2026-08-29",
      ),
    );
    expect(await conferenceIds("submission_date_end=2026-04-20")).toEqual(["111", "104"]);
    expect(await conferenceIds("conference_date_start=2027-01-01")).toEqual(
      expectedConferences((c) => c.conference_date !== null && c.conference_date >= "2027-01-01"),
    );
    expect(await conferenceIds("conference_date_end=2026-06-10")).toEqual(["104"]);
  });

  it("updated_since keeps rows changed on or after the date and drops rows with no change record", async () => {
    const ids = await conferenceIds("updated_since=2026-06-10");
    expect(ids).toEqual(expectedConferences((c) => c.updated_at !== null && c.updated_at >= "2026-06-10"));
    expect(ids).toContain("109"); // updated exactly on the date
    expect(await conferenceIds("updated_since=2000-01-01")).toEqual(
      expectedConferences((c) => c.updated_at !== null),
    );
  });

  it("combines filters with AND", async () => {
    expect(await conferenceIds("ccf_rank=a&field=ml&submission_date_start=2026-06-01")).toEqual(["101"]);
  });

  it("pages: per_page 1-100, page from 1, a page past the end is an empty list", async () => {
    const all = expectedConferences(() => true);
    const { body: p2 } = await h.json("/api/conferences?page=2&per_page=5");
    expect(p2.data.pagination).toEqual({ total: 12, total_pages: 3, page: 2, per_page: 5 });
    expect(p2.data.conferences.map((c: { id: string }) => c.id)).toEqual(all.slice(5, 10));
    const { body: last } = await h.json("/api/conferences?page=3&per_page=5");
    expect(last.data.conferences.map((c: { id: string }) => c.id)).toEqual(all.slice(10));
    const { body: past } = await h.json("/api/conferences?page=9&per_page=5");
    expect(past.code).toBe(200);
    expect(past.data.conferences).toEqual([]);
    expect(past.data.pagination).toEqual({ total: 12, total_pages: 3, page: 9, per_page: 5 });
    const { body: one } = await h.json("/api/conferences?per_page=1");
    expect(one.data.conferences).toHaveLength(1);
    const { body: hundred } = await h.json("/api/conferences?per_page=100&page=1000000");
    expect(hundred.data.conferences).toEqual([]);
  });

  it("rejects bad parameters with HTTP 200, code 400 and a message naming the parameter", async () => {
    await expectInvalid("/api/conferences?per_page=101", "per_page", "1 to 100");
    await expectInvalid("/api/conferences?per_page=0", "per_page");
    await expectInvalid("/api/conferences?per_page=abc", "per_page");
    await expectInvalid("/api/conferences?per_page=2.5", "per_page");
    await expectInvalid("/api/conferences?page=0", "page", ">= 1");
    await expectInvalid("/api/conferences?page=-1", "page");
    await expectInvalid("/api/conferences?ccf_rank=d", "ccf_rank", "A, B, C");
    await expectInvalid("/api/conferences?core_rank=B%2B", "core_rank", "A*, A, B, C");
    await expectInvalid("/api/conferences?qualis_rank=A5", "qualis_rank", "A1", "B5");
    await expectInvalid("/api/conferences?field=chemistry", "field", "ai", "education");
    await expectInvalid(
      "/api/conferences?submission_date_start=2026-02-30",
      "submission_date_start",
      "YYYY-MM-DD",
    );
    await expectInvalid("/api/conferences?submission_date_end=tomorrow", "submission_date_end");
    await expectInvalid("/api/conferences?conference_date_start=2026-13-01", "conference_date_start");
    await expectInvalid("/api/conferences?conference_date_end=20260101", "conference_date_end");
    await expectInvalid("/api/conferences?updated_since=2026-6-1", "updated_since");
    await expectInvalid("/api/conferences?deadline_within_days=-1", "deadline_within_days", "0 to 730");
    await expectInvalid("/api/conferences?deadline_within_days=soon", "deadline_within_days");
    await expectInvalid(
      "/api/conferences?submission_date_start=2026-08-01&submission_date_end=2026-07-01",
      "submission_date_end must not be before submission_date_start",
    );
    await expectInvalid(`/api/conferences?query=${"x".repeat(201)}`, "query", "200");
    // Several bad parameters are all named.
    await expectInvalid("/api/conferences?ccf_rank=z&page=0", "ccf_rank", "page");
  });
});

describe("GET /api/journals", () => {
  it("returns journal rows with exactly the journal fields, in the documented order", async () => {
    const { body } = await h.json("/api/journals");
    expect(body.data.pagination).toEqual({ total: 6, total_pages: 1, page: 1, per_page: 10 });
    expect(body.data.journals.map((j: { id: string }) => j.id)).toEqual(expectedJournals(() => true));
    for (const j of body.data.journals) expect(Object.keys(j)).toEqual(JOURNAL_ROW_KEYS);
    const tpami = body.data.journals.find((j: { id: string }) => j.id === "201");
    expect(tpami).toMatchObject({
      impact_factor: "20.8",
      issn: "0162-8828",
      detail_page: `${BASE_URL}/journal/201`,
    });
    expect(JSON.stringify(body)).not.toContain("website");
  });

  it("query matches short and full names, case-insensitively, exact match first", async () => {
    expect(await journalIds("query=tpami")).toEqual(["201"]);
    expect(await journalIds("query=Journal")).toEqual(
      expectedJournals(
        (j) => `${j.short_name ?? ""}\n${j.full_name}`.toLowerCase().includes("journal"),
        "journal",
      ),
    );
    expect(await journalIds("query=neurocomputing")).toEqual(["205"]);
    // An ISSN in the query, with or without its hyphen, is an exact match.
    expect(await journalIds("query=0162-8828")).toEqual(["201"]);
    expect(await journalIds("query=01628828")).toEqual(["201"]);
  });

  it("issn matches any ISSN of a journal, with or without hyphen, any case of X", async () => {
    expect(await journalIds("issn=0162-8828")).toEqual(["201"]);
    expect(await journalIds("issn=19393539")).toEqual(["201"]);
    expect(await journalIds("issn=1049331x")).toEqual(["202"]);
    expect(await journalIds("issn=1557-7392")).toEqual(["202"]);
    expect(await journalIds("issn=0000-0000")).toEqual([]);
    await expectInvalid("/api/journals?issn=12345", "issn", "7 digits");
    await expectInvalid("/api/journals?issn=1234-567Y", "issn");
  });

  it("ccf_rank, field and updated_since filter", async () => {
    expect(await journalIds("ccf_rank=a")).toEqual(expectedJournals((j) => j.ccf_rank === "A"));
    expect(await journalIds("ccf_rank=C")).toEqual(["205"]);
    expect(await journalIds("field=se")).toEqual(
      expectedJournals((j) => (j.fields as string[]).includes("se")),
    );
    expect(await journalIds("updated_since=2026-06-01")).toEqual(
      expectedJournals((j) => j.updated_at !== null && j.updated_at >= "2026-06-01"),
    );
    await expectInvalid("/api/journals?ccf_rank=e", "ccf_rank");
    await expectInvalid("/api/journals?field=astrology", "field");
    await expectInvalid("/api/journals?updated_since=june", "updated_since");
  });

  it("pages like conference search", async () => {
    const all = expectedJournals(() => true);
    const { body } = await h.json("/api/journals?per_page=4&page=2");
    expect(body.data.pagination).toEqual({ total: 6, total_pages: 2, page: 2, per_page: 4 });
    expect(body.data.journals.map((j: { id: string }) => j.id)).toEqual(all.slice(4));
    const { body: past } = await h.json("/api/journals?page=5");
    expect(past.data.journals).toEqual([]);
    await expectInvalid("/api/journals?per_page=500", "per_page");
    await expectInvalid("/api/journals?page=x", "page");
  });
});

describe("compact rows (fields=)", () => {
  it("keeps id and the named fields of every row, in row order; the rest of the answer is unchanged", async () => {
    const full = (await h.json("/api/conferences?per_page=20")).body.data;
    const { body } = await h.json("/api/conferences?per_page=20&fields=submission_date,short_name,ranks");
    expect(body.code).toBe(200);
    expect(body.data.pagination).toEqual(full.pagination);
    expect(body.data.conferences.length).toBeGreaterThan(5);
    expect(body.data.conferences).toEqual(
      full.conferences.map((row: ConferenceRow) => ({
        id: row.id,
        short_name: row.short_name,
        submission_date: row.submission_date,
        ccf_rank: row.ccf_rank,
        core_rank: row.core_rank,
        qualis_rank: row.qualis_rank,
      })),
    );
    expect(JSON.stringify(body.data).length).toBeLessThan(JSON.stringify(full).length / 3);
  });

  it("works on ranking lists and journals, any letter case", async () => {
    const list = (await h.json("/api/conferences/rankings/most_tracked?fields=TRACKERS_COUNT")).body.data;
    expect(Object.keys(list.conferences[0])).toEqual(["id", "trackers_count"]);
    const journals = (await h.json("/api/journals?fields=issn")).body.data;
    expect(journals.journals.every((j: object) => Object.keys(j).join() === "id,issn")).toBe(true);
    const cfp = (await h.json("/api/journals/rankings/cfp?fields=special_issue")).body.data;
    expect(Object.keys(cfp.journals[0])).toEqual(["id", "special_issue"]);
  });

  it("refuses an unknown field naming the valid ones; an empty value gives full rows", async () => {
    await expectInvalid(
      "/api/conferences?fields=id,website",
      'fields: unknown "website"',
      "short_name",
      "ranks",
    );
    await expectInvalid("/api/journals/rankings/all?fields=cp_index", 'fields: unknown "cp_index"');
    const { body } = await h.json("/api/conferences?fields=");
    expect(Object.keys(body.data.conferences[0])).toEqual(CONFERENCE_ROW_KEYS);
  });
});

describe("journal filters take several values", () => {
  it("ccf_rank=A,b and field=ai,theory keep journals matching any listed value", async () => {
    const all = (await h.json("/api/journals?per_page=100")).body.data.journals as JournalRow[];
    const many = (await h.json("/api/journals?per_page=100&ccf_rank=A,b")).body.data.journals as JournalRow[];
    expect(many.map((j) => j.id).sort()).toEqual(
      all
        .filter((j) => j.ccf_rank === "A" || j.ccf_rank === "B")
        .map((j) => j.id)
        .sort(),
    );
    expect(many.length).toBeGreaterThan(0);
    const byField = (await h.json("/api/journals/rankings/all?field=ai,theory")).body;
    expect(byField.code).toBe(200);
    await expectInvalid("/api/journals?ccf_rank=A,D", "ccf_rank");
  });
});
