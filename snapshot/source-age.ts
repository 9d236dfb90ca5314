/** How old each source's data is, one rule for the build report, /api/statistics and the site's footer. */
import type { SourceInfo } from "./records.ts";

/** A living source not fetched (or dated) within this many days is reported as out of date. */
export const STALE_AFTER_DAYS = 30;

const DAY_MS = 86_400_000;

export interface SourceAge {
  id: string;
  name: string;
  commit: string;
  date: string | null;
  fetched_at: string | null;
  age_days: number | null;
  stale: boolean;
}

const daysSince = (when: string | null, today: string) =>
  when ? Math.floor((Date.parse(today) - Date.parse(when.slice(0, 10))) / DAY_MS) : null;

/**
 * `age_days` counts from the date of the data; a source is stale when it was neither fetched nor dated within
 * the last 30 days (a fetch that found the origin unchanged makes the copy current again).
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
      stale: !s.static && unchecked !== null && unchecked > STALE_AFTER_DAYS,
    };
  });
}
