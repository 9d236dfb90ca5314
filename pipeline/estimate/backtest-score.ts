/**
 * How the backtest scores one cycle's estimates against its real rounds, both ways: recall (each real round paired
 * with an estimate, its error in days; coverage, median, p90) and precision (each published estimate matched to a
 * real round within PRECISE_DAYS, and whether the cycle was given the right number of rounds). Recall alone lets
 * an invented round cost nothing; precision is what makes it cost. A possibility (a round the history does not
 * support: the detail page shows it, marked, with its date and window; no list or calendar does) counts for
 * recall, as the outlook did foresee that round, and never for precision or the round count, as it was not
 * published as a deadline.
 */
import { dayNumber } from "./rounds.ts";

/** The error a real round counts with when no estimate was made for it: a year. */
export const MISSED_ROUND_DAYS = 365;
/** An estimate counts as right (precision) when a real round of its cycle lies this close to it. */
export const PRECISE_DAYS = 30;

/** Where a cycle was scored: which venue, cut-off and scope. */
export interface BacktestScope {
  venue: string;
  cutoff: string;
  /**
   * What was estimated: a round of the first cycle wholly after the cut-off ("next_cycle", the headline figures),
   * or a round still to come in the cycle with rounds announced at the cut-off, none when all have come
   * ("rest_of_cycle"). "reappearance": the
   * first cycle after the cut-off lies past the cycles the outlook estimates (outlook.ts estimableYears: more than
   * five after the last one announced then), so by design it has no estimate: its rounds are counted apart.
   */
  scope: "next_cycle" | "rest_of_cycle" | "reappearance";
  cycle_year: number;
  /** A reappearance's last cycle announced at the cut-off (FSCD: 2015, for its 2026 cycle). */
  last_announced?: number;
  ccf_a: boolean;
}

/** One real round against the estimate paired with it. */
export interface BacktestRound extends BacktestScope {
  actual: string;
  /** The estimated paper date matched to it, null when the outlook had none. */
  estimated: string | null;
  /** Whether that estimate was a possibility (shown on the detail page only), not a published deadline. */
  possible: boolean;
  error_days: number;
}

/** One scored cycle: its real rounds (recall) and the outlook's published estimates for it (precision). */
export interface BacktestCycle extends BacktestScope {
  /** The real rounds scored for recall (those within the backtest's horizon). */
  rounds: BacktestRound[];
  /** How many real rounds the cycle has (or has still to come), whatever their distance from the cut-off. */
  real_rounds: number;
  /**
   * Each estimated paper date of the cycle, and whether a real round matched it within PRECISE_DAYS; null when it
   * is not scored for precision: already passed at the cut-off (not published as a deadline then), or after the
   * venue's data date (the data cannot say yet whether that round comes).
   */
  estimates: { date: string; matched: boolean | null }[];
  /** Whether the round count is scored: every estimate lies on or before the data date (else the count may grow). */
  count_known: boolean;
}

/**
 * Real and estimated dates paired one to one, closest pairs first: for each real date, the index of its estimate
 * and the error, when it has one.
 */
function pairNearest(real: string[], estimates: string[]): Map<number, { e: number; error: number }> {
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
  return matched;
}

/**
 * An estimated paper date of the scored cycle: a deadline, published when it was still ahead at the cut-off, or a
 * possibility (never published).
 */
export interface ScoredEstimate {
  date: string;
  published: boolean;
  possible: boolean;
}

/**
 * A cycle scored: each scored real round (`scored`, a subset of `real`) paired with the nearest estimate or
 * possibility, a round left without one counting MISSED_ROUND_DAYS; each published estimate up to the venue's data
 * date `dataAsOf` matched against every real round of the cycle (a real round beyond the horizon still makes its
 * estimate right; a round after the data date may simply not be announced yet). The round count is every
 * estimate's, possibilities left out.
 */
export function scoreCycle(
  real: string[],
  scored: string[],
  shown: ScoredEstimate[],
  scope: BacktestScope,
  dataAsOf: string | null,
): BacktestCycle {
  const estimated = shown.filter((e) => !e.possible);
  const estimates = estimated.map((e) => e.date);
  const verifiable = (date: string) => dataAsOf === null || date <= dataAsOf;
  const forRecall = pairNearest(
    scored,
    shown.map((e) => e.date),
  );
  const published = estimated.flatMap((e, i) => (e.published ? [i] : []));
  const forPrecision = pairNearest(
    real,
    published.map((i) => estimates[i] as string),
  );
  const precise = new Set(
    [...forPrecision.values()].filter((m) => m.error <= PRECISE_DAYS).map((m) => published[m.e]),
  );
  return {
    ...scope,
    rounds: scored.map((actual, r) => {
      const m = forRecall.get(r);
      const paired = m ? shown[m.e] : undefined;
      return {
        ...scope,
        actual,
        estimated: paired?.date ?? null,
        possible: paired?.possible ?? false,
        error_days: m ? Math.min(m.error, MISSED_ROUND_DAYS) : MISSED_ROUND_DAYS,
      };
    }),
    real_rounds: real.length,
    estimates: estimated.map(({ date, published }, e) => ({
      date,
      matched: published && verifiable(date) ? precise.has(e) : null,
    })),
    count_known: estimates.every(verifiable),
  };
}

