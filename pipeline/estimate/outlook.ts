/**
 * The submission outlook of one venue, computed once at build time: every round of the cycle that matters now
 * (announced, or estimated from the round model of pipeline/estimate/rounds.ts), the next submission deadline, and a
 * state. Every surface reads it as it is (snapshot/records.ts SubmissionOutlook says what each part means).
 */
import type {
  Deadline,
  DeadlineEstimate,
  Edition,
  OutlookDeadline,
  OutlookOtherDate,
  OutlookPossibleRound,
  OutlookState,
  SubmissionOutlook,
} from "../../snapshot/records.ts";
import { isStaleData } from "../../snapshot/source-age.ts";
import { toUtcInstant } from "../normalize/dates.ts";
import {
  alignedTo,
  type Cycle,
  cycleStep,
  cyclesOf,
  dayNumber,
  isoOfDay,
  isSubmission,
  knownUntil,
  type ModelRound,
  movedRounds,
  nearestRound,
  recentRoundCount,
  roundDates,
  roundModels,
} from "./rounds.ts";

/**
 * Cycles after the last announced one that may be estimated: the sources often miss a venue's editions for a few
 * years (it is still held); past that the history says too little.
 */
export const MAX_CYCLES_AHEAD = 5;

/**
 * The cycle years the outlook may estimate: the last announced cycle and MAX_CYCLES_AHEAD cycles after it, none when
 * no cycle is announced. The backtest scores a cycle past them apart (no estimate is made for it, by design).
 */
export function estimableYears(cycles: Cycle[]): number[] {
  const announced = cycles.filter((c) => c.rounds.length > 0).map((c) => c.edition.year);
  const last = announced.at(-1);
  if (last === undefined) return [];
  const step = cycleStep(announced);
  return Array.from({ length: MAX_CYCLES_AHEAD + 1 }, (_, k) => last + k * step);
}
/** A deadline published without a zone is read in Anywhere on Earth, the latest zone, and says so. */
const ASSUMED_ZONE = "AoE";

/** A round before it is numbered: its paper date (for ordering) and how to make its deadlines. */
interface PendingRound {
  paper: string;
  make: (round: number, rounds: number) => OutlookDeadline[];
}

function announced(
  d: Deadline,
  year: number,
  nowIso: string,
): (round: number, rounds: number) => OutlookDeadline {
  const timezone = d.timezone ?? ASSUMED_ZONE;
  const closesAt =
    d.utc ?? toUtcInstant(d.date, d.time, timezone) ?? (toUtcInstant(d.date, d.time, ASSUMED_ZONE) as string);
  return (round, rounds) => ({
    type: d.type as OutlookDeadline["type"],
    cycle_year: year,
    round,
    rounds,
    estimated: false,
    date: d.date,
    time: d.time,
    timezone,
    timezone_assumed: d.timezone === null,
    closes_at: closesAt,
    status: closesAt >= nowIso ? "upcoming" : "passed",
    source: d.source,
    earliest: null,
    latest: null,
    confidence: null,
    based_on: [],
    // The build day until changed-at.ts stamps when it was announced.
    changed_at: nowIso.slice(0, 10),
  });
}

function estimated(model: ModelRound, year: number, nowIso: string): PendingRound {
  const paper = roundDates(model, year);
  const dates = [
    ...(model.abstractLead === null ? [] : [{ type: "abstract" as const, shift: -model.abstractLead }]),
    { type: "paper" as const, shift: 0 },
  ];
  const move = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days);
  return {
    paper: paper.date,
    make: (round, rounds) =>
      dates.map(({ type, shift }) => {
        const date = move(paper.date, shift);
        // Passes with the date it prints: past it, unannounced, it is passed_unconfirmed and never `next`.
        const closesAt = toUtcInstant(date, null, ASSUMED_ZONE) as string;
        return {
          type,
          cycle_year: year,
          round,
          rounds,
          estimated: true,
          date,
          time: null,
          timezone: ASSUMED_ZONE,
          timezone_assumed: true,
          closes_at: closesAt,
          status: closesAt >= nowIso ? "upcoming" : "passed_unconfirmed",
          source: null,
          earliest: move(paper.earliest, shift),
          latest: move(paper.latest, shift),
          confidence: model.confidence,
          based_on: model.basedOn,
          changed_at: nowIso.slice(0, 10),
        };
      }),
  };
}

/** A doubted model round as a possibility of the cycle `year` (its paper deadline and window). */
function possibility(model: ModelRound, year: number): OutlookPossibleRound {
  const { date, earliest, latest } = roundDates(model, year);
  return {
    cycle_year: year,
    date,
    earliest,
    latest,
    confidence: model.confidence,
    based_on: model.basedOn,
    reason: model.doubt ?? "seen_once",
  };
}

/** A cycle's deadlines, and the rounds its history hints at without supporting them. */
interface CycleOutlook {
  deadlines: OutlookDeadline[];
  possible: OutlookPossibleRound[];
}

