/**
 * How the board states a deadline: as published (its own zone, AoE when none was given), in the viewer's time
 * zone, and as a countdown. A date-only deadline is never given an invented time.
 */
import type { OutlookDeadline } from "../../../../snapshot/records.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2027-01-28 23:59 AoE", or "2027-01-28 AoE (end of day)" when only the date was published. */
export function statedDeadline(deadline: OutlookDeadline): string {
  const zone = deadline.timezone_assumed ? "AoE (assumed)" : deadline.timezone;
  if (deadline.time === null) return `${deadline.date} ${zone}, end of day`;
  return `${deadline.date} ${deadline.time.slice(0, 5)} ${zone}`;
}

/** The closing instant in the viewer's zone (the host's, when it says), e.g. "Fri 29 Jan, 12:59 CET" (the year is the deadline's, printed beside it). */
export function localDeadline(
  closesAt: string,
  locale: string | undefined,
  timeZone: string | undefined,
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  }).format(new Date(closesAt));
}

/** "in 12 d 4 h", "in 3 h 20 min", "closed". */
export function countdown(closesAt: string, now: number): string {
  const left = Date.parse(closesAt) - now;
  if (left <= 0) return "closed";
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  if (days > 0) return `in ${days} d ${hours} h`;
  return `in ${hours} h ${Math.floor((left % HOUR) / MINUTE)} min`;
}

/** True when fewer than seven days are left: the board marks these. */
export const isSoon = (closesAt: string, now: number) => Date.parse(closesAt) - now < 7 * DAY;

/**
 * Two calendar dates as one range in the viewer's words ("10–14 Sep 2026"), one date when they are the same;
 * read as UTC days, so no zone moves a date. `withYear` false for a short window ("21 Jan – 4 Feb").
 */
export function conferenceDates(
  start: string,
  end: string,
  locale: string | undefined,
  withYear = true,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    ...(withYear && { year: "numeric" }),
    timeZone: "UTC",
  });
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  return end > start ? format.formatRange(from, to) : format.format(from);
}
