import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFERENCE_RANKINGS, JOURNAL_RANKINGS } from "../../../read/schema/api.ts";
import type { ConferenceRow, JournalRow } from "../../../snapshot/records.ts";
import { QUALIS_TIERS } from "../../../snapshot/records.ts";
import {
  FIXTURE_CONFERENCES,
  FIXTURE_JOURNALS,
  FIXTURE_SPECIAL_ISSUES,
  FIXTURE_TODAY,
} from "../../helpers/snapshot-fixture.ts";
import { CONFERENCE_ROW_KEYS, fakeActivity, type Harness, startHarness } from "./harness.ts";

const ACTIVITY = {
  trackers: { "101": 7, "103": 7, "110": 3, "999": 50 },
  attendees: { "103": 2, "109": 5 },
  views_30d: { "101": 40, "106": 90, "108": 40 },
};
const JOURNAL_TRACKERS = { "205": 4, "202": 4, "201": 1 };
const JOURNAL_VIEWS = { "203": 12, "201": 3 };

const id = (r: { id: string }) => Number(r.id);
const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
type Row = ConferenceRow;

/** Oracle per ranking: membership filter and order, written from docs/api.md. */
type Oracle<R> = { filter: (r: R) => boolean; order: (a: R, b: R) => number };
/** A tier list: the tier's open calls, best tier first, then soonest deadline. */
const tier = (tiers: readonly string[], key: (r: Row) => string) => ({
  filter: (r: Row) => key(r) !== "" && r.submission_date !== null && r.submission_date >= FIXTURE_TODAY,
  order: (a: Row, b: Row) =>
    tiers.indexOf(key(a)) - tiers.indexOf(key(b)) ||
    asc(a.submission_date ?? "", b.submission_date ?? "") ||
    id(a) - id(b),
});
/** A dated list: the venues whose date is still ahead, soonest first, or past, latest first. */
const dated = (date: (r: Row) => string | null, when: "ahead" | "past"): Oracle<Row> => ({
  filter: (r) => {
    const d = date(r);
    return d !== null && (when === "ahead" ? d >= FIXTURE_TODAY : d < FIXTURE_TODAY);
  },
  order: (a, b) => {
    const [first, second] = when === "ahead" ? [a, b] : [b, a];
    return asc(date(first) ?? "", date(second) ?? "") || id(a) - id(b);
  },
});
/** Popularity: every venue by its count (0 included), ties by all-time views, then id. */
const byCount = <R extends { id: string; views: number }>(counts: Record<string, number>) => ({
  filter: () => true,
  order: (a: R, b: R) => (counts[b.id] ?? 0) - (counts[a.id] ?? 0) || b.views - a.views || id(a) - id(b),
});
const CONFERENCE_ORACLE: Record<string, Oracle<Row>> = {
  cfp: dated((r) => r.submission_date, "ahead"),
  past_cfp: dated((r) => r.submission_date, "past"),
  ccf: tier(["A", "B", "C"], (r) => r.ccf_rank),
  core: tier(["A*", "A", "B", "C"], (r) => r.core_rank),
  qualis: tier(QUALIS_TIERS, (r) => r.qualis_rank),
  cp_index: {
    filter: (r) => r.cp_index !== null,
    order: (a, b) => (b.cp_index?.score ?? 0) - (a.cp_index?.score ?? 0) || id(a) - id(b),
  },
  most_viewed: byCount(ACTIVITY.views_30d),
  most_tracked: byCount(ACTIVITY.trackers),
  most_attended: byCount(ACTIVITY.attendees),
  most_competitive: {
    filter: (r) => r.acceptance_rate !== null,
    order: (a, b) => (a.acceptance_rate ?? 0) - (b.acceptance_rate ?? 0) || id(a) - id(b),
  },
  upcoming: dated((r) => r.conference_date, "ahead"),
  past: dated((r) => r.conference_date, "past"),
  // Only the venues viewed in the last 30 days (a venue nobody viewed is never trending).
  trending: { ...byCount(ACTIVITY.views_30d), filter: (r) => (ACTIVITY.views_30d[r.id as "101"] ?? 0) > 0 },
};

const EXTRAS: Record<string, string[]> = {
  most_viewed: ["views_30d"],
  most_tracked: ["trackers_count"],
  most_attended: ["attendees_count"],
  most_competitive: ["acceptance_rate", "acceptance_rate_year"],
  trending: ["views_30d"],
};

let h: Harness;
let views: { kind: string; id: string }[];
beforeAll(async () => {
  const fake = fakeActivity(ACTIVITY, { trackers: JOURNAL_TRACKERS, views_30d: JOURNAL_VIEWS });
  views = fake.views;
  h = await startHarness({ overrides: { activity: fake.activity } });
});
afterAll(() => h.close());