/**
 * Every round of the cycle `year`: the announced ones, and the model's rounds no source announced, moved with the
 * announced ones when these all came later (or all earlier) than expected (rounds.ts alignedTo). Of a cycle
 * with announced rounds, a model round is left out when its window closed before the cycle's last announced round
 * or before `dataAsOf`: sources dated after it list the cycle without it (the venue dropped or moved that round).
 * A model round expected on or after the cycle's conference start is left out too, unless `roundsAfterStart`
 * (another cycle of the venue had an announced round on or after its conference start). Of the rest, a round the
 * history does not support (its `doubt`) is a possibility, never a deadline nor counted in `rounds`, and so is a
 * round that an announced round the model did not know stands for (rounds.ts movedRounds: the venue moved it).
 */
function cycleDeadlines(
  cycle: Cycle | undefined,
  model: ModelRound[],
  year: number,
  nowIso: string,
  dataAsOf: string | null,
  context: { roundsAfterStart: boolean; roundCap: number },
): CycleOutlook {
  const { roundsAfterStart, roundCap } = context;
  const edition = cycle?.edition;
  const rounds = cycle?.rounds ?? [];
  const matched = rounds.map((r) => ({ paper: r.paper, round: nearestRound(model, year, r.paper) }));
  const covered = new Set(matched.map((m) => m.round));
  // Indexes match `model`'s: aligning moves rounds, never reorders or drops them.
  const expected = alignedTo(model, year, matched);
  const until = knownUntil(cycle, dataAsOf);
  const unannounced = expected
    .filter((m, i) => !covered.has(i) && roundDates(m, year).latest > until)
    // A round expected after its own conference has begun cannot be one of its rounds, unless the venue's own
    // cycles have such rounds (journal-first venues: IMWUT's November round, presented at the next UbiComp).
    .filter((m) => roundsAfterStart || !edition?.start_date || roundDates(m, year).date < edition.start_date);
  const unknown = matched.filter((m) => m.round < 0).map((m) => m.paper);
  const supported = unannounced.filter((m) => m.doubt === null);
  const moved = movedRounds(supported, unknown, rounds.length, roundCap, year);
  const pending: PendingRound[] = [
    ...rounds.map((r) => ({
      paper: r.paper,
      make: (round: number, count: number) =>
        r.deadlines.map((d) => announced(d, year, nowIso)(round, count)),
    })),
    ...supported.filter((m) => !moved.has(m)).map((m) => estimated(m, year, nowIso)),
  ].sort((a, b) => a.paper.localeCompare(b.paper));
  const doubted = [
    ...unannounced.filter((m) => m.doubt !== null),
    ...[...moved].map((m) => ({ ...m, doubt: "moved" as const })),
  ];
  return {
    deadlines: pending.flatMap((p, i) => p.make(i + 1, pending.length)),
    possible: doubted.map((m) => possibility(m, year)),
  };
}

const upcoming = (d: OutlookDeadline) => d.status === "upcoming";

/**
 * What a venue with no deadline ahead in any cycle the outlook may estimate shows: its last cycle with an announced
 * round, as the data has it (closed), not an estimate five cycles on whose date passed long ago (a venue whose data
 * ends in 2019 is no "2024 round, passed unconfirmed"); a cycle of estimates only when none was announced.
 */
function lastKnown(walked: ({ year: number } & CycleOutlook)[]): ({ year: number } & CycleOutlook)[] {
  const withDeadlines = walked.filter((c) => c.deadlines.length > 0);
  const announced = withDeadlines.filter((c) => c.deadlines.some((d) => !d.estimated));
  return (announced.length > 0 ? announced : withDeadlines).slice(-1);
}

/** An announced round on or after its own conference's start: the venue takes submissions all year round. */
const hasRoundAfterStart = (c: Cycle) =>
  c.edition.start_date !== null && c.rounds.some((r) => r.paper >= (c.edition.start_date as string));

/**
 * The state, one meaning each (docs/pipeline.md has the table): open (an announced deadline ahead), else
 * passed_unconfirmed (an estimate's date passed unannounced), else estimated (an estimate ahead), else closed
 * (rounds passed as announced, nothing ahead); unknown with no submission deadline at all.
 */
function stateOf(deadlines: OutlookDeadline[], next: OutlookDeadline | null): OutlookState {
  if (deadlines.length === 0) return "unknown";
  if (deadlines.some((d) => !d.estimated && upcoming(d))) return "open";
  if (deadlines.some((d) => d.status === "passed_unconfirmed")) return "passed_unconfirmed";
  return next ? "estimated" : "closed";
}

function otherDates(edition: Edition | undefined): OutlookOtherDate[] {
  return (edition?.deadlines ?? [])
    .filter((d) => !isSubmission(d))
    .map((d) => ({
      type: d.type,
      label: d.label,
      date: d.date,
      time: d.time,
      timezone: d.timezone,
      source: d.source,
    }));
}

