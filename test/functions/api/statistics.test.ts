import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Statistics } from "../../../read/schema/api.ts";
import { QUALIS_TIERS, RESEARCH_FIELDS } from "../../../snapshot/records.ts";
import {
  FIXTURE_CONFERENCES,
  FIXTURE_DATE,
  FIXTURE_JOURNALS,
  FIXTURE_TODAY,
} from "../../helpers/snapshot-fixture.ts";
import { type Harness, startHarness } from "./harness.ts";

/** Counts of `keys` in order of first appearance of `key(item)`. */
function tally<T>(items: T[], key: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null && k !== "") counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}
const mostFirst = (m: Map<string, number>) =>
  [...m]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));

let h: Harness;
let stats: Statistics;
beforeAll(async () => {
  h = await startHarness();
  const { body } = await h.json("/api/statistics");
  expect(body.code).toBe(200);
  stats = body.data;
});
afterAll(() => h.close());

describe("GET /api/statistics", () => {
  it("states each source's date, age and whether it is out of date; full=true adds name, commit, fetch time", async () => {
    expect(stats.data_sources).toEqual([{ id: "ccfddl", date: null, age_days: null, stale: false }]);
    const { body } = await h.json("/api/statistics?full=true");
    expect(body.data.data_sources).toEqual([
      {
        id: "ccfddl",
        name: "ccfddl/ccf-deadlines",
        commit: "5f8dce347bc17783bc6cd50509e07cc0196863b4",
        date: null,
        fetched_at: null,
        age_days: null,
        stale: false,
      },
    ]);
  });

  it("has the spec fields plus open calls by tier and the field distribution", () => {
    expect(Object.keys(stats)).toEqual([
      "snapshot_date",
      "conferences_total",
      "journals_total",
      "conferences_with_open_cfp",
      "conference_deadline_by_month",
      "conference_country_distribution",
      "journal_impact_factor_distribution",
      "journal_publisher_distribution",
      "conference_open_cfp_by_ccf_rank",
      "conference_open_cfp_by_core_rank",
      "conference_open_cfp_by_qualis_rank",
      "conference_field_distribution",
      "journal_field_distribution",
      "journal_ccf_rank_distribution",
      "data_sources",
    ]);
    expect(stats.snapshot_date).toBe(FIXTURE_DATE);
    expect(stats.conferences_total).toBe(FIXTURE_CONFERENCES.length);
    expect(stats.journals_total).toBe(FIXTURE_JOURNALS.length);
  });

  const open = () =>
    FIXTURE_CONFERENCES.filter((c) => c.submission_date !== null && c.submission_date >= FIXTURE_TODAY);

  it("counts open calls (deadline today or later) in total and per tier of each system", () => {
    expect(stats.conferences_with_open_cfp).toBe(open().length);
    const perTier = <R>(rows: R[], tiers: readonly string[], key: (c: R) => string) =>
      [...tiers, "unranked"].map((tier) => ({
        key: tier,
        count: rows.filter((c) => (key(c) === "" ? "unranked" : key(c)) === tier).length,
      }));
    expect(stats.conference_open_cfp_by_ccf_rank).toEqual(
      perTier(open(), ["A", "B", "C"], (c) => c.ccf_rank),
    );
    expect(stats.conference_open_cfp_by_core_rank).toEqual(
      perTier(open(), ["A*", "A", "B", "C"], (c) => c.core_rank),
    );
    expect(stats.conference_open_cfp_by_qualis_rank).toEqual(
      perTier(open(), QUALIS_TIERS, (c) => c.qualis_rank),
    );
    expect(stats.journal_ccf_rank_distribution).toEqual(
      perTier(FIXTURE_JOURNALS, ["A", "B", "C"], (j) => j.ccf_rank),
    );
  });

  it("deadlines per month ascending, countries most first", () => {
    const months = tally(FIXTURE_CONFERENCES, (c) => c.submission_date?.slice(0, 7) ?? null);
    expect(stats.conference_deadline_by_month).toEqual(
      [...months].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, count]) => ({ key, count })),
    );
    expect(stats.conference_country_distribution).toEqual(
      mostFirst(tally(FIXTURE_CONFERENCES, (c) => c.country)),
    );
  });

  it("impact-factor buckets (numeric values only, the rest under none) and publishers", () => {
    const bucket = (j: (typeof FIXTURE_JOURNALS)[number]) => {
      const v = Number(j.impact_factor);
      if (j.impact_factor === null || !Number.isFinite(v)) return "none";
      return v >= 20
        ? "20+"
        : v >= 10
          ? "10-20"
          : v >= 5
            ? "5-10"
            : v >= 3
              ? "3-5"
              : v >= 2
                ? "2-3"
                : v >= 1
                  ? "1-2"
                  : "0-1";
    };
    const keys = ["0-1", "1-2", "2-3", "3-5", "5-10", "10-20", "20+", "none"];
    expect(stats.journal_impact_factor_distribution).toEqual(
      keys.map((key) => ({ key, count: FIXTURE_JOURNALS.filter((j) => bucket(j) === key).length })),
    );
    expect(stats.journal_publisher_distribution).toEqual(
      mostFirst(tally(FIXTURE_JOURNALS, (j) => j.publisher)),
    );
  });

  it("research fields: all 27 keys in list order for conferences and journals", () => {
    for (const [name, rows] of [
      ["conference_field_distribution", FIXTURE_CONFERENCES],
      ["journal_field_distribution", FIXTURE_JOURNALS],
    ] as const) {
      expect(stats[name]).toEqual(
        RESEARCH_FIELDS.map((key) => ({
          key,
          count: (rows as { fields: string[] }[]).filter((r) => r.fields.includes(key)).length,
        })),
      );
    }
  });
});
