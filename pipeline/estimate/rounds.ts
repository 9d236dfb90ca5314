/**
 * The round model of a series: how many submission rounds a cycle (edition) has and where in the cycle each
 * falls, learnt from the series' own recent cycles. Each cycle's submission deadlines are grouped into rounds;
 * rounds of different cycles at about the same day of their cycle are one recurring round (a round that drifts a
 * little every year stays one round); a round recurs when it appears in at least two of the recent cycles. A
 * round is expected at the median of its days, unless the latest cycle moved the venue's whole schedule (every one
 * of its rounds, two at least, came later than before, or every one earlier): then at the latest cycle's day. In
 * a cycle with rounds already announced, the rounds still to come move with them when they all came later (or all
 * earlier) than the model said. A round the history does not support (seen in a single cycle where it would give
 * more rounds than any recent cycle had, or missing from the latest cycle where that cycle's data reaches past it)
 * is kept apart as a possibility, never published as a deadline (`doubt`). No venue is special-cased.
 */
import { DAY_MS } from "../../runtime/clock.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";

/** The source that publishes one deadline per venue, never a whole cycle (pipeline/sources/observations.ts). */
const REFERENCE_SOURCE = "reference";
/** Cycles the model looks back on: older ones drift too much (S&P went from three rounds to two). */
const LOOK_BACK = 3;
/** Submission deadlines of one cycle this far apart (or more) belong to separate rounds, not one call's variants. */
const ROUND_GAP_DAYS = 21;
/**
 * Rounds of different cycles within this many days of each other (day of cycle) are the same recurring round: a
 * round joins the one of another cycle nearest before it, so a round drifting a few weeks a year stays one.
 */
const SAME_ROUND_DAYS = 30;
/** A recurring round appears in at least this many of the recent cycles (or in the latest one). */
const MIN_RECURRENCE = 2;
/** Rounds of the latest cycle that must move the same way to count as a moved schedule: one round alone is noise. */
const MIN_MOVED_ROUNDS = 2;
/** Days added on either side of the observed spread to make an estimate's window. */
const WINDOW_SLACK_DAYS = 3;
/** The window's half-width when a round was seen once: one observation says little about the spread. */
const SINGLE_WINDOW_DAYS = 14;
/** Confidence of a round seen in a single cycle. */
const SINGLE_CONFIDENCE = 0.25;

export const dayNumber = (iso: string) => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
export const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Day 0 of a cycle: 1 January of its edition year (deadlines of the year before have negative days). */
export const cycleStart = (year: number) => dayNumber(`${String(year).padStart(4, "0")}-01-01`);

export const isSubmission = (d: Deadline) => d.type === "paper" || d.type === "abstract";

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** One announced round: its submission deadlines (abstract and paper), earliest first. */
export interface AnnouncedRound {
  deadlines: Deadline[];
  /** The round's first paper deadline (its first deadline while only an abstract is announced). */
  paper: string;
}

/**
 * A cycle's submission deadlines grouped into rounds: a gap of ROUND_GAP_DAYS or more starts a new round, and a
 * group without a paper deadline (an abstract due long before its paper) joins the next group.
 */
export function announcedRounds(edition: Edition): AnnouncedRound[] {
  const sorted = edition.deadlines
    .filter(isSubmission)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.utc ?? "").localeCompare(b.utc ?? ""));
  const groups: Deadline[][] = [];
  for (const d of sorted) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && dayNumber(d.date) - dayNumber(last.date) < ROUND_GAP_DAYS) group.push(d);
    else groups.push([d]);
  }
  const rounds: AnnouncedRound[] = [];
  let pending: Deadline[] = [];
  for (const group of groups) {
    const all = [...pending, ...group];
    const paper = all.find((d) => d.type === "paper");
    if (!paper) {
      pending = all;
      continue;
    }
    rounds.push({ deadlines: all, paper: paper.date });
    pending = [];
  }
  const [first] = pending;
  if (first) rounds.push({ deadlines: pending, paper: first.date });
  return rounds;
}

