/**
 * Expected deadlines of a series' next edition, from its own history: where in its edition's year each past
 * edition's deadline fell, projected onto the next edition on the series' rhythm (yearly, every second year, or
 * several rounds a year). An estimate is never an announcement: it lives in its own fields and disappears as soon
 * as the edition's real paper deadline is known.
 */
import type { DeadlineEstimate, Edition } from "../../snapshot/records.ts";

type EstimateType = DeadlineEstimate["type"];
type Rhythm = DeadlineEstimate["rhythm"];

const DAY_MS = 86_400_000;
/** Editions an estimate looks back on: older ones drift too much. */
const LOOK_BACK = 3;
/** Paper deadlines of one edition further apart than this are separate rounds, not one call's variants. */
const ROUND_SPREAD_DAYS = 45;

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const yearStart = (year: number) => dayNumber(`${String(year).padStart(4, "0")}-01-01`);

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** Distinct deadline dates of one type in an edition, earliest first. */
function datesOf(edition: Edition, type: EstimateType): string[] {
  return [...new Set(edition.deadlines.filter((d) => d.type === type).map((d) => d.date))].sort();
}

/** Several rounds a year when the recent editions each spread their paper deadlines over months. */
function isRounds(history: Edition[]): boolean {
  const recent = history.slice(-2);
  return (
    recent.length > 0 &&
    recent.every((e) => {
      const dates = datesOf(e, "paper");
      return (
        dates.length >= 2 &&
        dayNumber(dates.at(-1) as string) - dayNumber(dates[0] as string) > ROUND_SPREAD_DAYS
      );
    })
  );
}

/** Years between editions: 2 when the recent editions all came two years apart (ICCV, ECCV), else 1. */
function stepOf(years: number[]): number {
  const gaps = years.slice(-LOOK_BACK).flatMap((y, i, a) => (i ? [y - (a[i - 1] as number)] : []));
  return gaps.length > 0 && gaps.every((g) => g === 2) ? 2 : 1;
}

export interface SeriesEstimate {
  estimates: DeadlineEstimate[];
  /** Every expected round of the target edition (one date unless rhythm is "rounds"). */
  rounds: string[];
}

/**
 * The estimate of one deadline type for `targetYear` from `history` (editions strictly before it that had the
 * type): the median position of the deadline relative to its edition's year, window from the spread.
 */
function estimateType(
  history: Edition[],
  type: EstimateType,
  targetYear: number,
  rhythm: Rhythm,
): DeadlineEstimate | null {
  const used = history.filter((e) => datesOf(e, type).length > 0).slice(-LOOK_BACK);
  if (used.length < 2) return null;
  const offsets = used.map((e) => dayNumber(datesOf(e, type)[0] as string) - yearStart(e.year));
  const base = yearStart(targetYear);
  const spread = Math.max(...offsets) - Math.min(...offsets);
  const slack = 3;
  // Agreement and depth: three editions within a week of each other give about 0.9.
  const confidence = Math.max(
    0.1,
    Math.min(0.95, (used.length / LOOK_BACK) * (1 - Math.min(spread, 90) / 100)),
  );
  return {
    type,
    edition_year: targetYear,
    date: isoOfDay(base + median(offsets)),
    earliest: isoOfDay(base + Math.min(...offsets) - slack),
    latest: isoOfDay(base + Math.max(...offsets) + slack),
    based_on: used.map((e) => e.year),
    confidence: Math.round(confidence * 100) / 100,
    rhythm,
  };
}

/**
 * An abstract is due before its paper: placed at the usual gap before the paper estimate (median over the recent
 * editions that had both), so the two estimates never cross.
 */
function abstractBefore(
  abstract: DeadlineEstimate | null,
  paper: DeadlineEstimate,
  history: Edition[],
): DeadlineEstimate | null {
  if (!abstract) return null;
  const gaps = history
    .filter((e) => datesOf(e, "abstract").length > 0)
    .slice(-LOOK_BACK)
    .map((e) => dayNumber(datesOf(e, "paper")[0] as string) - dayNumber(datesOf(e, "abstract")[0] as string))
    .filter((g) => g >= 0);
  if (gaps.length === 0) return null;
  const gap = median(gaps);
  const at = (iso: string) => isoOfDay(dayNumber(iso) - gap);
  return { ...abstract, date: at(paper.date), earliest: at(paper.earliest), latest: at(paper.latest) };
}

