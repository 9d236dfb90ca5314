/**
 * Everything public about one venue, assembled once for both its HTML page and its Markdown rendition so the
 * two always state the same facts.
 */

import { type DataAge, dataAge } from "../../render/data-age.ts";
import { boxDeadlines, nextBox } from "../../render/next-box.ts";
import { type SourceDates, shownDeadlinesDataDate, sourceDates } from "../../render/provenance.ts";
import {
  type AcceptanceRow,
  type ConferenceRow,
  type CpIndex,
  currentCcfRank,
  currentCoreRank,
  currentQualisRank,
  type Edition,
  type JournalRow,
  type RankHistoryEntry,
  type SubmissionOutlook,
} from "../../snapshot/records.ts";
import { acceptanceSourceName, type Credits, venueCredits } from "./credits.ts";
import { type DeadlineEntry, deadlineKey, isUpcoming, venueDeadlines } from "./deadlines.ts";
import { markdownPath, venuePath } from "./paths.ts";
import { allRelatedVenues, type RelatedVenues } from "./related.ts";
import { settings } from "./settings.ts";
import { type PublicSpecialIssue, snapshot } from "./snapshot.ts";

export interface RankCell {
  system: string;
  rank: string;
  /** Which list the rank comes from. */
  edition: string | null;
  /** The rank as that list words it, when not the tier itself ("Australasian B" for CORE B); else null. */
  listed: string | null;
}

export interface ConferenceView {
  row: ConferenceRow;
  path: string;
  markdownPath: string;
  ranks: RankCell[];
  /** CORE list editions in date order (CORE2014 ... ICORE2026). */
  coreHistory: RankHistoryEntry[];
  /** Every rank claim as each source states it. */
  rankClaims: RankHistoryEntry[];
  cpIndex: CpIndex | null;
  /** The submission outlook the pipeline computed (next submission deadline, rounds, state). */
  outlook: SubmissionOutlook | null;
  /**
   * How old the data behind the deadlines of the first box is at the build (an announced one's source's data
   * date, an estimate's the venue's `data_as_of`; without any, `data_as_of`): the notice at the top when old.
   */
  dataAge: DataAge | null;
  /** Each source's name and data date, for the provenance of every deadline shown. */
  sources: SourceDates;
  /** The current edition's deadlines and any later upcoming ones, soonest first. */
  deadlines: DeadlineEntry[];
  /** Newest first. */
  editions: Edition[];
  /** Oldest first; `sourceName` is what to credit. */
  acceptance: (AcceptanceRow & { sourceName: string })[];
  dblp: string | null;
  related: RelatedVenues;
  credits: Credits;
}

export interface JournalView {
  row: JournalRow;
  path: string;
  markdownPath: string;
  ranks: RankCell[];
  rankClaims: RankHistoryEntry[];
  /** SCImago metrics by year, oldest first. */
  metrics: {
    year: number;
    sjr: number | null;
    quartile: string | null;
    h_index: number | null;
    cites_per_doc_2y: number | null;
  }[];
  /** The sources behind what the page shows (its rows, SCImago's metrics, the calls): the footer names their ages. */
  dataSources: string[];
  /** Open calls first (soonest deadline first), then the others (newest deadline first, undated ones last). */
  specialIssues: (PublicSpecialIssue & { status: SpecialIssueStatus })[];
  dblp: string | null;
  related: RelatedVenues;
  credits: Credits;
}

/** A published list edition ("CCF2022", "ICORE2026", "QUALIS2017-2020"), as opposed to a source's claim. */
const LIST_EDITION = /^(?:CCF|I?CORE|QUALIS)(\d{4})/;

const listYear = (edition: string) => edition.match(LIST_EDITION)?.[1] ?? "";

/** Rank claims grouped by system, list editions in date order, then the sources' own claims. */
const sortClaims = (history: readonly RankHistoryEntry[]) =>
  [...history].sort(
    (a, b) =>
      a.system.localeCompare(b.system) ||
      Number(!LIST_EDITION.test(a.edition)) - Number(!LIST_EDITION.test(b.edition)) ||
      listYear(a.edition).localeCompare(listYear(b.edition)) ||
      a.edition.localeCompare(b.edition),
  );

/** A journal's CCF rank's list: the newest list edition stating it, else any source stating it. */
function rankSource(history: readonly RankHistoryEntry[], system: string, rank: string): string | null {
  if (!rank) return null;
  const stating = history.filter((entry) => entry.system === system && entry.rank === rank);
  const lists = stating
    .filter((entry) => LIST_EDITION.test(entry.edition))
    .sort((a, b) => listYear(b.edition).localeCompare(listYear(a.edition)));
  return (lists[0] ?? stating[0])?.edition ?? null;
}

/**
 * A conference's ranks with the claim the build took each from (the contract's rule, never a guess by matching
 * the tier: ICORE2026's "Australasian B" is where a core_rank B comes from, not another source's plain "B").
 */
function conferenceRanks(row: ConferenceRow, history: readonly RankHistoryEntry[]): RankCell[] {
  const cell = (system: string, rank: string, claim: RankHistoryEntry | null): RankCell => ({
    system,
    rank,
    edition: rank ? (claim?.edition ?? null) : null,
    listed: rank && claim && claim.rank !== rank ? claim.rank : null,
  });
  return [
    cell("CCF", row.ccf_rank, currentCcfRank(history).claim),
    cell("CORE", row.core_rank, currentCoreRank(history).claim),
    cell("QUALIS", row.qualis_rank, currentQualisRank(history).claim),
  ];
}