/** The whole ranking on one page, checked against its oracle: membership, order, paging. Returns the rows. */
async function rankingMatchesOracle<R extends { id: string }>(
  kind: "conferences" | "journals",
  ranking: string,
  oracle: Oracle<R> | undefined,
  fixture: R[],
) {
  if (!oracle) throw new Error(`no oracle for ${ranking}`);
  const expected = fixture.filter(oracle.filter).sort(oracle.order);
  const { body } = await h.json(`/api/${kind}/rankings/${ranking}?per_page=100`);
  expect(body.code, body.message).toBe(200);
  expect(body.data.ranking).toBe(ranking);
  const rows = body.data[kind] as Record<string, unknown>[];
  expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  expect(expected.length).toBeGreaterThan(0);
  expect(body.data.pagination).toEqual({ count: expected.length, has_more: false, page: 1, per_page: 100 });
  return rows;
}

/** An unknown or missing ranking: HTTP 200, envelope code 400, a message naming every valid ranking. */
async function refusesUnknownRanking(paths: string[], rankings: readonly string[]) {
  for (const path of paths) {
    const { res, body } = await h.json(path);
    expect(res.status).toBe(200);
    expect(body.code).toBe(400);
    for (const r of rankings) expect(body.message).toContain(r);
  }
}

describe("GET /api/conferences/rankings/{ranking}", () => {
  it("serves all 13 rankings", () => {
    expect(Object.keys(CONFERENCE_ORACLE).sort()).toEqual([...CONFERENCE_RANKINGS].sort());
  });

  for (const ranking of CONFERENCE_RANKINGS) {
    it(`${ranking}: membership, order, ties by id, extras`, async () => {
      const rows = await rankingMatchesOracle(
        "conferences",
        ranking,
        CONFERENCE_ORACLE[ranking],
        FIXTURE_CONFERENCES,
      );
      const extras = EXTRAS[ranking] ?? [];
      for (const row of rows) {
        expect(Object.keys(row)).toEqual([...CONFERENCE_ROW_KEYS, ...extras]);
        const source = FIXTURE_CONFERENCES.find((c) => c.id === row.id);
        if (extras.includes("acceptance_rate")) expect(row.acceptance_rate).toBe(source?.acceptance_rate);
        if (extras.includes("acceptance_rate_year"))
          expect(row.acceptance_rate_year).toBe(source?.acceptance_rate_year);
        if (extras.includes("trackers_count"))
          expect(row.trackers_count).toBe(ACTIVITY.trackers[row.id as "101"] ?? 0);
        if (extras.includes("attendees_count"))
          expect(row.attendees_count).toBe(ACTIVITY.attendees[row.id as "103"] ?? 0);
        if (extras.includes("views_30d")) {
          expect(row.views_30d).toBe(ACTIVITY.views_30d[row.id as "101"] ?? 0);
        }
      }
    });
  }

  it("activity counts for venues missing from the snapshot are ignored", async () => {
    const { body } = await h.json("/api/conferences/rankings/most_tracked");
    expect(body.data.conferences.map((r: { id: string }) => r.id)).not.toContain("999");
  });

  it("defaults to 20 per page; has_more and count follow the page; past the end is empty", async () => {
    const { body } = await h.json("/api/conferences/rankings/most_viewed");
    expect(body.data.pagination.per_page).toBe(20);
    const all = (
      await h.json("/api/conferences/rankings/most_viewed?per_page=100")
    ).body.data.conferences.map((r: { id: string }) => r.id);
    const { body: p1 } = await h.json("/api/conferences/rankings/most_viewed?per_page=3");
    expect(p1.data.pagination).toEqual({ count: 3, has_more: true, page: 1, per_page: 3 });
    const { body: p3 } = await h.json("/api/conferences/rankings/most_viewed?per_page=3&page=3");
    expect(p3.data.conferences.map((r: { id: string }) => r.id)).toEqual(all.slice(6, 9));
    const lastPage = Math.ceil(all.length / 3);
    const { body: last } = await h.json(`/api/conferences/rankings/most_viewed?per_page=3&page=${lastPage}`);
    expect(last.data.pagination.has_more).toBe(false);
    expect(last.data.pagination.count).toBe(all.length - 3 * (lastPage - 1));
    const { body: beyond } = await h.json("/api/conferences/rankings/most_viewed?per_page=3&page=50");
    expect(beyond.code).toBe(200);
    expect(beyond.data.conferences).toEqual([]);
    expect(beyond.data.pagination).toEqual({ count: 0, has_more: false, page: 50, per_page: 3 });
  });

  it("unknown or missing ranking: HTTP 200, code 400 listing the valid rankings", async () => {
    await refusesUnknownRanking(
      ["/api/conferences/rankings/popular", "/api/conferences/rankings"],
      CONFERENCE_RANKINGS,
    );
  });

  it("validates page and per_page", async () => {
    for (const q of ["per_page=0", "per_page=101", "page=0", "page=one"]) {
      const { body } = await h.json(`/api/conferences/rankings/cfp?${q}`);
      expect(body.code).toBe(400);
      expect(body.message).toContain(q.split("=")[0]);
    }
  });

  it("lists do not record views", () => {
    expect(views).toEqual([]);
  });
});