/**
 * Expected deadlines of the edition `targetYear` from the editions before it. Returns null when fewer than two
 * earlier editions had a paper deadline.
 */
export function estimateEdition(editions: Edition[], targetYear: number): SeriesEstimate | null {
  const history = editions.filter((e) => e.year < targetYear && datesOf(e, "paper").length > 0);
  if (history.length < 2) return null;
  const years = history.map((e) => e.year);
  const rounds = isRounds(history);
  const rhythm: Rhythm = rounds ? "rounds" : stepOf(years) === 2 ? "biennial" : "yearly";
  const paper = estimateType(history, "paper", targetYear, rhythm);
  if (!paper) return null;
  const abstract = abstractBefore(estimateType(history, "abstract", targetYear, rhythm), paper, history);
  let roundDates = [paper.date];
  if (rounds) {
    // Each round of the latest edition, moved to the same place in the target edition's year.
    const last = history.at(-1) as Edition;
    const shift = yearStart(targetYear) - yearStart(last.year);
    roundDates = datesOf(last, "paper").map((d) => isoOfDay(dayNumber(d) + shift));
  }
  return { estimates: abstract ? [abstract, paper] : [paper], rounds: roundDates };
}

/**
 * The next edition's expected deadlines as of `nowIso`: the first edition after the last one with a known paper
 * deadline, on the series' rhythm, whose expected paper deadline (or a round of it) is not yet past. Empty when
 * the series has too little history or an open paper deadline is already announced.
 */
export function nextDeadlineEstimates(editions: Edition[], nowIso: string): DeadlineEstimate[] {
  const today = nowIso.slice(0, 10);
  const withPaper = editions.filter((e) => datesOf(e, "paper").length > 0);
  const last = withPaper.at(-1);
  if (!last || withPaper.length < 2) return [];
  if (datesOf(last, "paper").some((d) => d >= today)) return [];
  const step = stepOf(withPaper.map((e) => e.year));
  for (let year = last.year + step; year <= last.year + 4 * step; year += step) {
    const found = estimateEdition(editions, year);
    if (!found) return [];
    const paper = found.estimates.find((e) => e.type === "paper") as DeadlineEstimate;
    const nextRound = found.rounds.find((d) => d >= today);
    if (paper.rhythm === "rounds" && nextRound) {
      // The next open round; the windows (and the abstract) move with it.
      const shift = dayNumber(nextRound) - dayNumber(paper.date);
      const move = (iso: string) => isoOfDay(dayNumber(iso) + shift);
      return found.estimates.map((e) => ({
        ...e,
        date: move(e.date),
        earliest: move(e.earliest),
        latest: move(e.latest),
      }));
    }
    if (paper.date >= today) return found.estimates;
  }
  return [];
}

export interface BacktestCase {
  venue: string;
  year: number;
  actual: string;
  estimated: string;
  errorDays: number;
  ccfA: boolean;
}

/** Each edition of `years` with a real paper deadline, estimated from the editions before it only. */
export function backtestSeries(
  venue: string,
  editions: Edition[],
  years: number[],
  ccfA: boolean,
): BacktestCase[] {
  const out: BacktestCase[] = [];
  for (const edition of editions) {
    if (!years.includes(edition.year)) continue;
    const actual = datesOf(edition, "paper")[0];
    if (!actual) continue;
    const paper = estimateEdition(editions, edition.year)?.estimates.find((e) => e.type === "paper");
    if (!paper) continue;
    const errorDays = Math.abs(dayNumber(paper.date) - dayNumber(actual));
    out.push({ venue, year: edition.year, actual, estimated: paper.date, errorDays, ccfA });
  }
  return out;
}

export interface BacktestSummary {
  cases: number;
  median: number | null;
  p90: number | null;
}

/** Median and 90th-percentile absolute error (nearest-rank) in days. */
export function summarizeBacktest(cases: BacktestCase[]): BacktestSummary {
  const errors = cases.map((c) => c.errorDays).sort((a, b) => a - b);
  if (errors.length === 0) return { cases: 0, median: null, p90: null };
  const rank = (p: number) => errors[Math.max(0, Math.ceil(p * errors.length) - 1)] as number;
  return { cases: errors.length, median: rank(0.5), p90: rank(0.9) };
}
