/**
 * The `remind` parameter every `.ics` feed takes (`?remind=7,1`: days before each deadline, issue 39): read from an
 * address, and written into one for the choices the pages offer. Plain code with no imports, so the deadline
 * board's browser bundle takes the choices and addresses from here too.
 */

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