function conferenceOf(edition: Edition | undefined, today: string): SubmissionOutlook["conference"] {
  if (!edition?.start_date || (edition.end_date ?? edition.start_date) < today) return null;
  return {
    year: edition.year,
    start_date: edition.start_date,
    end_date: edition.end_date,
    place: edition.place,
  };
}

export interface OutlookInput {
  editions: Edition[];
  /** The build instant ("YYYY-MM-DDTHH:MM:SSZ"). */
  nowIso: string;
  /** Date of the newest source data behind the venue's deadlines. */
  dataAsOf: string | null;
}

/**
 * The outlook as of `nowIso`. Walks from the last cycle with an announced round to the first cycle with a round
 * still ahead (at most MAX_CYCLES_AHEAD further); the deadlines are that cycle's rounds, preceded by the cycle
 * before it when the walk moved on (its passed rounds, marked). `next` is the deadline ahead with the earliest
 * date printed; the possibilities are the walked cycles' whose window is not over.
 */
export function cyclesOutlook({
  cycles,
  nowIso,
  dataAsOf,
}: Omit<OutlookInput, "editions"> & {
  /** The series' editions as cycles (rounds.ts cyclesOf), sorted by year. */
  cycles: Cycle[];
}): SubmissionOutlook {
  const today = nowIso.slice(0, 10);
  const modelFor = roundModels(cycles, dataAsOf);
  const cycleOf = (year: number) => cycles.find((c) => c.edition.year === year);
  const walked: ({ year: number } & CycleOutlook)[] = [];
  for (const year of estimableYears(cycles)) {
    const context = {
      roundsAfterStart: cycles.some((c) => c.edition.year !== year && hasRoundAfterStart(c)),
      roundCap: recentRoundCount(cycles, year),
    };
    const cycle = cycleDeadlines(cycleOf(year), modelFor(year), year, nowIso, dataAsOf, context);
    walked.push({ year, ...cycle });
    if (cycle.deadlines.some(upcoming)) break;
  }
  const nextAt = walked.findIndex((c) => c.deadlines.some(upcoming));
  const shown =
    nextAt > 0 ? walked.slice(nextAt - 1, nextAt + 1) : nextAt === 0 ? walked.slice(0, 1) : lastKnown(walked);
  const deadlines = shown.flatMap((c) => c.deadlines);
  // By the date printed, as every list orders (an estimate closes at the end of that date, so the two agree).
  const next =
    deadlines
      .filter(upcoming)
      .sort((a, b) => a.date.localeCompare(b.date) || a.closes_at.localeCompare(b.closes_at))[0] ?? null;
  const currentYear = shown[0]?.year;
  const conferenceYear = next?.cycle_year ?? currentYear;
  return {
    as_of: today,
    state: stateOf(deadlines, next),
    next,
    deadlines,
    possible: walked
      .flatMap((c) => c.possible)
      .filter((p) => p.latest >= today)
      .sort((a, b) => a.date.localeCompare(b.date)),
    // Of the cycle of the deadline they stand beside (`next`'s): never an earlier cycle's notification.
    other_dates: otherDates(conferenceYear === undefined ? undefined : cycleOf(conferenceYear)?.edition),
    conference: conferenceOf(
      conferenceYear === undefined ? undefined : cycleOf(conferenceYear)?.edition,
      today,
    ),
    data_as_of: dataAsOf,
    stale: isStaleData(dataAsOf, today),
  };
}

/** The outlook of a series from its editions (their rounds grouped once). */
export const submissionOutlook = ({ editions, ...at }: OutlookInput): SubmissionOutlook =>
  cyclesOutlook({ cycles: cyclesOf(editions), ...at });

/** The outlook's estimates in the older `deadline_estimates` form (detail field kept for the contract). */
export function deadlineEstimates(outlook: SubmissionOutlook): DeadlineEstimate[] {
  return outlook.deadlines
    .filter((d) => d.estimated)
    .map((d) => ({
      type: d.type,
      edition_year: d.cycle_year,
      date: d.date,
      earliest: d.earliest as string,
      latest: d.latest as string,
      based_on: d.based_on,
      confidence: d.confidence as number,
      rhythm: d.rounds > 1 ? "rounds" : cycleStep(d.based_on) === 2 ? "biennial" : "yearly",
    }));
}

/** The expected next paper deadline: `next` when it is an estimated paper deadline, else the next estimated one. */
export function estimatedSubmissionDate(outlook: SubmissionOutlook): string | null {
  if (outlook.next?.estimated && outlook.next.type === "paper") return outlook.next.date;
  return outlook.deadlines.find((d) => d.estimated && d.type === "paper" && upcoming(d))?.date ?? null;
}

/** The row fields every list surface reads from the outlook. */
export function outlookRowFields(outlook: SubmissionOutlook) {
  return {
    next_submission_date: outlook.next?.date ?? null,
    next_submission_closes_at: outlook.next?.closes_at ?? null,
    next_submission_estimated: outlook.next ? outlook.next.estimated : null,
    outlook_state: outlook.state,
    data_as_of: outlook.data_as_of,
    stale: outlook.stale,
  };
}
