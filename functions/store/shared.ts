/** Helpers both store implementations share, so they cannot drift apart. */
import { utcDate } from "../query/clock.ts";
import type { RatingInput, RatingSummary } from "./types.ts";

const DAY_MS = 86_400_000;

/** Views count over this many UTC days, today included. */
export const VIEW_WINDOW_DAYS = 30;
/** Per-day view data is kept a little longer than the window, then dropped. */
export const VIEW_RETENTION_DAYS = 40;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return utcDate(new Date(ms));
}

/** The `count` UTC days ending with the day of `ms`, newest first. */
export function recentDays(ms: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(ms - i * DAY_MS));
}

export function assertRating(input: RatingInput): void {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    throw new RangeError(`rating must be an integer from 1 to 5, got ${input.rating}`);
  }
}

/** Builds the summary from per-star counts (index 0 = one star). */
export function summarizeRatings(histogram: RatingSummary["histogram"]): RatingSummary {
  const count = histogram.reduce((a, b) => a + b, 0);
  const total = histogram.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count === 0 ? null : Math.round((total / count) * 100) / 100, histogram };
}

export function emptyHistogram(): RatingSummary["histogram"] {
  return [0, 0, 0, 0, 0];
}

/** Both stores refuse a non-positive limit without writing anything. */
export function deniedWithoutLimit(): { allowed: false; used: 0; remaining: 0 } {
  return { allowed: false, used: 0, remaining: 0 };
}

/** Venue lists keep their first occurrence of each id, in order. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
