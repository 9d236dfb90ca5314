/**
 * The outlook backtest (pipeline/estimate/backtest.ts): what it hides at a cut-off and how it scores; and, on the real
 * upstream data, the CCF-A figures may not fall below the committed floor (tighten it, never loosen it), and the
 * outlooks issue 23 names (SIGKDD, UbiComp/IMWUT, CVPR, S&P, ISCA, every CCF-A venue) say what it asks.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backtestVenue, MISSED_ROUND_DAYS, summarizeBacktest } from "../../pipeline/estimate/backtest.ts";
import type { BuildReport } from "../../pipeline/report.ts";
import type { ConferenceDetailData, ConferenceRow, SubmissionOutlook } from "../../snapshot/records.ts";
import { edition } from "../helpers/editions.ts";
import { buildQuietly, HAS_REAL_UPSTREAM, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";

/**
 * CCF-A on today's upstream data (393 rounds: coverage 98.2 %, median 4 d, p90 33 d): only ever tightened. Issue
 * 23's targets: coverage >= 90 %, median <= 7, p90 <= 30. All venues (1,618 rounds: 96.4 %, median 8, p90 49) is
 * the check that a rule helping CCF-A does not overfit it.
 */
const CCF_A_FLOOR = { coverage: 0.98, median: 4, p90: 33 };
const ALL_FLOOR = { coverage: 0.964, median: 8, p90: 49 };

describe("backtest", () => {
  it("estimates the hidden cycle from the cycles known at the cut-off and scores each real round", () => {
    const eds = [
      edition(2023, ["2023-02-02"]),
      edition(2024, ["2024-02-08"]),
      edition(2025, ["2024-08-08", "2025-02-10"]),
    ];
    const rounds = backtestVenue("KDD", eds, ["2024-07-01"], true);
    // The cycle of 2025 is hidden: its August round was new (no estimate), its February round expected.
    expect(rounds.map((r) => [r.cycle_year, r.actual, r.estimated, r.error_days])).toEqual([
      [2025, "2024-08-08", null, MISSED_ROUND_DAYS],
      [2025, "2025-02-10", "2025-02-05", 5],
    ]);
    expect(summarizeBacktest(rounds)).toEqual({
      rounds: 2,
      coverage: 0.5,
      median: 5,
      p90: MISSED_ROUND_DAYS,
    });
    expect(summarizeBacktest([])).toEqual({ rounds: 0, coverage: null, median: null, p90: null });
  });

  it("hides a hidden cycle's conference dates with its deadlines", () => {
    const eds = [
      edition(2023, ["2023-02-02"]),
      edition(2024, ["2024-02-08"]),
      // Held earlier than before: known at the cut-off, its start would drop the estimate (a round after it).
      edition(2025, ["2025-01-20"], { start_date: "2025-02-03", end_date: "2025-02-05" }),
    ];
    const [round] = backtestVenue("MOVED", eds, ["2024-07-01"], false);
    expect([round?.actual, round?.estimated, round?.error_days]).toEqual(["2025-01-20", "2025-02-05", 16]);
  });

  it("does not score a venue none of whose cycles was known at the cut-off", () => {
    expect(
      backtestVenue(
        "NEW",
        [edition(2025, ["2025-02-10"]), edition(2026, ["2026-02-08"])],
        ["2025-01-01"],
        false,
      ),
    ).toEqual([]);
  });
});

