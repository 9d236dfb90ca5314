/**
 * A subscriber's calendar: whether a time zone name is one Intl knows, an instant as that zone's wall time, and the
 * period a digest belongs to (the reader's day, or the reader's ISO week), so a daily digest goes out once per the
 * reader's day and a weekly one once per the reader's week, whatever hour the nightly build runs.
 */
import type { DigestFrequency } from "../../../accounts/store/types.ts";

/** "Closes in N days" choices. */
export const CLOSES_IN_DAYS = [14, 7, 3, 1] as const;

/** True when `zone` is an IANA zone name (or UTC) this runtime can convert to. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant's wall time in `zone`: "2026-12-15 12:59 (Europe/Berlin)". */
export function wallTime(instant: string | Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${zone})`;
}

/** The calendar date of `at` in `zone`, "2026-11-27". */
export function dateIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** ISO 8601 week of a calendar date: "2026-W48". */
export function isoWeek(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  const weekday = day.getUTCDay() || 7;
  // The week's Thursday decides its year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** The digest period `at` falls in for a reader in `zone`. */
export function periodOf(at: Date, zone: string, frequency: DigestFrequency): string {
  const date = dateIn(at, zone);
  return frequency === "daily" ? date : isoWeek(date);
}
