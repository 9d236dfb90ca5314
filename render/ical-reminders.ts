/**
 * Calendar reminders (`?remind=7,1` on every `.ics` feed, issue 39): the days-before list read from the address,
 * and one VALARM per day added to each event of a finished calendar's text. Working on the text, not on
 * ical-generator's objects, lets one function serve every kind of feed: the filtered `/deadlines.ics` made on
 * request, the built per-venue, per-field and per-rank files, and the watchlists' joins of the built files.
 * Without `remind` nothing here runs, so the default feed stays byte for byte what it was.
 * Nothing here runs Node-only code but the alarms' folding: the deadline board's browser bundle takes the choices
 * and addresses from here too.
 */
import { foldLines } from "./ical-fold.ts";

export const REMIND_PARAM = "remind";
/** Days before a deadline a reminder may go off: 0 (at its start) to 60. */
export const REMIND_MAX_DAYS = 60;
/** Reminders per event at most. */
export const REMIND_MAX_VALUES = 5;

/** The choices the pages offer beside a calendar address: none, 1 day, 7 days, 7 and 1 days before. */
export const REMINDER_CHOICES: readonly (readonly number[])[] = [[], [1], [7], [7, 1]];

export const REMIND_FORM = `${REMIND_PARAM} takes up to ${REMIND_MAX_VALUES} whole numbers of days before the deadline, each 0 to ${REMIND_MAX_DAYS}, comma-separated (e.g. ${REMIND_PARAM}=7,1)`;

/** Days before, distinct, furthest first (the cache key's and the alarms' one order); or why they were refused. */
export type RemindDays = { days: number[] } | { invalid: string };

/**
 * The `remind` values of an address (repeated parameters, as checkboxes send them, join a comma-separated list).
 * Absent or empty: no reminders.
 */
export function remindDays(values: readonly string[]): RemindDays {
  const items = values
    .join(",")
    .split(",")
    .map((item) => item.trim());
  if (items.every((item) => item === "")) return { days: [] };
  const bad = items.find((item) => !/^\d{1,2}$/.test(item) || Number(item) > REMIND_MAX_DAYS);
  if (bad !== undefined) return { invalid: `${REMIND_FORM}; "${bad}" is not one.` };
  const days = [...new Set(items.map(Number))].sort((a, b) => b - a);
  if (days.length > REMIND_MAX_VALUES) {
    return { invalid: `${REMIND_FORM}; ${days.length} different values were given.` };
  }
  return { days };
}

/** `address` with the reminders `days` asked for (none: the address itself). */
export function withRemind(address: string, days: readonly number[]): string {
  if (days.length === 0) return address;
  return `${address}${address.includes("?") ? "&" : "?"}${REMIND_PARAM}=${days.join(",")}`;
}

const EVENT = /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g;
const EVENT_END = "END:VEVENT\r\n";
/** A content line's value (after its name and any parameters), the line unfolded first. */
const SUMMARY = /^SUMMARY(?:;[^:\r\n]*)?:(.*)$/m;

const trigger = (days: number) => (days === 0 ? "PT0S" : `-P${days}D`);
const due = (days: number) => (days === 0 ? "due today" : `due in ${days} day${days === 1 ? "" : "s"}`);

/**
 * The VALARMs of one event: a display alarm per day, its description naming the deadline (the event's summary,
 * already escaped as iCalendar text, so it goes into DESCRIPTION as it is).
 */
function alarmsOf(event: string, days: readonly number[]): string {
  const summary = SUMMARY.exec(event.replace(/\r\n[ \t]/g, ""))?.[1] ?? "Submission deadline";
  return days
    .map(
      (d) =>
        `BEGIN:VALARM\r\nACTION:DISPLAY\r\n${foldLines(`DESCRIPTION:${summary} — ${due(d)}`)}\r\nTRIGGER:${trigger(d)}\r\nEND:VALARM\r\n`,
    )
    .join("");
}

/** The calendar `ics` (CRLF lines) with a VALARM per day of `days` in each event, triggered before its start. */
export function withReminders(ics: string, days: readonly number[]): string {
  if (days.length === 0) return ics;
  return ics.replace(EVENT, (event) => `${event.slice(0, -EVENT_END.length)}${alarmsOf(event, days)}${EVENT_END}`);
}