/** One edition with its announced rounds, grouped once for every question asked of the series. */
export interface Cycle {
  edition: Edition;
  rounds: AnnouncedRound[];
}

/** A series' editions as cycles, sorted by year. */
export const cyclesOf = (editions: Edition[]): Cycle[] =>
  [...editions]
    .sort((a, b) => a.year - b.year)
    .map((edition) => ({ edition, rounds: announcedRounds(edition) }));

/**
 * Years between cycles: 2 when the recent cycles all came two years apart (ICCV, ECCV), else 1. One gap of two
 * years is a cycle missing from the data more often than a biennial venue, so it takes two (taking the step from
 * one gap, FM's 2021 → 2024, cut all venues' backtest coverage from 96.0 % to 86.9 % on the 2026-11 data: most
 * such gaps are editions missing from the data).
 */
export function cycleStep(years: number[]): number {
  const gaps = years.slice(-LOOK_BACK).flatMap((y, i, a) => (i ? [y - (a[i - 1] as number)] : []));
  return gaps.length >= 2 && gaps.every((g) => g === 2) ? 2 : 1;
}

/**
 * Why the history does not support a model round: seen in a single cycle, beside recurring rounds, where it would
 * give the cycle more rounds than any recent one had (an extra round); missing from the latest cycle although
 * that cycle's data reaches past it (the venue dropped it, or moved to fewer rounds, or to a single one); or, in a
 * cycle with announced rounds, standing for an announced round the model did not know (movedRounds: moved there).
 */
export type RoundDoubt = "seen_once" | "not_in_latest_cycle" | "moved";

/** A recurring round of the model: where in its cycle the paper (and abstract) deadline falls. */
export interface ModelRound {
  /** Day of cycle of the paper deadline: median, and the observed extremes. */
  day: number;
  minDay: number;
  maxDay: number;
  /** Days the abstract comes before the paper, when the round usually has one. */
  abstractLead: number | null;
  /** Cycle years the round was seen in. */
  basedOn: number[];
  confidence: number;
  /** Null when the history supports the round (it is published), else why it is only a possibility. */
  doubt: RoundDoubt | null;
}

interface Observed {
  year: number;
  day: number;
  abstractLead: number | null;
}

function observedRounds({ edition, rounds }: Cycle): Observed[] {
  return rounds.map((r) => {
    const abstract = r.deadlines.find((d) => d.type === "abstract" && d.date <= r.paper);
    return {
      year: edition.year,
      day: dayNumber(r.paper) - cycleStart(edition.year),
      abstractLead: abstract ? dayNumber(r.paper) - dayNumber(abstract.date) : null,
    };
  });
}

/**
 * Groups the rounds of several cycles by day of cycle: a round joins the current group while it lies within
 * SAME_ROUND_DAYS of the group's latest (the nearest before it) and its cycle is not yet in the group. Measured
 * from the nearest, not the first: a round moving three weeks a year (NDSS's summer round: days -175, -148, -135)
 * is one round, not two that each seem to come and go.
 */
function clusterByDay(observed: Observed[]): Observed[][] {
  const clusters: Observed[][] = [];
  for (const o of [...observed].sort((a, b) => a.day - b.day)) {
    const current = clusters.at(-1);
    const nearest = current?.at(-1);
    if (
      current &&
      nearest &&
      o.day - nearest.day <= SAME_ROUND_DAYS &&
      !current.some((c) => c.year === o.year)
    ) {
      current.push(o);
    } else clusters.push([o]);
  }
  return clusters;
}

/**
 * Whether the latest cycle moved the series' schedule: each of its rounds that earlier cycles have too (at least
 * MIN_MOVED_ROUNDS of them) came later than the earlier cycles' median day of that round, or each came earlier.
 * A venue that moves its calendar moves every round; the median would lag such a move by a cycle or two, while
 * one round moving alone is as often noise of the sources.
 */
