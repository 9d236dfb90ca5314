/**
 * A conference's acceptance history from its sources' rows: per year and track the first source in priority
 * (ccfddl, lixin, openaccept) gives the figure, then four rules (docs/pipeline.md, Acceptance figures) correct what
 * the lists copy wrong. Every row a rule drops or replaces is returned as a correction for the build report.
 */
import type { AcceptanceRow } from "../../snapshot/records.ts";
import type { ConferenceObservation, SourceId } from "../sources/observations.ts";
import { byPriority } from "../sources/priority.ts";
import { isPublishable } from "../sources/sources.ts";
import type { Misfiled } from "./misfiled-acceptance.ts";

const ACCEPTANCE_PRIORITY: SourceId[] = ["ccfddl", "lixin", "openaccept"];

/** How far (as a factor) a year's rate may sit from the median of the venue's other years. */
export const OUTLIER_FACTOR = 1.5;

/** The rules, by the name the build report gives them. */
export const ACCEPTANCE_RULES = {
  misfiled:
    "the figure belongs to another venue of the same acronym: an acceptance list gives it for that venue's field",
  incomplete: "a row missing its submitted or accepted count loses to a complete row of the same year",
  outlier: `a rate outside ×/÷ ${OUTLIER_FACTOR} of the median of the venue's other years loses to another source's figure inside it`,
  "copied-year":
    "identical submitted and accepted counts in two years are a copy error in one: the year another source gives differently takes that figure (or, given only by a cross-check source, is dropped); of the years left, the one more sources give keeps it, a tie drops them all",
} as const;
export type AcceptanceRule = keyof typeof ACCEPTANCE_RULES;

/** Years the median needs besides the one checked. */
const OUTLIER_MIN_YEARS = 3;
/** Below this many submissions two years may share their counts by chance. */
const COPY_MIN_SUBMITTED = 20;

export interface AcceptanceCorrection {
  year: number;
  track: string | null;
  rule: AcceptanceRule;
  dropped: AcceptanceRow;
  /** The row published instead; null when the year is left without a figure. */
  replacement: AcceptanceRow | null;
  why: string;
}

/** A source's row of one year and track. */
interface Candidate {
  row: AcceptanceRow;
  publishable: boolean;
}

const keyOf = (r: AcceptanceRow) => `${r.year}|${r.track ?? ""}`;
const complete = (r: AcceptanceRow) => r.submitted !== null && r.accepted !== null;
const counts = (r: AcceptanceRow) => `${r.accepted}/${r.submitted}`;
const sameCounts = (a: AcceptanceRow, b: AcceptanceRow) =>
  complete(a) && complete(b) && a.submitted === b.submitted && a.accepted === b.accepted;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const within = (rate: number, centre: number) =>
  rate <= centre * OUTLIER_FACTOR && rate >= centre / OUTLIER_FACTOR;

/** Every source's rows by year and track: the publishable ones in priority order, then the cross-check ones. */
function candidates(
  members: readonly ConferenceObservation[],
  misfiled: ReadonlyMap<AcceptanceRow, Misfiled>,
  corrections: AcceptanceCorrection[],
): Map<string, Candidate[]> {
  const out = new Map<string, Candidate[]>();
  const ordered = [
    ...byPriority(members, ACCEPTANCE_PRIORITY).filter((m) => isPublishable(m.source)),
    ...members.filter((m) => !isPublishable(m.source)),
  ];
  for (const member of ordered) {
    for (const row of member.acceptance) {
      const wrong = misfiled.get(row);
      if (wrong) {
        corrections.push({
          year: row.year,
          track: row.track,
          rule: "misfiled",
          dropped: row,
          replacement: null,
          why: wrong.why,
        });
        continue;
      }
      const list = out.get(keyOf(row)) ?? [];
      list.push({ row, publishable: isPublishable(member.source) });
      out.set(keyOf(row), list);
    }
  }
  return out;
}

/** The first publishable row, a complete one before one missing a count (rule incomplete). */
function firstChoice(list: Candidate[], corrections: AcceptanceCorrection[]): AcceptanceRow | null {
  const published = list.filter((c) => c.publishable).map((c) => c.row);
  const first = published[0];
  if (!first) return null;
  const full = published.find(complete);
  if (complete(first) || !full) return first;
  corrections.push({
    year: first.year,
    track: first.track,
    rule: "incomplete",
    dropped: first,
    replacement: full,
    why: `${first.source} misses a count (${counts(first)}); ${full.source} gives ${counts(full)}`,
  });
  return full;
}