export interface BacktestSummary {
  rounds: number;
  /** Share of the real rounds that had an estimate (a possibility included), 0-1. */
  coverage: number | null;
  /** Real rounds whose estimate was a possibility: foreseen, shown on the detail page only. */
  possible: number;
  median: number | null;
  p90: number | null;
  /**
   * Published estimates scored (those up to the venue's data date), and the share of them a real round matched
   * within PRECISE_DAYS, 0-1.
   */
  estimates: number;
  precision: number | null;
  /** Cycles whose count is scored, and the share of them given as many estimated rounds as they really had, 0-1. */
  cycles: number;
  round_count_right: number | null;
}

const share = (part: number, whole: number, digits: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10 ** digits) / 10 ** digits;

/**
 * Coverage, median and 90th-percentile absolute error (nearest rank) in days, missed rounds counted; precision of
 * the estimates; share of cycles with the right round count.
 */
export function summarizeBacktest(cycles: BacktestCycle[]): BacktestSummary {
  const rounds = cycles.flatMap((c) => c.rounds);
  const errors = rounds.map((c) => c.error_days).sort((a, b) => a - b);
  const rank = (p: number) => errors[Math.max(0, Math.ceil(p * errors.length) - 1)] ?? null;
  const estimates = cycles.flatMap((c) => c.estimates.filter((e) => e.matched !== null));
  const counted = cycles.filter((c) => c.count_known);
  return {
    rounds: errors.length,
    coverage: share(rounds.filter((r) => r.estimated !== null).length, errors.length, 3),
    possible: rounds.filter((r) => r.possible).length,
    median: rank(0.5),
    p90: rank(0.9),
    estimates: estimates.length,
    precision: share(estimates.filter((e) => e.matched).length, estimates.length, 3),
    cycles: counted.length,
    round_count_right: share(
      counted.filter((c) => c.estimates.length === c.real_rounds).length,
      counted.length,
      3,
    ),
  };
}

/** A share as the build log and report print it ("98.2 %", "-" for none). */
export const percent = (s: number | null) => (s === null ? "-" : `${(s * 100).toFixed(1)} %`);

/** What the build report holds of the backtest. */
export interface BacktestReport {
  cutoffs: string[];
  /** The next cycle's rounds (the headline figures). */
  all: BacktestSummary;
  ccf_a: BacktestSummary;
  /** The rounds still to come in a cycle with rounds announced at the cut-off (none when all have come). */
  rest_of_cycle: { all: BacktestSummary; ccf_a: BacktestSummary };
  /**
   * The rounds of a cycle that reappeared after more than five cycles missing from the data at the cut-off: no
   * estimate is made for them by design (a defunct venue gets no invented deadlines), so they are counted here, not
   * in the next cycle's figures, and each is listed.
   */
  reappearance: { all: number; ccf_a: number; rounds: BacktestRound[] };
  /** The CCF-A real rounds of the next cycle furthest off, for whoever tunes the round model (never to one venue). */
  ccf_a_worst: BacktestRound[];
}

/** The reappeared rounds: how many, of all venues and CCF-A, and each, in the order of venue and cut-off. */
function reappeared(cycles: BacktestCycle[]): BacktestReport["reappearance"] {
  const rounds = cycles.flatMap((c) => c.rounds);
  return { all: rounds.length, ccf_a: rounds.filter((r) => r.ccf_a).length, rounds };
}

/** The report of every venue's scored cycles, per scope, for all venues and CCF-A. */
export function backtestReport(cycles: BacktestCycle[], cutoffs: string[]): BacktestReport {
  const byScope: Record<BacktestScope["scope"], BacktestCycle[]> = {
    next_cycle: [],
    rest_of_cycle: [],
    reappearance: [],
  };
  for (const c of cycles) byScope[c.scope].push(c);
  const ccfA = (scoped: BacktestCycle[]) => scoped.filter((c) => c.ccf_a);
  const summaries = (scoped: BacktestCycle[]) => ({
    all: summarizeBacktest(scoped),
    ccf_a: summarizeBacktest(ccfA(scoped)),
  });
  return {
    cutoffs,
    ...summaries(byScope.next_cycle),
    rest_of_cycle: summaries(byScope.rest_of_cycle),
    reappearance: reappeared(byScope.reappearance),
    ccf_a_worst: ccfA(byScope.next_cycle)
      .flatMap((c) => c.rounds)
      .sort((a, b) => b.error_days - a.error_days)
      .slice(0, 25),
  };
}

/** One line per summary for the build log. */
const summaryLine = (label: string, s: BacktestSummary) =>
  `${label} ${s.rounds} rounds, coverage ${percent(s.coverage)} (${s.possible} as possibilities), median ${s.median} d, p90 ${s.p90} d, ` +
  `precision ${percent(s.precision)} of ${s.estimates} estimates, round count right ${percent(s.round_count_right)} of ${s.cycles} cycles`;

/** The backtest as the build log says it: every scope, and the reappearances past the outlook's horizon. */
export const backtestLogLine = (
  b: BacktestReport,
  cutoffs: readonly string[],
  horizonCycles: number,
): string =>
  `outlook backtest per round, cut-offs ${cutoffs[0]}–${cutoffs.at(-1)}: ` +
  `${summaryLine("all", b.all)}; ${summaryLine("CCF-A", b.ccf_a)}; rest of a cycle with rounds ` +
  `announced: ${summaryLine("all", b.rest_of_cycle.all)}; ${summaryLine("CCF-A", b.rest_of_cycle.ccf_a)}; ` +
  `a reappearance after more than ${horizonCycles} cycles (no estimate, by design): all ${b.reappearance.all} rounds, ` +
  `CCF-A ${b.reappearance.ccf_a}`;