function scheduleMoved(clusters: Observed[][], latest: number | undefined): boolean {
  const moves = clusters.flatMap((cluster) => {
    const last = cluster.find((o) => o.year === latest);
    const earlier = cluster.filter((o) => o !== last).map((o) => o.day);
    return last && earlier.length > 0 ? [Math.sign(last.day - median(earlier))] : [];
  });
  return moves.length >= MIN_MOVED_ROUNDS && moves[0] !== 0 && moves.every((m) => m === moves[0]);
}

/**
 * A model round from a cluster: at its median day, or at the day cycle `movedIn` has in it (scheduleMoved). The
 * median stays: on the 2026-11 data the latest cycle's day, the latest when the cycles drift one way, or a trend
 * extrapolated from them each scored no better precision and a worse p90 (the rounds missed by more than 30 days
 * are schedule changes no trend foresaw, not drifts).
 */
function modelRound(
  cluster: Observed[],
  cycles: number,
  movedIn: number | undefined,
): Omit<ModelRound, "doubt"> {
  const days = cluster.map((o) => o.day);
  const leads = cluster.flatMap((o) => (o.abstractLead === null ? [] : [o.abstractLead]));
  const spread = Math.max(...days) - Math.min(...days);
  const single = cluster.length === 1;
  // Agreement and depth: seen in every recent cycle within a week gives about 0.9.
  const confidence = single
    ? SINGLE_CONFIDENCE
    : Math.max(0.1, Math.min(0.95, (cluster.length / cycles) * (1 - Math.min(spread, 90) / 100)));
  const slack = single ? SINGLE_WINDOW_DAYS - WINDOW_SLACK_DAYS : 0;
  return {
    day: cluster.find((o) => o.year === movedIn)?.day ?? median(days),
    minDay: Math.min(...days) - slack,
    maxDay: Math.max(...days) + slack,
    abstractLead: leads.length * 2 >= cluster.length ? median(leads) : null,
    basedOn: [...new Set(cluster.map((o) => o.year))].sort((a, b) => a - b),
    confidence: Math.round(confidence * 100) / 100,
  };
}

/** The LOOK_BACK most recent cycles before `targetYear` with a paper deadline: what the model learns from. */
const priorCycles = (cycles: Cycle[], targetYear: number) =>
  cycles
    .filter((c) => c.edition.year < targetYear && c.edition.deadlines.some((d) => d.type === "paper"))
    .slice(-LOOK_BACK);

/** The most rounds any of the recent cycles before `targetYear` had (0 with none): what a cycle may be given. */
export const recentRoundCount = (cycles: Cycle[], targetYear: number): number =>
  Math.max(0, ...priorCycles(cycles, targetYear).map((c) => c.rounds.length));

/**
 * The day up to which a cycle's rounds are known: its last announced round, or the data's date when later (sources
 * dated after a round's window that list the cycle without it say it did not happen). "" for a cycle with none.
 */
export function knownUntil(cycle: Cycle | undefined, dataAsOf: string | null): string {
  const lastPaper = cycle?.rounds.at(-1)?.paper;
  if (lastPaper === undefined) return "";
  return dataAsOf !== null && dataAsOf > lastPaper ? dataAsOf : lastPaper;
}

/**
 * Whether the venue's history has a round that skipped a cycle and came back (seen before and after a recent
 * cycle that went without it): its cycles lose and regain rounds (or the sources miss some), so a round missing
 * from the latest cycle alone is no sign that the venue dropped it (MobiCom: its summer round absent from 2023,
 * back in 2024, then its spring round absent from 2024, back in 2025).
 */
function roundsComeBack(rounds: Omit<ModelRound, "doubt">[], prior: Cycle[]): boolean {
  const years = prior.map((c) => c.edition.year);
  return rounds.some(({ basedOn }) =>
    years.some((y) => !basedOn.includes(y) && basedOn.some((b) => b < y) && basedOn.some((b) => b > y)),
  );
}

