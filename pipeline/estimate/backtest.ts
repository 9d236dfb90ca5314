/**
 * How good the outlook's estimates are, per round: for past cut-off dates, the outlook is computed from the data
 * as it stood then and each real round that followed is compared with the estimate made for it. Two scopes: the
 * rounds of the next cycle (the headline figures), and the rounds still to come in a cycle partly announced at
 * the cut-off (restOfCycle). How a cycle is scored, both ways (recall and precision): backtest-score.ts.
 *
 * "As it stood then": the sources do not say when they announced a deadline, so a cycle counts as announced at a
 * cut-off when one of its submission deadlines is on or before it; a cycle whose submission deadlines all come
 * after the cut-off is hidden whole (its deadlines, conference dates and place removed). This is strict: a call
 * announced months ahead counts as unknown until its first deadline. A venue none of whose cycles is known at a
 * cut-off is not scored there (the data did not have it yet: the outlook had nothing to go on).
 */
import type { Edition, OutlookDeadline } from "../../snapshot/records.ts";
import { type BacktestCycle, type BacktestScope, type ScoredEstimate, scoreCycle } from "./backtest-score.ts";
import { cyclesOutlook, estimableYears } from "./outlook.ts";
import { type AnnouncedRound, type Cycle, cyclesOf, dayNumber, isSubmission } from "./rounds.ts";

/** 1 January and 1 July of 2023–2026. */
export const BACKTEST_CUTOFFS = [2023, 2024, 2025, 2026].flatMap((y) => [`${y}-01-01`, `${y}-07-01`]);
/** Real rounds scored for recall: those whose paper deadline comes within this many days after the cut-off. */
const HORIZON_DAYS = 365;

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
 * The outlook as of `cutoff` on the cycles as known then, and its estimated paper dates for the cycle `year`, each
 * marked published when it was still ahead (a deadline the lists and feeds showed), then its possibilities for
 * that cycle (the detail page shows them, marked; no list or calendar does: scored for recall only).
 */
function outlookAt(
  cycles: Cycle[],
  cutoff: string,
  year: number,
): { next: OutlookDeadline | null; estimates: ScoredEstimate[] } {
  const outlook = cyclesOutlook({ cycles, nowIso: `${cutoff}T00:00:00Z`, dataAsOf: cutoff });
  const estimates = outlook.deadlines
    .filter((d) => d.estimated && d.type === "paper" && d.cycle_year === year)
    .map((d) => ({ date: d.date, published: d.status === "upcoming", possible: false }));
  const possible = outlook.possible
    .filter((p) => p.cycle_year === year)
    .map((p) => ({ date: p.date, published: false, possible: true }));
  return { next: outlook.next, estimates: [...estimates, ...possible] };
}

/** A cycle's real rounds: all of them (precision) and those within HORIZON_DAYS after the cut-off (recall). */
function realRounds(rounds: AnnouncedRound[], cutoff: string) {
  const all = rounds.map((r) => r.paper);
  return { all, scored: all.filter((d) => dayNumber(d) - dayNumber(cutoff) <= HORIZON_DAYS) };
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
  /** The date of the venue's data (its outlook's `data_as_of`): estimates after it cannot be checked yet. */
  dataAsOf: string | null;
}

/**
 * The real rounds of the first hidden cycle after `cutoff` against the outlook computed at the cut-off from
 * `known()` (the cycles as known then). Skipped while the outlook still looks at an earlier cycle (its next
 * deadline belongs to one): that cycle's estimate is not made yet. A hidden cycle past those the outlook
 * estimates (more than five after the last announced then: FSCD 2015 → 2026) is a reappearance: its rounds are
 * counted apart, as no estimate is made for it by design.
 */
function nextCycle({ venue, cycles, known, cutoff, ccfA, dataAsOf }: VenueAtCutoff): BacktestCycle[] {
  const hidden = cycles.find(
    (c) => submissionDates(c.edition).length > 0 && submissionDates(c.edition).every((d) => d > cutoff),
  );
  // A venue with no cycle known at the cut-off is one the data did not have yet: nothing to ask the outlook.
  if (!hidden || !cycles.some((c) => c.edition.year < hidden.edition.year && knownBy(c, cutoff))) return [];
  const year = hidden.edition.year;
  const real = realRounds(hidden.rounds, cutoff);
  if (real.scored.length === 0) return [];
  const estimable = estimableYears(known());
  const horizon = estimable.at(-1);
  if (horizon !== undefined && year > horizon) {
    const scope: BacktestScope = {
      venue,
      cutoff,
      scope: "reappearance",
      cycle_year: year,
      last_announced: estimable[0],
      ccf_a: ccfA,
    };
    return [scoreCycle(real.all, real.scored, [], scope, dataAsOf)];
  }
  const { next, estimates } = outlookAt(known(), cutoff, year);
  if (next && next.cycle_year < year) return [];
  const scope: BacktestScope = { venue, cutoff, scope: "next_cycle", cycle_year: year, ccf_a: ccfA };
  return [scoreCycle(real.all, real.scored, estimates, scope, dataAsOf)];
}

/**
 * The rounds still to come in the cycle partly announced at `cutoff` (a round of it began on or before the
 * cut-off, a later one after it) against the outlook computed at the cut-off with those later rounds hidden: the
 * estimate of SIGKDD's February round once its August round is known. Stricter than the next-cycle scope, where a
 * cycle counts as announced whole with its first round: here each round counts as unknown until its own first
 * deadline (and the cycle's other dates after the cut-off are hidden too). A cycle whose rounds have all begun is
 * scored too when the outlook still saw a round of it ahead: every estimate it published for it is a round the
 * cycle never had (a venue that moved its one round: IUI 2027's August instead of October).
 */
function restOfCycle({ venue, cycles, known, cutoff, ccfA, dataAsOf }: VenueAtCutoff): BacktestCycle[] {
  const begun = (r: AnnouncedRound) => r.deadlines.some((d) => d.date <= cutoff);
  const current =
    cycles.find((c) => c.rounds.some(begun) && !c.rounds.every(begun)) ??
    cycles.findLast((c) => c.rounds.some(begun));
  if (!current) return [];
  const ahead = current.rounds.filter((r) => !begun(r));
  const real = realRounds(ahead, cutoff);
  if (ahead.length > 0 && real.scored.length === 0) return [];
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
  // A cycle with every round begun is scored when the outlook still saw a round of it ahead (an estimate, or a
  // possibility): right when it published none, as the cycle had no more.
  if (ahead.length === 0 && estimates.length === 0) return [];
  const scope: BacktestScope = { venue, cutoff, scope: "rest_of_cycle", cycle_year: year, ccf_a: ccfA };
  return [scoreCycle(real.all, real.scored, estimates, scope, dataAsOf)];
}

/**
 * A venue's scored cycles of both scopes at every cut-off, its editions grouped into rounds once for all and
 * the cycles as known at each cut-off found at most once for both scopes.
 */
export function backtestVenue(
  venue: string,
  editions: Edition[],
  cutoffs: readonly string[],
  ccfA: boolean,
  dataAsOf: string | null,
): BacktestCycle[] {
  const cycles = cyclesOf(editions);
  return cutoffs.flatMap((cutoff) => {
    // Found on first use: at most cut-offs a venue reaches neither scope's outlook.
    let found: Cycle[] | undefined;
    const known = () => (found ??= knownAt(cycles, cutoff));
    const at: VenueAtCutoff = { venue, cycles, known, cutoff, ccfA, dataAsOf };
    return [...nextCycle(at), ...restOfCycle(at)];
  });
}
