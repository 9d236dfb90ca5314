/** "Now" is injected everywhere a date matters (open calls, quotas) so tests can pin it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// The last day asked for: every metered request asks, and formatting a date costs more than the rest of its quota.
let lastDay = Number.NaN;
let lastDate = "";

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function utcDate(at: Date): string {
  const day = Math.floor(at.getTime() / DAY_MS);
  if (day !== lastDay) {
    // An invalid date throws here, as toISOString does.
    lastDate = isoDate(at);
    lastDay = day;
  }
  return lastDate;
}

/** YYYY-MM-DD of an instant, UTC, formatted every time: for dates other than today (utcDate remembers today's). */
export const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Whole days from the UTC date of `from` to that of `to` (YYYY-MM-DD dates or ISO instants); negative when earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / DAY_MS);

/** The date `days` after a YYYY-MM-DD date (before it when negative). */
export function daysAfter(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** Whole seconds from `at` to the next UTC midnight (at least 1). */
export function secondsToUtcMidnight(at: Date): number {
  const t = at.getTime();
  const midnight = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((midnight - t) / 1000));
}