/**
 * Whether a source that lists a venue's whole cycle gave this cycle's rounds: the reference service lists only a
 * venue's next deadline, so a cycle known from it alone says nothing of the rounds it lacks (Fast Software
 * Encryption's 2027 cycle: the reference's December date, none of its March, June and September rounds).
 */
const listsWholeCycle = (cycle: Cycle | undefined) =>
  !!cycle?.edition.deadlines.some((d) => isSubmission(d) && d.source !== REFERENCE_SOURCE);

/**
 * Each model round's doubt (RoundDoubt). Missing from the latest cycle counts only where that cycle is known past
 * the round's window (knownUntil): a cycle still being announced says nothing about its later rounds; nor does it
 * count for a venue whose rounds have come back after a skipped cycle before (roundsComeBack), nor when that cycle
 * is known from the reference alone (listsWholeCycle). Seen once
 * counts only when the rounds left would be more than any recent cycle had and some of them recur: a venue with a
 * single known cycle, one whose single round drifted more than SAME_ROUND_DAYS, or one that just added a round
 * (SIGKDD's August round: its cycle had both) keeps its rounds, with their low confidence.
 */
function withDoubts(
  rounds: Omit<ModelRound, "doubt">[],
  prior: Cycle[],
  dataAsOf: string | null,
): ModelRound[] {
  const latest = prior.at(-1);
  const year = latest?.edition.year;
  if (year === undefined) return rounds.map((m) => ({ ...m, doubt: null }));
  const until = knownUntil(latest, dataAsOf);
  // Where the latest cycle's gaps say nothing of the venue's rounds.
  const gapsSayNothing = roundsComeBack(rounds, prior) || !listsWholeCycle(latest);
  const dropped = (m: Omit<ModelRound, "doubt">) =>
    !gapsSayNothing && !m.basedOn.includes(year) && roundDates(m, year).latest < until;
  const kept = rounds.filter((m) => !dropped(m));
  // More rounds than any cycle ever had: the ones seen once (beside recurring ones) are the invented ones.
  const tooMany =
    kept.some((m) => m.basedOn.length >= MIN_RECURRENCE) &&
    kept.length > Math.max(...prior.map((c) => c.rounds.length));
  return rounds.map((m) => ({
    ...m,
    doubt: dropped(m)
      ? "not_in_latest_cycle"
      : tooMany && m.basedOn.length < MIN_RECURRENCE
        ? "seen_once"
        : null,
  }));
}

function modelOf(prior: Cycle[], dataAsOf: string | null): ModelRound[] {
  const latest = prior.at(-1);
  const clusters = clusterByDay(prior.flatMap(observedRounds)).filter(
    (c) => c.length >= MIN_RECURRENCE || c.some((o) => o.year === latest?.edition.year),
  );
  const movedIn = scheduleMoved(clusters, latest?.edition.year) ? latest?.edition.year : undefined;
  const rounds = clusters.map((c) => modelRound(c, prior.length, movedIn)).sort((a, b) => a.day - b.day);
  return withDoubts(rounds, prior, dataAsOf);
}

/**
 * The recurring rounds of the cycles before a target year, earliest in the cycle first, from the LOOK_BACK most
 * recent cycles with a paper deadline: each round seen in at least two of them, or in the latest one (a round
 * the venue has just added, or the only cycle known: then with a low confidence and a wide window); each at its
 * median day, or at the latest cycle's when that cycle moved the schedule (scheduleMoved); each with its doubt
 * (withDoubts) as of the data's date `dataAsOf`. The cycles are sorted by year; a model is computed once per set
 * of prior cycles (every year after the last cycle shares one), however many target years ask for it.
 */
