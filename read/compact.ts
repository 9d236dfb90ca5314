/**
 * Compact answers (read/schema/compact.ts names the parameters): list rows cut to the asked fields, details
 * to the asked sections, the statistics to a recent window. Applied by the shared operations, so REST and MCP give
 * the same bytes for the same parameters.
 */

import { topWithOther } from "./query/statistics.ts";
import type { Statistics } from "./schema/api.ts";
import { DETAIL_IDENTITY } from "./schema/compact.ts";

/** Only `keep` of a record, in the record's own key order. */
function pick<T extends object>(record: T, keep: ReadonlySet<string>): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key))) as Partial<T>;
}

/** The list payload with each row of `rowsKey` cut to `fields` (and `idKey`); unchanged when none were asked. */
export function sparseRows<P extends object>(
  payload: P,
  rowsKey: keyof P,
  fields: readonly string[] | undefined,
  idKey = "id",
): P {
  if (fields === undefined) return payload;
  const keep = new Set([idKey, ...fields]);
  const rows = payload[rowsKey] as object[];
  return { ...payload, [rowsKey]: rows.map((row) => pick(row, keep)) };
}

/** A detail cut to its identity and `sections`; unchanged when no sections were asked. */
export function detailSections<D extends object>(detail: D, sections: readonly string[] | undefined): D {
  if (sections === undefined) return detail;
  return pick(detail, new Set([...DETAIL_IDENTITY, ...sections])) as D;
}

/** Months shown by default on each side of the snapshot's month. */
const WINDOW_MONTHS = 12;
/** Countries shown by default; the rest are summed as "other". */
const TOP_COUNTRIES = 10;

/** "YYYY-MM" `months` after (or before, when negative) the month of `date`. */
function monthOffset(date: string, months: number): string {
  const at = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 7);
}

/**
 * The statistics as answered by default: deadline months within a year of the snapshot's month, the largest
 * countries then "other", each source by id, date, age and stale flag. `full` gives everything.
 */
export function statisticsWindow(stats: Statistics, full: boolean): Statistics {
  if (full) return stats;
  // One window per statistics object (the query layer caches it), so its JSON is made once too (payloadJson).
  let windowed = windows.get(stats);
  if (!windowed) {
    windowed = recentWindow(stats);
    windows.set(stats, windowed);
  }
  return windowed;
}

const windows = new WeakMap<Statistics, Statistics>();

function recentWindow(stats: Statistics): Statistics {
  const from = monthOffset(stats.snapshot_date, -WINDOW_MONTHS);
  const to = monthOffset(stats.snapshot_date, WINDOW_MONTHS);
  return {
    ...stats,
    conference_deadline_by_month: stats.conference_deadline_by_month.filter(
      (m) => m.key >= from && m.key <= to,
    ),
    conference_country_distribution: topWithOther(stats.conference_country_distribution, TOP_COUNTRIES),
    data_sources: stats.data_sources.map(({ id, date, age_days, stale }) => ({ id, date, age_days, stale })),
  };
}