type JRow = JournalRow;
const jTier = (j: JRow) => ["A", "B", "C"].indexOf(j.ccf_rank);
const byName = (a: JRow, b: JRow) =>
  asc(a.full_name.toLowerCase(), b.full_name.toLowerCase()) || id(a) - id(b);
function openIssue(j: JRow) {
  return FIXTURE_SPECIAL_ISSUES.filter(
    (s) => s.journal_id === j.id && s.submission_date !== null && s.submission_date >= FIXTURE_TODAY,
  ).sort((a, b) => asc(a.submission_date ?? "", b.submission_date ?? "") || asc(a.title, b.title))[0];
}
const ifNum = (j: JRow) => Number(j.impact_factor);
const JOURNAL_ORACLE: Record<string, Oracle<JRow>> = {
  cfp: {
    filter: (j) => openIssue(j) !== undefined,
    order: (a, b) =>
      asc(openIssue(a)?.submission_date ?? "", openIssue(b)?.submission_date ?? "") || id(a) - id(b),
  },
  ccf: { filter: (j) => j.ccf_rank !== "", order: (a, b) => jTier(a) - jTier(b) || byName(a, b) },
  highest_if: {
    filter: (j) => j.impact_factor !== null && Number.isFinite(ifNum(j)),
    order: (a, b) => ifNum(b) - ifNum(a) || id(a) - id(b),
  },
  most_viewed: byCount(JOURNAL_VIEWS),
  most_tracked: byCount(JOURNAL_TRACKERS),
  all: { filter: () => true, order: byName },
};

describe("GET /api/journals/rankings/{ranking}", () => {
  it("serves all 6 rankings", () => {
    expect(Object.keys(JOURNAL_ORACLE).sort()).toEqual([...JOURNAL_RANKINGS].sort());
  });

  for (const ranking of JOURNAL_RANKINGS) {
    it(`${ranking}: membership, order, ties by id`, async () => {
      const rows = await rankingMatchesOracle("journals", ranking, JOURNAL_ORACLE[ranking], FIXTURE_JOURNALS);
      for (const row of rows) {
        // Every popularity row carries the count it is sorted by, 0 included.
        if (ranking === "most_tracked")
          expect(row.trackers_count).toBe(JOURNAL_TRACKERS[row.id as "201"] ?? 0);
        else expect(row).not.toHaveProperty("trackers_count");
        if (ranking === "most_viewed") expect(row.views_30d).toBe(JOURNAL_VIEWS[row.id as "201"] ?? 0);
        else expect(row).not.toHaveProperty("views_30d");
      }
    });
  }

  it("cfp adds the soonest open special issue to each row; no other list adds it", async () => {
    const { body } = await h.json("/api/journals/rankings/cfp");
    expect(body.data.journals.map((r: { id: string }) => r.id)).toEqual(["203", "201", "205"]);
    for (const row of body.data.journals) {
      const issue = openIssue(FIXTURE_JOURNALS.find((j) => j.id === row.id) as JRow);
      expect(row.special_issue).toEqual({
        title: issue?.title,
        submission_date: issue?.submission_date,
        data_as_of: issue?.data_as_of,
        stale: issue?.stale,
      });
      expect(Object.keys(row).at(-1)).toBe("special_issue");
    }
    const { body: all } = await h.json("/api/journals/rankings/all");
    for (const row of all.data.journals) expect(row).not.toHaveProperty("special_issue");
  });

  it("field narrows the lists", async () => {
    const { body: cfp } = await h.json("/api/journals/rankings/cfp?field=se");
    expect(cfp.data.journals.map((r: { id: string }) => r.id)).toEqual(["203"]);
    const { body: all } = await h.json("/api/journals/rankings/all?field=ai");
    expect(all.data.journals.map((r: { id: string }) => r.id)).toEqual(
      FIXTURE_JOURNALS.filter((j) => (j.fields as string[]).includes("ai"))
        .sort(byName)
        .map((j) => j.id),
    );
    const { body: bad } = await h.json("/api/journals/rankings/all?field=astrology");
    expect(bad.code).toBe(400);
    expect(bad.message).toContain("field");
  });

  it("unknown ranking: code 400 listing the valid rankings", async () => {
    await refusesUnknownRanking(["/api/journals/rankings/best", "/api/journals/rankings"], JOURNAL_RANKINGS);
  });

  it("pages with has_more", async () => {
    const { body } = await h.json("/api/journals/rankings/all?per_page=4");
    expect(body.data.pagination).toEqual({ count: 4, has_more: true, page: 1, per_page: 4 });
    const { body: p2 } = await h.json("/api/journals/rankings/all?per_page=4&page=2");
    expect(p2.data.pagination).toEqual({ count: 2, has_more: false, page: 2, per_page: 4 });
  });
});
