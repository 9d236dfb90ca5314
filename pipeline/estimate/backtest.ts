/**
 * How good the outlook's estimates are, per round: for past cut-off dates, the outlook is computed from the data
 * as it stood then and each real round that followed is compared with the estimate made for it. Two scopes: the
 * rounds of the next cycle (the headline figures), and the rounds still to come in a cycle partly announced at
 * the cut-off (restOfCycle).
 *
 * "As it stood then": the sources do not say when they announced a deadline, so a cycle counts as announced at a
 * cut-off when one of its submission deadlines is on or before it; a cycle whose submission deadlines all come
 * after the cut-off is hidden whole (its deadlines, conference dates and place removed). This is strict: a call
 * announced months ahead counts as unknown until its first deadline. A venue none of whose cycles is known at a
 * cut-off is not scored there (the data did not have it yet: the outlook had nothing to go on).
 */
import type { Edition } from "../../snapshot/records.ts";
import { cyclesOutlook } from "./outlook.ts";
import { type AnnouncedRound, type Cycle, cyclesOf, dayNumber, isSubmission } from "./rounds.ts";

/** 1 January and 1 July of 2023–2026. */
export const BACKTEST_CUTOFFS = [2023, 2024, 2025, 2026].flatMap((y) => [`${y}-01-01`, `${y}-07-01`]);
/** The error a real round counts with when no estimate was made for it: a year. */
export const MISSED_ROUND_DAYS = 365;
/** Real rounds scored: those whose paper deadline comes within this many days after the cut-off. */
const HORIZON_DAYS = 365;

export interface BacktestRound {
  venue: string;
  cutoff: string;
  /**
   * What was estimated: a round of the first cycle wholly after the cut-off ("next_cycle", the headline figures),
   * or a round still to come in the cycle partly announced at the cut-off ("rest_of_cycle").
   */
  scope: "next_cycle" | "rest_of_cycle";
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

/** The outlook as of `cutoff` on the cycles as known then, and its estimated paper dates for the cycle `year`. */
function outlookAt(cycles: Cycle[], cutoff: string, year: number) {
  const outlook = cyclesOutlook({ cycles, nowIso: `${cutoff}T00:00:00Z`, dataAsOf: cutoff });
  const estimates = outlook.deadlines
    .filter((d) => d.estimated && d.type === "paper" && d.cycle_year === year)
    .map((d) => d.date);
  return { next: outlook.next, estimates };
}

/** The paper dates of rounds within HORIZON_DAYS after the cut-off: the real rounds scored. */
const scoredPapers = (rounds: AnnouncedRound[], cutoff: string) =>
  rounds.map((r) => r.paper).filter((d) => dayNumber(d) - dayNumber(cutoff) <= HORIZON_DAYS);

/**
 * Each real round of a cycle against the estimates made for that cycle: paired with the nearest estimate (one
 * estimate per round, closest pairs first); a round left without one counts MISSED_ROUND_DAYS.
 */
function scoreRounds(
  real: string[],
  estimates: string[],
  row: Omit<BacktestRound, "actual" | "estimated" | "error_days">,
): BacktestRound[] {
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
      ...row,
      actual,
      estimated: m ? (estimates[m.e] as string) : null,
      error_days: m ? Math.min(m.error, MISSED_ROUND_DAYS) : MISSED_ROUND_DAYS,
    };
  });
}

/** A venue at one cut-off, as both scopes read it. */
interface VenueAtCutoff {
  venue: string;
  /** Every cycle, as the data has it now. */
  cycles: Cycle[];
  /** The cycles as known at the cut-off (knownAt), built on first use. */
  known: () => Cycle[];
  cutoff: string;
  ccfA: boolean;
}

/**
 * The real rounds of the first hidden cycle after `cutoff` against the outlook computed at the cut-off from
 * `known()` (the cycles as known then). Skipped while the outlook still looks at an earlier cycle (its next
 * deadline belongs to one): that cycle's estimate is not made yet.
 */
function nextCycle({ venue, cycles, known, cutoff, ccfA }: VenueAtCutoff): BacktestRound[] {
  const hidden = cycles.find(
    (c) => submissionDates(c.edition).length > 0 && submissionDates(c.edition).every((d) => d > cutoff),
  );
  // A venue with no cycle known at the cut-off is one the data did not have yet: nothing to ask the outlook.
  if (!hidden || !cycles.some((c) => c.edition.year < hidden.edition.year && knownBy(c, cutoff))) return [];
  const year = hidden.edition.year;
  const real = scoredPapers(hidden.rounds, cutoff);
  if (real.length === 0) return [];
  const { next, estimates } = outlookAt(known(), cutoff, year);
  if (next && next.cycle_year < year) return [];
  return scoreRounds(real, estimates, { venue, cutoff, scope: "next_cycle", cycle_year: year, ccf_a: ccfA });
}

/**
 * The rounds still to come in the cycle partly announced at `cutoff` (a round of it began on or before the
 * cut-off, a later one after it) against the outlook computed at the cut-off with those later rounds hidden: the
 * estimate of SIGKDD's February round once its August round is known. Stricter than the next-cycle scope, where a
 * cycle counts as announced whole with its first round: here each round counts as unknown until its own first
 * deadline (and the cycle's other dates after the cut-off are hidden too).
 */
function restOfCycle({ venue, cycles, known, cutoff, ccfA }: VenueAtCutoff): BacktestRound[] {
  const begun = (r: AnnouncedRound) => r.deadlines.some((d) => d.date <= cutoff);
  const current = cycles.find((c) => c.rounds.some(begun) && !c.rounds.every(begun));
  if (!current) return [];
  const ahead = current.rounds.filter((r) => !begun(r));
  const real = scoredPapers(ahead, cutoff);
  if (real.length === 0) return [];
  const hiddenDeadlines = new Set(ahead.flatMap((r) => r.deadlines));
  const partly: Cycle = {
    edition: {
      ...current.edition,
      deadlines: current.edition.deadlines.filter(
        (d) => !hiddenDeadlines.has(d) && (isSubmission(d) || d.date <= cutoff),
      ),
    },
    rounds: current.rounds.filter(begun),
  };
  const knownThen = known().map((c, i) => (cycles[i] === current ? partly : c));
  const year = current.edition.year;
  const { estimates } = outlookAt(knownThen, cutoff, year);
  return scoreRounds(real, estimates, {
    venue,
    cutoff,
    scope: "rest_of_cycle",
    cycle_year: year,
    ccf_a: ccfA,
  });
}

/**
 * A venue's backtest rounds of both scopes at every cut-off, its editions grouped into rounds once for all and
 * the cycles as known at each cut-off found at most once for both scopes.
 */
export function backtestVenue(
  venue: string,
  editions: Edition[],
  cutoffs: readonly string[],
  ccfA: boolean,
): BacktestRound[] {
  const cycles = cyclesOf(editions);
  return cutoffs.flatMap((cutoff) => {
    // Found on first use: at most cut-offs a venue reaches neither scope's outlook.
    let found: Cycle[] | undefined;
    const known = () => (found ??= knownAt(cycles, cutoff));
    const at: VenueAtCutoff = { venue, cycles, known, cutoff, ccfA };
    return [...nextCycle(at), ...restOfCycle(at)];
  });
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