describe.skipIf(!HAS_REAL_UPSTREAM)("the outlook on the real upstream data (as of 2026-11-26)", () => {
  let snapshots: string;
  let report: BuildReport;
  const outlooks = new Map<string, { row: ConferenceRow; outlook: SubmissionOutlook }>();
  const byName = (name: string) => [...outlooks.values()].find((o) => o.row.short_name === name);

  beforeAll(async () => {
    snapshots = await mkdtemp(join(tmpdir(), "vd-backtest-"));
    const built = await buildQuietly(
      REAL_UPSTREAM,
      snapshots,
      "https://venues.example.org",
      new Date("2026-11-26T06:00:00Z"),
    );
    report = built.report;
    const rows = JSON.parse(await readFile(join(built.dir, "conferences.json"), "utf8"))
      .conferences as ConferenceRow[];
    const details = JSON.parse(await readFile(join(built.dir, "details.json"), "utf8"))
      .conferences as ConferenceDetailData[];
    const rowById = new Map(rows.map((r) => [r.id, r]));
    for (const d of details)
      outlooks.set(d.id, { row: rowById.get(d.id) as ConferenceRow, outlook: d.outlook });
  }, 120_000);
  afterAll(() => rm(snapshots, { recursive: true, force: true }));

  it("keeps the CCF-A and all-venue backtest figures at or above the committed floors", () => {
    for (const [figures, floor, rounds] of [
      [report.backtest.ccf_a, CCF_A_FLOOR, 300],
      [report.backtest.all, ALL_FLOOR, 1500],
    ] as const) {
      expect(figures.rounds).toBeGreaterThan(rounds);
      expect(figures.coverage).toBeGreaterThanOrEqual(floor.coverage);
      expect(figures.median).toBeLessThanOrEqual(floor.median);
      expect(figures.p90).toBeLessThanOrEqual(floor.p90);
    }
  });

  it("gives every CCF-A conference a next submission deadline or a state, never a notification or a past conference", () => {
    const ccfA = [...outlooks.values()].filter((o) => o.row.ccf_rank === "A");
    expect(ccfA.length).toBeGreaterThan(50);
    for (const { row, outlook } of ccfA) {
      expect(outlook.next !== null || outlook.state !== "open", row.short_name).toBe(true);
      expect(["abstract", "paper", undefined], row.short_name).toContain(outlook.next?.type);
      const held = outlook.conference?.end_date ?? outlook.conference?.start_date;
      if (held) expect(held >= "2026-11-26", row.short_name).toBe(true);
      expect(row.next_submission_date, row.short_name).toBe(outlook.next?.date ?? null);
    }
  });

  it("SIGKDD: a round expected between 2027-01-10 and 2027-02-28", () => {
    const kdd = byName("SIGKDD")?.outlook;
    const round = kdd?.deadlines.find(
      (d) => d.type === "paper" && d.date >= "2027-01-10" && d.date <= "2027-02-28",
    );
    expect(round).toMatchObject({ estimated: true, status: "upcoming", rounds: 2 });
  });

  it("UbiComp/IMWUT: at least three rounds per cycle", () => {
    const ubicomp = byName("UbiComp")?.outlook;
    expect(ubicomp?.next?.rounds).toBeGreaterThanOrEqual(3);
  });

  it("CVPR: its 2027 round passed unconfirmed, not omitted; then the 2028 estimate", () => {
    const cvpr = byName("CVPR")?.outlook;
    expect(cvpr?.state).toBe("passed_unconfirmed");
    expect(cvpr?.deadlines.find((d) => d.cycle_year === 2027)?.status).toBe("passed_unconfirmed");
    expect(cvpr?.next?.cycle_year).toBe(2028);
  });

  it("S&P: the next deadline is its next submission, the notification stays a notification", () => {
    const sp = byName("S&P")?.outlook;
    expect(sp?.next).toMatchObject({ type: "paper", estimated: true, cycle_year: 2028 });
    expect(sp?.other_dates.map((d) => d.type)).toContain("notification");
  });

  it("ISCA: a date-only deadline keeps no time (AoE), closing at the end of its day", () => {
    const isca = byName("ISCA")?.outlook;
    expect(isca?.next).toMatchObject({
      date: "2026-12-05",
      time: null,
      timezone: "AoE",
      closes_at: "2026-12-06T11:59:59Z",
    });
  });

  it("puts locations written in capitals in their normal case", () => {
    expect(byName("S&P")?.row.location).toBe("Montreal, Canada");
  });
});