export function roundModels(
  cycles: Cycle[],
  dataAsOf: string | null = null,
): (targetYear: number) => ModelRound[] {
  const byLatestPrior = new Map<number | undefined, ModelRound[]>();
  return (targetYear) => {
    const prior = priorCycles(cycles, targetYear);
    const key = prior.at(-1)?.edition.year;
    const known = byLatestPrior.get(key);
    if (known) return known;
    const model = modelOf(prior, dataAsOf);
    byLatestPrior.set(key, model);
    return model;
  };
}

/** An announced round's first paper date and the model round it is (nearestRound: -1 for none). */
export interface MatchedRound {
  paper: string;
  round: number;
}

/**
 * The model placed where a partly announced cycle's calendar sits: when every announced round of the cycle that
 * the model knows came later than its model round (or every one earlier), all model rounds move by the median of
 * those offsets. The cycle's own rounds are the best evidence for its others: a venue holding that year's
 * conference earlier moves every deadline of the cycle.
 */
export function alignedTo(model: ModelRound[], year: number, announced: MatchedRound[]): ModelRound[] {
  const offsets = announced.flatMap((r) => {
    const round = model[r.round];
    return round ? [dayNumber(r.paper) - cycleStart(year) - round.day] : [];
  });
  const moved = offsets.length > 0 && (offsets.every((d) => d > 0) || offsets.every((d) => d < 0));
  if (!moved) return model;
  const shift = median(offsets);
  return model.map((m) => ({ ...m, day: m.day + shift, minDay: m.minDay + shift, maxDay: m.maxDay + shift }));
}

/** A round announced this far (or less) from a model round still to come may be that round, moved. */
const MOVED_ROUND_DAYS = 92;

/**
 * The model rounds still to come (`ahead`) that an announced round the model does not know (`unknown`: its first
 * paper dates) stands for, when the cycle would otherwise have more rounds than any recent cycle had (`cap`): for
 * each such announced round, the nearest round ahead within MOVED_ROUND_DAYS, as many as the excess. IUI moved its
 * one round from October to August for 2027: its October round is no second round of that cycle. Venues as often
 * add an earlier round (ISSTA 2023's November one, its February one kept), so these become possibilities, not
 * dropped; a round added far from the others (SIGKDD's August one, half a year before February) takes none.
 */
export function movedRounds(
  ahead: readonly ModelRound[],
  unknown: readonly string[],
  announcedCount: number,
  cap: number,
  year: number,
): Set<ModelRound> {
  const moved = new Set<ModelRound>();
  let excess = announcedCount + ahead.length - cap;
  for (const paper of unknown) {
    if (excess <= 0) break;
    const day = dayNumber(paper) - cycleStart(year);
    const nearest = ahead
      .filter((m) => !moved.has(m) && Math.abs(m.day - day) <= MOVED_ROUND_DAYS)
      .sort((a, b) => Math.abs(a.day - day) - Math.abs(b.day - day))[0];
    if (!nearest) continue;
    moved.add(nearest);
    excess--;
  }
  return moved;
}

/** The expected dates of a model round in the cycle `year`. */
export function roundDates(round: Pick<ModelRound, "day" | "minDay" | "maxDay">, year: number) {
  const at = (day: number) => isoOfDay(cycleStart(year) + day);
  return {
    date: at(round.day),
    earliest: at(round.minDay - WINDOW_SLACK_DAYS),
    latest: at(round.maxDay + WINDOW_SLACK_DAYS),
  };
}

/**
 * The model round an announced round (its first paper date) of the cycle `year` is: the nearest by day of cycle
 * whose observed days lie within SAME_ROUND_DAYS of it; -1 when none does (a round the model does not know).
 */
export function nearestRound(model: ModelRound[], year: number, paper: string): number {
  const day = dayNumber(paper) - cycleStart(year);
  let best = -1;
  for (const [i, round] of model.entries()) {
    const outside = Math.max(round.minDay - day, day - round.maxDay, 0);
    if (outside > SAME_ROUND_DAYS) continue;
    if (best < 0 || Math.abs(day - round.day) < Math.abs(day - (model[best] as ModelRound).day)) best = i;
  }
  return best;
}
