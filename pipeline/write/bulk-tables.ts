/**
 * The snapshot's bulk tables: what a venue's detail page shows, flattened to one row per deadline, edition,
 * acceptance figure and rank claim, so bulk users get it without crawling. Derived from the validated details
 * (pipeline/write/write.ts writes each as JSON, CSV and Parquet and into venues.duckdb).
 */
import type {
  AcceptanceTableRow,
  ConferenceDetailData,
  DeadlineTableRow,
  EditionTableRow,
  JournalDetailData,
  OutlookTableRow,
  RankHistoryTableRow,
} from "../../snapshot/records.ts";

const ANNOUNCED = {
  estimated: false,
  earliest: null,
  latest: null,
  confidence: null,
  rhythm: null,
  based_on: [],
};

/** Every announced deadline of every edition, then the estimates of the next edition, flagged. */
function deadlineRows(d: ConferenceDetailData): DeadlineTableRow[] {
  const announced = d.editions.flatMap((e) =>
    e.deadlines.map((x) => ({ conference_id: d.id, edition_year: e.year, ...x, ...ANNOUNCED })),
  );
  const estimated = d.deadline_estimates.map((x) => ({
    conference_id: d.id,
    edition_year: x.edition_year,
    type: x.type,
    label: `${x.type} deadline (estimated)`,
    date: x.date,
    time: null,
    timezone: null,
    utc: null,
    source: "estimate",
    estimated: true,
    earliest: x.earliest,
    latest: x.latest,
    confidence: x.confidence,
    rhythm: x.rhythm,
    based_on: x.based_on,
  }));
  return [...announced, ...estimated];
}

/** The outlook's submission deadlines, each with the venue's state and whether it is the next one. */
function outlookRows(d: ConferenceDetailData): OutlookTableRow[] {
  const { next, state } = d.outlook;
  return d.outlook.deadlines.map((x) => ({
    conference_id: d.id,
    is_next: next !== null && x.closes_at === next.closes_at && x.type === next.type && x.date === next.date,
    state,
    ...x,
  }));
}

function editionRows(d: ConferenceDetailData): EditionTableRow[] {
  return d.editions.map(({ deadlines: _deadlines, ...e }) => ({ conference_id: d.id, ...e }));
}

function acceptanceRows(d: ConferenceDetailData): AcceptanceTableRow[] {
  return d.acceptance.map((a) => ({ conference_id: d.id, ...a }));
}

function rankHistoryRows(
  kind: RankHistoryTableRow["kind"],
  d: ConferenceDetailData | JournalDetailData,
): RankHistoryTableRow[] {
  return d.rank_history.map((r) => ({ kind, venue_id: d.id, ...r }));
}

/** The five tables made from the details, in one pass over them (each detail is parsed once). */
export interface DetailTables {
  deadlines: DeadlineTableRow[];
  outlook: OutlookTableRow[];
  editions: EditionTableRow[];
  acceptance: AcceptanceTableRow[];
  rank_history: RankHistoryTableRow[];
}

export function detailTables(
  conferences: Iterable<ConferenceDetailData>,
  journals: Iterable<JournalDetailData>,
): DetailTables {
  const tables: DetailTables = { deadlines: [], outlook: [], editions: [], acceptance: [], rank_history: [] };
  for (const d of conferences) {
    tables.deadlines.push(...deadlineRows(d));
    tables.outlook.push(...outlookRows(d));
    tables.editions.push(...editionRows(d));
    tables.acceptance.push(...acceptanceRows(d));
    tables.rank_history.push(...rankHistoryRows("conference", d));
  }
  for (const d of journals) tables.rank_history.push(...rankHistoryRows("journal", d));
  return tables;
}