/**
 * Related venues come from the query layer, which answers asynchronously: they are fetched for every venue
 * once, when this module is first loaded, so the views (and both renditions built from them) stay synchronous.
 */
const related = await allRelatedVenues();

const relatedOf = (venues: ReadonlyMap<string, RelatedVenues>, id: string): RelatedVenues =>
  venues.get(id) ?? { conferences: [], journals: [] };

/** Both renditions of a venue ask for its view: build it once per build. */
function memoById<V>(build: (id: string) => V): (id: string) => V {
  const views = new Map<string, V>();
  return (id) => {
    let view = views.get(id);
    if (view === undefined) {
      view = build(id);
      views.set(id, view);
    }
    return view;
  };
}

/** A venue's row and detail record; a page for an id the snapshot lacks is an error of the build. */
function venueRecords<Row, Detail extends { rank_history: RankHistoryEntry[] }>(
  kind: "conference" | "journal",
  rows: ReadonlyMap<string, Row>,
  details: ReadonlyMap<string, Detail>,
  id: string,
): { row: Row; detail: Detail | undefined; history: RankHistoryEntry[] } {
  const row = rows.get(id);
  if (!row) throw new Error(`no ${kind} with id ${id} in the snapshot`);
  const detail = details.get(id);
  return { row, detail, history: detail?.rank_history ?? [] };
}

export const conferenceView = memoById(function conferenceView(id: string): ConferenceView {
  const data = snapshot();
  const { row, detail, history } = venueRecords(
    "conference",
    data.conferenceById,
    data.conferenceDetails,
    id,
  );
  const current = new Set((detail?.deadlines ?? []).map(deadlineKey));
  const now = settings().buildTime;
  const sources = sourceDates(data.manifest.sources);
  const outlook = detail?.outlook ?? null;
  return {
    row,
    path: venuePath("conference", id),
    markdownPath: markdownPath(venuePath("conference", id)),
    ranks: conferenceRanks(row, history),
    coreHistory: history
      .filter((entry) => entry.system === "CORE" && LIST_EDITION.test(entry.edition))
      .sort((a, b) => listYear(a.edition).localeCompare(listYear(b.edition))),
    rankClaims: sortClaims(history),
    cpIndex: row.cp_index,
    outlook,
    dataAge: dataAge(
      [shownDeadlinesDataDate(boxDeadlines(nextBox(outlook)), sources, outlook?.data_as_of ?? null)],
      now.toISOString(),
    ),
    sources,
    deadlines: venueDeadlines(id).filter(
      (entry) => current.has(deadlineKey(entry.deadline)) || isUpcoming(entry.deadline, now),
    ),
    editions: [...(detail?.editions ?? [])].sort((a, b) => b.year - a.year),
    acceptance: [...(detail?.acceptance ?? [])]
      .sort((a, b) => a.year - b.year || (a.track ?? "").localeCompare(b.track ?? ""))
      .map((entry) => ({ ...entry, sourceName: acceptanceSourceName(data.manifest, entry.source) })),
    dblp: detail?.dblp ?? null,
    related: relatedOf(related.conferences, id),
    credits: venueCredits(data.manifest, detail?.sources ?? [], "conference", row.reference_id),
  };
});

/** A call without a deadline is neither open nor closed: nothing says when it closes. */
export type SpecialIssueStatus = "open" | "closed" | "undated";

export function specialIssueStatus(submissionDate: string | null, today: string): SpecialIssueStatus {
  if (submissionDate === null) return "undated";
  return submissionDate >= today ? "open" : "closed";
}

export const journalView = memoById(function journalView(id: string): JournalView {
  const data = snapshot();
  const { row, detail, history } = venueRecords("journal", data.journalById, data.journalDetails, id);
  const today = settings().buildTime.toISOString().slice(0, 10);
  const issues = (detail?.special_issues ?? []).map((issue) => ({
    ...issue,
    status: specialIssueStatus(issue.submission_date, today),
  }));
  const open = issues
    .filter((issue) => issue.status === "open")
    .sort((a, b) => (a.submission_date ?? "").localeCompare(b.submission_date ?? ""));
  const past = issues
    .filter((issue) => issue.status !== "open")
    .sort((a, b) => (b.submission_date ?? "").localeCompare(a.submission_date ?? ""));
  return {
    row,
    path: venuePath("journal", id),
    markdownPath: markdownPath(venuePath("journal", id)),
    ranks: [
      { system: "CCF", rank: row.ccf_rank, edition: rankSource(history, "CCF", row.ccf_rank), listed: null },
    ],
    rankClaims: sortClaims(history),
    metrics: [...(detail?.metrics ?? [])].sort((a, b) => a.year - b.year),
    dataSources: [...new Set((detail?.sources ?? []).map((s) => s.source))],
    specialIssues: [...open, ...past],
    dblp: detail?.dblp ?? null,
    related: relatedOf(related.journals, id),
    credits: venueCredits(data.manifest, detail?.sources ?? [], "journal", row.reference_id),
  };
});