/** Rule outlier: main-track rates far from the venue's other years, where another source's figure is not. */
function replaceOutliers(
  chosen: Map<string, AcceptanceRow>,
  all: Map<string, Candidate[]>,
  corrections: AcceptanceCorrection[],
) {
  const main = [...chosen.values()].filter((r) => r.track === null && r.rate !== null);
  for (const row of main) {
    const others = main.filter((r) => r !== row).map((r) => r.rate as number);
    const centre = others.length >= OUTLIER_MIN_YEARS ? median(others) : null;
    if (centre === null || centre <= 0 || within(row.rate as number, centre)) continue;
    const better = (all.get(keyOf(row)) ?? []).find(
      (c) => c.publishable && c.row.rate !== null && c.row !== row && within(c.row.rate, centre),
    );
    if (!better) continue;
    chosen.set(keyOf(row), better.row);
    corrections.push({
      year: row.year,
      track: null,
      rule: "outlier",
      dropped: row,
      replacement: better.row,
      why: `${((row.rate as number) * 100).toFixed(1)} % against a median of ${(centre * 100).toFixed(1)} % over the other ${others.length} years; ${better.row.source} gives ${counts(better.row)} (${((better.row.rate ?? 0) * 100).toFixed(1)} %)`,
    });
  }
}

/** Rule copied-year: one figure in two or more years of the main track. */
function resolveCopies(
  chosen: Map<string, AcceptanceRow>,
  all: Map<string, Candidate[]>,
  corrections: AcceptanceCorrection[],
) {
  const groups = new Map<string, AcceptanceRow[]>();
  for (const row of chosen.values()) {
    if (row.track !== null || !complete(row) || (row.submitted as number) < COPY_MIN_SUBMITTED) continue;
    groups.set(counts(row), [...(groups.get(counts(row)) ?? []), row]);
  }
  for (const rows of groups.values()) {
    if (rows.length < 2) continue;
    const years = rows
      .map((r) => r.year)
      .sort((a, b) => a - b)
      .join(", ");
    const left: AcceptanceRow[] = [];
    for (const row of rows) {
      const list = all.get(keyOf(row)) ?? [];
      const differs = list.filter((c) => complete(c.row) && !sameCounts(c.row, row));
      const instead = differs.find((c) => c.publishable)?.row ?? null;
      if (differs.length === 0) {
        left.push(row);
        continue;
      }
      const other = instead ?? (differs[0] as Candidate).row;
      if (instead) chosen.set(keyOf(row), instead);
      else chosen.delete(keyOf(row));
      corrections.push({
        year: row.year,
        track: null,
        rule: "copied-year",
        dropped: row,
        replacement: instead,
        why: `${counts(row)} is given for ${years}; ${other.source} gives ${row.year} as ${counts(other)}${instead ? "" : " (cross-check only, not published)"}`,
      });
    }
    if (left.length < 2) continue;
    const support = (row: AcceptanceRow) =>
      new Set((all.get(keyOf(row)) ?? []).filter((c) => sameCounts(c.row, row)).map((c) => c.row.source))
        .size;
    const best = Math.max(...left.map(support));
    const keep = left.filter((r) => support(r) === best);
    for (const row of left) {
      if (keep.length === 1 && keep[0] === row) continue;
      chosen.delete(keyOf(row));
      corrections.push({
        year: row.year,
        track: null,
        rule: "copied-year",
        dropped: row,
        replacement: null,
        why:
          keep.length === 1
            ? `${counts(row)} is also given for ${keep[0]?.year}, by more sources (${best} against ${support(row)}): kept there`
            : `${counts(row)} is given for ${years} by as many sources each, and no source tells the years apart: dropped in each`,
      });
    }
  }
}

/**
 * The venue's acceptance history, sorted by year and track, and the corrections made. `misfiled` holds the rows
 * other venues own (misfiled-acceptance.ts).
 */
export function mergeAcceptance(
  members: readonly ConferenceObservation[],
  misfiled: ReadonlyMap<AcceptanceRow, Misfiled> = new Map(),
): { rows: AcceptanceRow[]; corrections: AcceptanceCorrection[] } {
  const corrections: AcceptanceCorrection[] = [];
  const all = candidates(members, misfiled, corrections);
  const chosen = new Map<string, AcceptanceRow>();
  for (const [key, list] of all) {
    const row = firstChoice(list, corrections);
    if (row) chosen.set(key, row);
  }
  replaceOutliers(chosen, all, corrections);
  resolveCopies(chosen, all, corrections);
  const rows = [...chosen.values()].sort(
    (a, b) => a.year - b.year || (a.track ?? "").localeCompare(b.track ?? ""),
  );
  return { rows, corrections };
}

/** Cross-check rows (unlicensed sources) that disagree with a published rate by more than two points. */
export function crossCheckDisagreements(
  members: readonly ConferenceObservation[],
  published: readonly AcceptanceRow[],
): { published: AcceptanceRow; other: AcceptanceRow }[] {
  const main = new Map(published.filter((r) => r.track === null).map((r) => [r.year, r]));
  return members
    .filter((m) => !isPublishable(m.source))
    .flatMap((m) => m.acceptance)
    .flatMap((other) => {
      const row = main.get(other.year);
      return row?.rate != null && other.rate != null && Math.abs(row.rate - other.rate) > 0.02
        ? [{ published: row, other }]
        : [];
    });
}
