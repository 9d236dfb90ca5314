/**
 * When each outlook deadline was announced or last changed (`changed_at`, the RSS item's pubDate), decided once
 * by the build. A deadline the previous snapshot had as it stands keeps that snapshot's date; a new or changed
 * one gets the build date. In a first build (no previous snapshot, or one from before the field), a deadline
 * gets its source row's own date: the reference row's `updated_at` for the reference service, the source's data
 * date for the others, and for an estimate the date of the data it rests on (`data_as_of`); never after the
 * build date, and the build date when nothing is known.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { OUTLOOK_TABLE } from "../../snapshot/files.ts";
import type { OutlookDeadline, OutlookTableRow, SubmissionOutlook } from "../../snapshot/records.ts";
import { carriedDate } from "../normalize/carried-date.ts";
import { recordLines } from "../write/record-file.ts";

/** What makes a deadline the same one from build to build: a new round number, date, time or zone is a change. */
export const deadlineIdentity = (d: OutlookDeadline) =>
  [
    d.cycle_year,
    d.round,
    d.type,
    d.estimated ? "estimated" : "announced",
    d.date,
    d.time ?? "",
    d.timezone,
  ].join(" ");

/** Per venue id, each deadline's identity and its `changed_at` in the previous snapshot. */
export type PreviousChanges = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The previous snapshot's `changed_at` dates; null when there is none or it predates the field (a first build). */
export async function readPreviousChanges(snapshotDir: string | null): Promise<PreviousChanges | null> {
  const file = snapshotDir ? join(snapshotDir, `${OUTLOOK_TABLE}.json`) : null;
  if (!file || !existsSync(file)) return null;
  const byVenue = new Map<string, Map<string, string>>();
  for await (const { row } of recordLines(file)) {
    const deadline = row as Partial<OutlookTableRow>;
    if (!deadline.changed_at || !deadline.conference_id) continue;
    const venue = byVenue.get(deadline.conference_id) ?? new Map<string, string>();
    venue.set(deadlineIdentity(deadline as OutlookDeadline), deadline.changed_at);
    byVenue.set(deadline.conference_id, venue);
  }
  return byVenue.size > 0 ? byVenue : null;
}

export interface ChangeDates {
  /** The venue's deadlines in the previous snapshot; null in a first build. */
  previous: ReadonlyMap<string, string> | null;
  buildDate: string;
  /** The own date of the source row an announced deadline comes from, null when unknown. */
  sourceDate: (d: OutlookDeadline) => string | null;
}

/** The outlook with each deadline's `changed_at`. */
export function stampChanges(outlook: SubmissionOutlook, dates: ChangeDates): SubmissionOutlook {
  const { previous, buildDate } = dates;
  const firstSeen = (d: OutlookDeadline) => (d.estimated ? outlook.data_as_of : dates.sourceDate(d));
  // A deadline's identity holds all of it, so one found in the previous snapshot is unchanged.
  const changedAt = (d: OutlookDeadline) => {
    const before = previous?.get(deadlineIdentity(d));
    return carriedDate({
      previous: before === undefined ? undefined : { date: before, unchanged: true },
      previousBuild: previous !== null,
      buildDate,
      sourceDate: firstSeen(d),
      capAtBuildDate: true,
    });
  };
  const stamp = (d: OutlookDeadline) => ({ ...d, changed_at: changedAt(d) });
  return { ...outlook, deadlines: outlook.deadlines.map(stamp), next: outlook.next && stamp(outlook.next) };
}
