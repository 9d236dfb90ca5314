/** "Now" is injected everywhere a date matters (open calls, quotas) so tests can pin it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The date `days` after a YYYY-MM-DD date (before it when negative). */
export function daysAfter(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** Whole seconds from `at` to the next UTC midnight (at least 1). */
export function secondsToUtcMidnight(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - at.getTime()) / 1000));
}
