/**
 * When and for how long an edition several trackers describe is held. The start comes from the first tracker (by
 * priority) that dates it; the end from a tracker that agrees on that start, one that gives a range first: a
 * one-day text ("December 6, 2026", which ccfddl's importer reads as start = end) is no evidence of a one-day
 * conference when another source agreeing on the start publishes "December 6-12". A tracker that starts the
 * edition on another day never lends its end, so start and end always come from sources that agree.
 */
import type { Edition } from "../../snapshot/records.ts";

export type EditionDates = Pick<Edition, "start_date" | "end_date" | "date_text">;

/** `editions`: one edition year as each tracker gives it, in tracker priority order. */
export function editionDates(editions: readonly EditionDates[]): EditionDates {
  const start = editions.find((e) => e.start_date)?.start_date ?? null;
  const agreeing = editions.filter((e) => e.start_date === start);
  const end =
    (start === null
      ? null
      : (agreeing.find((e) => e.end_date !== null && e.end_date > start) ?? agreeing.find((e) => e.end_date))
          ?.end_date) ?? null;
  // The text as published by a source whose dates are the ones shown, so text and dates never contradict
  // ("December 6, 2026" beside an end of 12 December); else none, and the dates are printed instead.
  const text =
    editions.find((e) => e.date_text && e.start_date === start && e.end_date === end)?.date_text ?? null;
  return { start_date: start, end_date: end, date_text: text };
}
