/**
 * CORE lists exported by ScholarUtilityBelt (scholar-utility-belt/): ICORE2026 (core_icore2026.csv) and the
 * portal's mixed older editions (core_portal_ranks.csv). Both are `Venue` ("Full title|ACRONYM") and `Rank`
 * columns with no CORE id, so each row is one observation keyed by its names; ranks stay as published.
 *
 * `importRankList` is the shape every flat "one venue, one rank per row" list shares (QUALIS uses it too).
 */
import { join } from "node:path";
import type { RankHistoryEntry } from "../../../functions/schema/records.ts";
import { type CsvOptions, type CsvRecord, readCsv } from "../csv.ts";
import { cleanNames, cleanText, NAMELESS_REASON, splitTitleAcronym } from "../normalize.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type Rejection,
  type SourceId,
} from "../observations.ts";

export interface RankList {
  source: SourceId;
  /** Relative to the upstream dir. */
  file: string;
  system: RankHistoryEntry["system"];
  edition: string;
  columns: readonly string[];
  /** Reader options beyond the required columns (a quirk of the file). */
  csv?: Omit<CsvOptions, "requiredColumns">;
  /** The row's acronym, title and rank cells, uncleaned. */
  read: (values: CsvRecord["values"]) => { acronym: unknown; title: unknown; rank: unknown };
}

/**
 * One conference observation per row, keyed "<edition>#<title>|<acronym>", with the row's rank claim.
 * A row repeating an earlier row's names is rejected as a duplicate.
 */
export async function importRankList(upstreamDir: string, list: RankList): Promise<ImportResult> {
  const records = await readCsv(join(upstreamDir, list.file), list.file, {
    ...list.csv,
    requiredColumns: list.columns,
  });
  const rejected: Rejection[] = [];
  const conferences = new Map<string, ConferenceObservation>();
  for (const { row, values } of records) {
    const record = `row ${row}`;
    const cells = list.read(values);
    const names = cleanNames(cells.acronym, cells.title);
    if (!names) {
      rejected.push({ file: list.file, record, reason: NAMELESS_REASON });
      continue;
    }
    const key = `${list.edition}#${names.title ?? ""}|${names.acronym ?? ""}`;
    if (conferences.has(key)) {
      rejected.push({ file: list.file, record, reason: "duplicate of an earlier row" });
      continue;
    }
    const rank = cleanText(cells.rank);
    const ranks = rank ? [{ system: list.system, edition: list.edition, rank, source: list.source }] : [];
    conferences.set(
      key,
      conferenceObservation({ source: list.source, key, file: list.file, ...names, ranks }),
    );
  }
  return {
    source: list.source,
    read: records.length,
    conferences: [...conferences.values()],
    journals: [],
    rejected,
  };
}

function venueCell(values: CsvRecord["values"]) {
  return { ...splitTitleAcronym(values.Venue ?? ""), rank: values.Rank };
}

/** ICORE2026, the current CORE edition. */
export function importIcore(upstreamDir: string): Promise<ImportResult> {
  return importRankList(upstreamDir, {
    source: "icore",
    file: "scholar-utility-belt/core_icore2026.csv",
    system: "CORE",
    edition: "ICORE2026",
    columns: ["Venue", "Rank"],
    read: venueCell,
  });
}

/** The CORE portal's ranks across older editions (the file does not say which edition each row is from). */
export function importCorePortal(upstreamDir: string): Promise<ImportResult> {
  return importRankList(upstreamDir, {
    source: "core_portal",
    file: "scholar-utility-belt/core_portal_ranks.csv",
    system: "CORE",
    edition: "CORE-portal",
    columns: ["Venue", "Rank"],
    // One row publishes the rank "Regional: Austria, Germany, Netherlands" unquoted; Venue cells never
    // hold a bare comma without quotes, so the extra fields belong to Rank.
    csv: { unquotedLastColumn: true },
    read: venueCell,
  });
}
