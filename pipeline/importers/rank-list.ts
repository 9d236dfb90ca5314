/**
 * The shape every flat "one venue, one rank per row" CSV list shares (ICORE2026, the CORE portal export,
 * QUALIS): each row names a conference and states its rank in one list edition.
 */
import { join } from "node:path";
import type { RankHistoryEntry } from "../../snapshot/records.ts";
import { cleanNames, cleanText, NAMELESS_REASON } from "../normalize/normalize.ts";
import { type CsvOptions, type CsvRecord, readCsv } from "../sources/csv.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type Rejection,
  type SourceId,
} from "../sources/observations.ts";

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
