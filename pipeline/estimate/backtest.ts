/**
 * How good the outlook's estimates are, per round: for past cut-off dates, the outlook is computed from the data
 * as it stood then and each real round that followed is compared with the estimate made for it.
 *
 * "As it stood then": the sources do not say when they announced a deadline, so a cycle counts as announced at a
 * cut-off when one of its submission deadlines is on or before it; a cycle whose submission deadlines all come
 * after the cut-off is hidden whole (its deadlines, conference dates and place removed). This is strict: a call
 * announced months ahead counts as unknown until its first deadline. A venue none of whose cycles is known at a
 * cut-off is not scored there (the data did not have it yet: the outlook had nothing to go on).
 */
import type { Edition } from "../../snapshot/records.ts";
import { cyclesOutlook } from "./outlook.ts";
import { type Cycle, cyclesOf, dayNumber, isSubmission } from "./rounds.ts";

/** 1 January and 1 July of 2023–2026. */
export const BACKTEST_CUTOFFS = [2023, 2024, 2025, 2026].flatMap((y) => [`${y}-01-01`, `${y}-07-01`]);
/** The error a real round counts with when no estimate was made for it: a year. */
export const MISSED_ROUND_DAYS = 365;
/** Real rounds scored: those whose paper deadline comes within this many days after the cut-off. */
const HORIZON_DAYS = 365;

export interface BacktestRound {
  venue: string;
  cutoff: string;
  cycle_year: number;
  actual: string;
  /** The estimated paper date matched to it, null when the outlook had none. */
  estimated: string | null;
  error_days: number;
  ccf_a: boolean;
}

const submissionDates = (e: Edition) => e.deadlines.filter(isSubmission).map((d) => d.date);

const knownBy = (c: Cycle, cutoff: string) => submissionDates(c.edition).some((d) => d <= cutoff);

/** An edition as it stood before its announcement: the year alone (its dates and place came with the call). */
const unannounced = (e: Edition): Edition => ({
  ...e,
  start_date: null,
  end_date: null,
  date_text: null,
  place: null,
  country: null,
  deadlines: [],
});

/**
 * The cycles as known at `cutoff`: those with no submission deadline on or before it are unannounced (no
 * deadlines, rounds or conference dates: the outlook leaves out rounds expected after a known conference start,
 * which would leak the hidden cycle's dates); the others are kept as they are (rounds grouped once per venue).
 */
function knownAt(cycles: Cycle[], cutoff: string): Cycle[] {
  return cycles.map((c) => (knownBy(c, cutoff) ? c : { edition: unannounced(c.edition), rounds: [] }));
}

/**
 * The real rounds of the first hidden cycle after `cutoff` against the outlook computed at the cut-off. Each real
 * round is paired with the nearest estimate of the same cycle (one estimate per round, closest pairs first);
 * a round left without one counts MISSED_ROUND_DAYS. Skipped while the outlook still looks at an earlier cycle
 * (its next deadline belongs to one): that cycle's estimate is not made yet.
 */
function backtestCycles(venue: string, cycles: Cycle[], cutoff: string, ccfA: boolean): BacktestRound[] {
  const hidden = cycles.find(
    (c) => submissionDates(c.edition).length > 0 && submissionDates(c.edition).every((d) => d > cutoff),
  );
  // A venue with no cycle known at the cut-off is one the data did not have yet: nothing to ask the outlook.
  if (!hidden || !cycles.some((c) => c.edition.year < hidden.edition.year && knownBy(c, cutoff))) return [];
  const year = hidden.edition.year;
  const real = hidden.rounds
    .map((r) => r.paper)
    .filter((d) => dayNumber(d) - dayNumber(cutoff) <= HORIZON_DAYS);
  if (real.length === 0) return [];
  const outlook = cyclesOutlook({
    cycles: knownAt(cycles, cutoff),
    nowIso: `${cutoff}T00:00:00Z`,
    dataAsOf: cutoff,
  });
  if (outlook.next && outlook.next.cycle_year < year) return [];
  const estimates = outlook.deadlines
    .filter((d) => d.estimated && d.type === "paper" && d.cycle_year === year)
    .map((d) => d.date);
  const pairs = real
    .flatMap((actual, r) =>
      estimates.map((est, e) => ({ r, e, error: Math.abs(dayNumber(est) - dayNumber(actual)) })),
    )
    .sort((a, b) => a.error - b.error);
  const matched = new Map<number, { e: number; error: number }>();
  const usedEstimates = new Set<number>();
  for (const p of pairs) {
    if (matched.has(p.r) || usedEstimates.has(p.e)) continue;
    matched.set(p.r, p);
    usedEstimates.add(p.e);
  }
  return real.map((actual, r) => {
    const m = matched.get(r);
    return {
      venue,
      cutoff,
      cycle_year: year,
      actual,
      estimated: m ? (estimates[m.e] as string) : null,
      error_days: m ? Math.min(m.error, MISSED_ROUND_DAYS) : MISSED_ROUND_DAYS,
      ccf_a: ccfA,
    };
  });
}

/** A venue's backtest rounds at every cut-off, its editions grouped into rounds once for all of them. */
export function backtestVenue(
  venue: string,
  editions: Edition[],
  cutoffs: readonly string[],
  ccfA: boolean,
): BacktestRound[] {
  const cycles = cyclesOf(editions);
  return cutoffs.flatMap((cutoff) => backtestCycles(venue, cycles, cutoff, ccfA));
}

export interface BacktestSummary {
  rounds: number;
  /** Share of the real rounds that had an estimate, 0-1. */
  coverage: number | null;
  median: number | null;
  p90: number | null;
}

/** Coverage, median and 90th-percentile absolute error (nearest rank) in days, missed rounds counted. */
export function summarizeBacktest(rounds: BacktestRound[]): BacktestSummary {
  const errors = rounds.map((c) => c.error_days).sort((a, b) => a - b);
  if (errors.length === 0) return { rounds: 0, coverage: null, median: null, p90: null };
  const rank = (p: number) => errors[Math.max(0, Math.ceil(p * errors.length) - 1)] as number;
  const covered = rounds.filter((r) => r.estimated !== null).length;
  return {
    rounds: errors.length,
    coverage: Math.round((covered / errors.length) * 1000) / 1000,
    median: rank(0.5),
    p90: rank(0.9),
  };
}
