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
  OutlookState,
  SubmissionOutlook,
} from "../../snapshot/records.ts";
import { toUtcInstant } from "../normalize/dates.ts";
import {
  alignedTo,
  type Cycle,
  cycleStep,
  cyclesOf,
  dayNumber,
  isoOfDay,
  isSubmission,
  type ModelRound,
  nearestRound,
  roundDates,
  roundModels,
} from "./rounds.ts";

/**
 * The most days a venue's `data_as_of` may lie before the build day: older, and its public `stale` (outlook, rows,
 * deadlines) is true (docs/api.md). Not the age of a source as a whole (snapshot/source-age.ts).
 */
export const DATA_AS_OF_MAX_AGE_DAYS = 60;
/**
 * Cycles after the last announced one that may be estimated: the sources often miss a venue's editions for a few
 * years (it is still held); past that the history says too little.
 */
const MAX_CYCLES_AHEAD = 5;
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
        const latest = move(paper.latest, shift);
        const closesAt = toUtcInstant(latest, null, ASSUMED_ZONE) as string;
        return {
          type,
          cycle_year: year,
          round,
          rounds,
          estimated: true,
          date: move(paper.date, shift),
          time: null,
          timezone: ASSUMED_ZONE,
          timezone_assumed: true,
          closes_at: closesAt,
          status: closesAt >= nowIso ? "upcoming" : "passed_unconfirmed",
          source: null,
          earliest: move(paper.earliest, shift),
          latest,
          confidence: model.confidence,
          based_on: model.basedOn,
          changed_at: nowIso.slice(0, 10),
        };
      }),
  };
}

/**
 * Every round of the cycle `year`: the announced ones, and the model's rounds no source announced, moved with the
 * announced ones when these all came later (or all earlier) than expected (rounds.ts alignedTo). Of a cycle
 * with announced rounds, a model round is left out when its window closed before the cycle's last announced round
 * or before `dataAsOf`: sources dated after it list the cycle without it (the venue dropped or moved that round).
 * A model round expected on or after the cycle's conference start is left out too.
 */
function cycleDeadlines(
  cycle: Cycle | undefined,
  model: ModelRound[],
  year: number,
  nowIso: string,
  dataAsOf: string | null,
): OutlookDeadline[] {
  const edition = cycle?.edition;
  const rounds = cycle?.rounds ?? [];
  const matched = rounds.map((r) => ({ paper: r.paper, round: nearestRound(model, year, r.paper) }));
  const covered = new Set(matched.map((m) => m.round));
  // Indexes match `model`'s: aligning moves rounds, never reorders or drops them.
  const expected = alignedTo(model, year, matched);
  const lastPaper = rounds.at(-1)?.paper;
  const knownUntil =
    lastPaper === undefined ? "" : dataAsOf !== null && dataAsOf > lastPaper ? dataAsOf : lastPaper;
  const pending: PendingRound[] = [
    ...rounds.map((r) => ({
      paper: r.paper,
      make: (round: number, count: number) =>
        r.deadlines.map((d) => announced(d, year, nowIso)(round, count)),
    })),
    ...expected
      .filter((m, i) => !covered.has(i) && roundDates(m, year).latest > knownUntil)
      // A round expected after its own conference has begun cannot be one of its rounds.
      .filter((m) => !edition?.start_date || roundDates(m, year).date < edition.start_date)
      .map((m) => estimated(m, year, nowIso)),
  ].sort((a, b) => a.paper.localeCompare(b.paper));
  return pending.flatMap((p, i) => p.make(i + 1, pending.length));
}

const upcoming = (d: OutlookDeadline) => d.status === "upcoming";

function stateOf(deadlines: OutlookDeadline[], nextInLastAnnounced: boolean, hasNext: boolean): OutlookState {
  if (deadlines.length === 0) return "unknown";
  if (deadlines.some((d) => !d.estimated && upcoming(d))) return "open";
  if (deadlines.some((d) => d.status === "passed_unconfirmed")) return "passed_unconfirmed";
  return hasNext && nextInLastAnnounced ? "estimated" : "closed";
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
 * before it when the walk moved on (its passed rounds, marked).
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
  const announcedYears = cycles.filter((c) => c.rounds.length > 0).map((c) => c.edition.year);
  const last = announcedYears.at(-1);
  const modelFor = roundModels(cycles);
  const cycleOf = (year: number) => cycles.find((c) => c.edition.year === year);
  const walked: { year: number; deadlines: OutlookDeadline[] }[] = [];
  if (last !== undefined) {
    const step = cycleStep(announcedYears);
    for (let k = 0; k <= MAX_CYCLES_AHEAD; k++) {
      const year = last + k * step;
      const deadlines = cycleDeadlines(cycleOf(year), modelFor(year), year, nowIso, dataAsOf);
      walked.push({ year, deadlines });
      if (deadlines.some(upcoming)) break;
    }
  }
  const nextAt = walked.findIndex((c) => c.deadlines.some(upcoming));
  const shown =
    nextAt > 0
      ? walked.slice(nextAt - 1, nextAt + 1)
      : nextAt === 0
        ? walked.slice(0, 1)
        : walked.filter((c) => c.deadlines.length > 0).slice(-1);
  const deadlines = shown.flatMap((c) => c.deadlines);
  const next =
    deadlines
      .filter(upcoming)
      .sort((a, b) => a.closes_at.localeCompare(b.closes_at) || a.date.localeCompare(b.date))[0] ?? null;
  const currentYear = shown[0]?.year;
  const conferenceYear = next?.cycle_year ?? currentYear;
  return {
    as_of: today,
    state: stateOf(deadlines, nextAt === 0, next !== null),
    next,
    deadlines,
    other_dates: otherDates(currentYear === undefined ? undefined : cycleOf(currentYear)?.edition),
    conference: conferenceOf(
      conferenceYear === undefined ? undefined : cycleOf(conferenceYear)?.edition,
      today,
    ),
    data_as_of: dataAsOf,
    stale: dataAsOf !== null && dayNumber(today) - dayNumber(dataAsOf) > DATA_AS_OF_MAX_AGE_DAYS,
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
