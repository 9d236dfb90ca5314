/**
 * The pages' access to the query layer's `upcomingDeadlines`: the API's parameters in, the rows (or the
 * validation message, for a 400) out, and every page of a filter for the feeds.
 */

import type { QueryLayer } from "../read/query/index.ts";
import { type DeadlineCounts, DeadlineListParams, describeIssues } from "../read/schema/api.ts";
import type { SubmissionOutlook } from "../snapshot/records.ts";
import type { DeadlineFilter, DeadlineRow } from "./deadline-list.ts";
import { filterParams } from "./deadline-list.ts";
import type { Ranked } from "./rank-line.ts";

/** Rows of a filter and the counts of its whole result (every page). */
export interface DeadlineRows {
  rows: DeadlineRow[];
  counts: DeadlineCounts;
}

export interface DeadlinePage extends DeadlineRows {
  pagination: { total: number; page: number; total_pages: number };
}

/** The query layer's upcomingDeadlines with the API's parameters: rows, or the validation message. */
export type DeadlineLister = (params: Record<string, string>) => Promise<DeadlinePage | { invalid: string }>;

export function deadlineLister(query: QueryLayer): DeadlineLister {
  return async (params) => {
    const parsed = DeadlineListParams.safeParse(params);
    if (!parsed.success) return { invalid: describeIssues(parsed.error) };
    const data = await query.upcomingDeadlines(parsed.data);
    return { rows: data.deadlines, counts: data.counts, pagination: data.pagination };
  };
}

/**
 * The first `max` rows of the filter in the list's order (feeds and built lists are not paged), with the counts of
 * its whole result.
 */
export async function allRows(
  list: DeadlineLister,
  filter: DeadlineFilter,
  max: number,
): Promise<DeadlineRows | { invalid: string }> {
  const rows: DeadlineRow[] = [];
  let counts: DeadlineCounts = { announced: 0, estimated: 0 };
  for (let page = 1; rows.length < max; page++) {
    const answer = await list({ ...filterParams(filter), page: String(page), per_page: "100" });
    if ("invalid" in answer) return answer;
    rows.push(...answer.rows);
    counts = answer.counts;
    if (page >= answer.pagination.total_pages) break;
  }
  return { rows: rows.slice(0, max), counts };
}

export interface WatchedConference extends Ranked {
  id: string;
  short_name: string;
  full_name: string;
  outlook: SubmissionOutlook | null;
  /** The date of the data behind `outlook.next` (read/query/outlooks.ts); null without one. */
  next_data_as_of: string | null;
}

export interface WatchedJournal {
  id: string;
  name: string;
}

/** The watched venues the snapshot holds, in any order (unknown ids left out). */
export type WatchedVenues = (ids: { conferences: string[]; journals: string[] }) => Promise<{
  conferences: WatchedConference[];
  journals: WatchedJournal[];
}>;

/** The watched venues with each conference's outlook, for the watchlist page. */
export function watchedVenues(query: QueryLayer): WatchedVenues {
  return async (ids) => {
    const [outlooks, compact] = await Promise.all([
      query.conferenceOutlooks(ids.conferences),
      query.venues({ conferences: [], journals: ids.journals }),
    ]);
    return {
      conferences: outlooks.map(({ row, outlook, next_data_as_of }) => ({
        ...row,
        outlook,
        next_data_as_of,
      })),
      journals: compact.journals.map((j) => ({ id: j.id, name: j.short_name || j.full_name })),
    };
  };
}
