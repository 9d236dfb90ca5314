/**
 * The order of every list of deadlines (REST /api/deadlines, MCP upcoming_deadlines and the board, the pages, the
 * watchlist, RSS and iCalendar): by the date the row prints, then the instant it closes, then a unique key.
 *
 * Every surface prints a deadline's `date`: an announced one's date as published, an estimate's expected date (the
 * centre of its window). `closes_at` is no substitute: it is the instant that date ends in the deadline's own zone
 * (an estimate's in AoE), so a date in a zone far east of UTC can close before the day before it in AoE, and a
 * list ordered by it would print its dates out of order. The query layer's SQL orders the same way
 * (read/query/deadlines.ts); this is the order for lists put together outside it.
 */

/** What the order reads of a deadline: the date printed and the instant it closes (ISO 8601 UTC, `…Z`). */
export interface PrintedDeadline {
  date: string;
  closes_at: string;
}

/** Earlier printed date first; on the same date, the one that closes first. A list adds its own unique key. */
export function byPrintedDate(a: PrintedDeadline, b: PrintedDeadline): number {
  return a.date.localeCompare(b.date) || a.closes_at.localeCompare(b.closes_at);
}
