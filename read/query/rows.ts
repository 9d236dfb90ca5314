/**
 * The public row shapes, built from table rows in one place so search, rankings, details and MCP all emit the
 * same fields in the same (spec) order. Nothing here reads a website: free rows never carry one.
 */
import type { CompactConference, CompactJournal, Conference, Journal } from "../schema/api.ts";
import type { VenueKind } from "./activity.ts";
import type { SnapshotDatabase } from "./database.ts";
import type { SearchKind } from "./search-index.ts";

/** A conference row as read from the snapshot's JSON file: the public row before its link is (re)made. */
export type ConferenceRecord = Omit<Conference, "detail_page">;

/** A journal row as read from the snapshot's JSON file: the public row before its link is (re)made. */
export type JournalRecord = Omit<Journal, "detail_page">;

/**
 * What a listing query selects of a venue of `alias` ("c", "j"): its numeric id. The public row is then read from
 * the snapshot's JSON file of the table (`selectedRows`), so DuckDB holds only what queries filter and sort on.
 */
export const selectedId = (alias: string) => `${alias}.id_num::DOUBLE AS id_num`;

export interface Selected {
  id_num: number;
}

/** The public rows of the venues a query selected, in its order. */
export function selectedRows<T>(db: SnapshotDatabase, table: SearchKind, selected: readonly Selected[]): T[] {
  return db.tableRows(
    table,
    selected.map((s) => s.id_num),
  ) as T[];
}

export const COMPACT_CONFERENCE_COLUMNS =
  "c.id, c.short_name, c.full_name, c.ccf_rank, c.core_rank, c.qualis_rank, c.submission_date, c.conference_date";

export const COMPACT_JOURNAL_COLUMNS = "j.id, j.short_name, j.full_name, j.ccf_rank, j.impact_factor";

export function detailPage(baseUrl: string, kind: VenueKind, id: string): string {
  return `${baseUrl}/${kind}/${id}`;
}

export function toConference(r: ConferenceRecord, baseUrl: string): Conference {
  return {
    id: r.id,
    short_name: r.short_name,
    full_name: r.full_name,
    submission_date: r.submission_date,
    notification_date: r.notification_date,
    conference_date: r.conference_date,
    location: r.location,
    // Absent from rows written before it was carried: none known.
    edition: r.edition ?? null,
    ccf_rank: r.ccf_rank,
    core_rank: r.core_rank,
    qualis_rank: r.qualis_rank,
    ccf_category: r.ccf_category,
    core_for: r.core_for,
    is_extended: r.is_extended,
    detail_page: detailPage(baseUrl, "conference", r.id),
    cp_index: r.cp_index,
    estimated_submission_date: r.estimated_submission_date,
    updated_at: r.updated_at,
    next_submission_date: r.next_submission_date,
    next_submission_closes_at: r.next_submission_closes_at,
    next_submission_estimated: r.next_submission_estimated,
    outlook_state: r.outlook_state,
    data_as_of: r.data_as_of,
    stale: r.stale,
  };
}

export function toJournal(r: JournalRecord, baseUrl: string): Journal {
  return {
    id: r.id,
    short_name: r.short_name,
    full_name: r.full_name,
    impact_factor: r.impact_factor,
    publisher: r.publisher,
    issn: r.issn,
    ccf_rank: r.ccf_rank,
    ccf_category: r.ccf_category,
    detail_page: detailPage(baseUrl, "journal", r.id),
    updated_at: r.updated_at,
    // Absent from rows written before they were carried: unknown, not called stale.
    data_as_of: r.data_as_of ?? null,
    stale: r.stale ?? false,
  };
}

export function toCompactConference(
  r: Omit<CompactConference, "detail_page">,
  baseUrl: string,
): CompactConference {
  return {
    id: r.id,
    short_name: r.short_name,
    full_name: r.full_name,
    ccf_rank: r.ccf_rank,
    core_rank: r.core_rank,
    qualis_rank: r.qualis_rank,
    submission_date: r.submission_date,
    conference_date: r.conference_date,
    detail_page: detailPage(baseUrl, "conference", r.id),
  };
}

export function toCompactJournal(r: Omit<CompactJournal, "detail_page">, baseUrl: string): CompactJournal {
  return {
    id: r.id,
    short_name: r.short_name,
    full_name: r.full_name,
    ccf_rank: r.ccf_rank,
    impact_factor: r.impact_factor,
    detail_page: detailPage(baseUrl, "journal", r.id),
  };
}
