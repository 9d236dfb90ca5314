/** How old each source's data is, one rule for the build report, /api/statistics and the site's footer. */
import { daysBetween } from "../runtime/clock.ts";
import type { SourceInfo } from "./records.ts";

/**
 * The most days a living source may go neither fetched nor dated: longer, and its public `data_sources[].stale`
 * is true (build report, /api/statistics, site footer). Not the age of one venue's data (DATA_AS_OF_MAX_AGE_DAYS).
 */
export const SOURCE_UNCHECKED_MAX_DAYS = 30;

/**
 * The most days a venue's (or a special-issue call's) `data_as_of` may lie before the build day: older, and its
 * public `stale` (outlook, rows, deadlines, journals, calls) is true (docs/api.md). Not the age of a source as a
 * whole (SOURCE_UNCHECKED_MAX_DAYS).
 */
export const DATA_AS_OF_MAX_AGE_DAYS = 60;

/** Whether data dated `dataAsOf` is stale on `today` (both "YYYY-MM-DD"); unknown data is not called stale. */
export const isStaleData = (dataAsOf: string | null, today: string): boolean =>
  dataAsOf !== null && daysBetween(dataAsOf, today) > DATA_AS_OF_MAX_AGE_DAYS;

export interface SourceAge {
  id: string;
  name: string;
  commit: string;
  date: string | null;
  fetched_at: string | null;
  age_days: number | null;
  stale: boolean;
}

const daysSince = (when: string | null, today: string) => (when ? daysBetween(when, today) : null);

/**
 * `age_days` counts from the date of the data; a source is stale when it was neither fetched nor dated within
 * the last SOURCE_UNCHECKED_MAX_DAYS (a fetch that found the origin unchanged makes the copy current again).
 */
export function sourceAges(sources: readonly SourceInfo[], today: string): SourceAge[] {
  return sources.map((s) => {
    const unchecked = daysSince(s.fetched_at ?? s.date, today);
    return {
      id: s.id,
      name: s.name,
      commit: s.commit,
      date: s.date,
      fetched_at: s.fetched_at,
      age_days: daysSince(s.date, today),
      stale: !s.static && unchecked !== null && unchecked > SOURCE_UNCHECKED_MAX_DAYS,
    };
  });
}

/** What a deadline's data date is read from: an outlook deadline or a typed deadline as published. */
export interface DatedDeadline {
  source: string | null;
  estimated?: boolean;
}

/**
 * The date of the data behind one deadline shown: an announced deadline's source's data date (the manifest's
 * `sources[].date`), an estimate's (or an unsourced or undated source's) the venue's `data_as_of`. The one rule
 * of every page's data-age notice and of the deadline rows' `deadline_data_as_of` (docs/site.md, "Data age").
 */
export function deadlineDataDate(
  d: DatedDeadline,
  sourceDate: (id: string) => string | null | undefined,
  dataAsOf: string | null,
): string | null {
  if (d.estimated === true || !d.source) return dataAsOf;
  return sourceDate(d.source) ?? dataAsOf;
}

/** The oldest of the data dates of the deadlines shown together (a card, a venue's first box); null for none. */
export function oldestDataDate(
  deadlines: readonly DatedDeadline[],
  sourceDate: (id: string) => string | null | undefined,
  dataAsOf: string | null,
): string | null {
  let oldest: string | null = null;
  for (const d of deadlines) {
    const date = deadlineDataDate(d, sourceDate, dataAsOf);
    if (date && (oldest === null || date < oldest)) oldest = date;
  }
  return oldest;
}
