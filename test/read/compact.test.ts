/** The statistics window (read/compact.ts): what the default answer keeps of the whole history. */
import { describe, expect, it } from "vitest";
import { statisticsWindow } from "../../read/compact.ts";
import type { Statistics } from "../../read/schema/api.ts";

const months = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((year) =>
    Array.from({ length: 12 }, (_, m) => ({ key: `${year}-${String(m + 1).padStart(2, "0")}`, count: 1 })),
  );

const STATS: Statistics = {
  snapshot_date: "2026-11-26",
  conferences_total: 3,
  journals_total: 1,
  conferences_with_open_cfp: 1,
  conference_deadline_by_month: months(2011, 2028),
  conference_country_distribution: Array.from({ length: 14 }, (_, i) => ({
    key: `country ${i}`,
    count: 20 - i,
  })),
  journal_impact_factor_distribution: [],
  journal_publisher_distribution: [],
  conference_open_cfp_by_ccf_rank: [],
  conference_open_cfp_by_core_rank: [],
  conference_open_cfp_by_qualis_rank: [],
  conference_field_distribution: [],
  journal_field_distribution: [],
  journal_ccf_rank_distribution: [],
  data_sources: [
    {
      id: "reference",
      name: "Conference Partner",
      commit: "154a29cf",
      date: "2026-08-22",
      fetched_at: null,
      age_days: 96,
      stale: true,
    },
  ],
};

describe("statisticsWindow", () => {
  it("keeps the deadline months from a year before to a year after the snapshot's month", () => {
    const kept = statisticsWindow(STATS, false).conference_deadline_by_month.map((m) => m.key);
    expect(kept[0]).toBe("2025-11");
    expect(kept.at(-1)).toBe("2027-11");
    expect(kept).toHaveLength(25);
  });

  it("keeps the 10 largest countries and sums the rest as other", () => {
    const countries = statisticsWindow(STATS, false).conference_country_distribution;
    expect(countries).toHaveLength(11);
    expect(countries.at(-1)).toEqual({ key: "other", count: 10 + 9 + 8 + 7 });
    expect(countries.reduce((n, c) => n + c.count, 0)).toBe(
      STATS.conference_country_distribution.reduce((n, c) => n + c.count, 0),
    );
  });

  it("names each source by id, date, age and stale flag only", () => {
    expect(statisticsWindow(STATS, false).data_sources).toEqual([
      { id: "reference", date: "2026-08-22", age_days: 96, stale: true },
    ]);
  });

  it("gives everything with full", () => {
    expect(statisticsWindow(STATS, true)).toEqual(STATS);
  });
});
