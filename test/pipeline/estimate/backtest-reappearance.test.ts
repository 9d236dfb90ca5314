/**
 * A reappearance in the backtest (pipeline/estimate/backtest.ts, backtest-score.ts): a hidden cycle past the
 * cycles the outlook estimates (outlook.ts estimableYears, MAX_CYCLES_AHEAD after the last announced one) has no
 * estimate by design; its rounds are counted and listed in a row of their own, never in the next cycle's figures.
 */
import { describe, expect, it } from "vitest";
import { backtestVenue } from "../../../pipeline/estimate/backtest.ts";
import { backtestReport } from "../../../pipeline/estimate/backtest-score.ts";
import { MAX_CYCLES_AHEAD } from "../../../pipeline/estimate/outlook.ts";
import { edition } from "../../helpers/editions.ts";

/** A yearly venue known in 2014 and 2015, then missing from the data until `back` (FSCD: 2015, then 2026). */
const missingUntil = (back: number) => [
  edition(2014, ["2014-01-20"]),
  edition(2015, ["2015-01-22"]),
  edition(back, [`${back}-01-23`]),
];

describe("a reappearance after more than MAX_CYCLES_AHEAD cycles", () => {
  it("scores a cycle past the outlook's horizon as a reappearance, with no estimate, its round kept", () => {
    const back = 2015 + MAX_CYCLES_AHEAD + 1;
    const cutoff = `${back - 1}-07-01`;
    const cycles = backtestVenue("FSCD", missingUntil(back), [cutoff], true, `${back}-06-01`);
    expect(cycles.map((c) => [c.scope, c.cycle_year, c.last_announced, c.estimates])).toEqual([
      ["reappearance", back, 2015, []],
    ]);
    expect(cycles[0]?.rounds.map((r) => [r.actual, r.estimated])).toEqual([[`${back}-01-23`, null]]);

    const report = backtestReport(cycles, [cutoff]);
    expect(report.reappearance).toMatchObject({ all: 1, ccf_a: 1 });
    expect(report.reappearance.rounds.map((r) => [r.venue, r.cutoff, r.last_announced, r.actual])).toEqual([
      ["FSCD", cutoff, 2015, `${back}-01-23`],
    ]);
    // Not in the next cycle's figures, nor among its worst rounds.
    expect([report.all.rounds, report.ccf_a.rounds, report.ccf_a_worst]).toEqual([0, 0, []]);
  });

  it("keeps a cycle at the outlook's horizon in the next cycle's figures, with its estimate", () => {
    const back = 2015 + MAX_CYCLES_AHEAD;
    const cutoff = `${back - 1}-07-01`;
    const cycles = backtestVenue("FSCD", missingUntil(back), [cutoff], false, `${back}-06-01`);
    expect(cycles.map((c) => [c.scope, c.cycle_year])).toEqual([["next_cycle", back]]);
    expect(cycles[0]?.rounds[0]?.estimated).not.toBeNull();
    const report = backtestReport(cycles, [cutoff]);
    expect([report.all.rounds, report.reappearance.all]).toEqual([1, 0]);
  });

  it("reads the horizon in cycles, not years: a biennial venue comes back within it after ten years", () => {
    const biennial = [
      edition(2011, ["2011-03-01"]),
      edition(2013, ["2013-03-01"]),
      edition(2015, ["2015-03-02"]),
      edition(2025, ["2025-03-03"]),
    ];
    const cycles = backtestVenue("ECCV", biennial, ["2024-07-01"], false, "2025-06-01");
    expect(cycles.map((c) => [c.scope, c.cycle_year])).toEqual([["next_cycle", 2025]]);
  });
});
