/**
 * CORE rankings 2014-2023 (core-history/CORE_<year>.json as the origin publishes them, read by core-json.ts; a
 * folder synced by an older version holds CORE<year>.csv copies instead, read as CSV). The CORE portal id is stable across editions, so a
 * venue's rows in all six files become one observation carrying a rank claim per edition: the history.
 * Ranks stay as published ("Australasian B", "National: China", "Unranked"): an edition that stopped ranking
 * a venue is a fact of its history, and normalizeCoreRank maps them onto the public scale when needed.
 * Names and fields come from the newest edition that states them.
 */
import { join } from "node:path";
import { type CoreForCode, isCoreForCode, type RankHistoryEntry } from "../../snapshot/records.ts";
import { fieldsFromForCodes } from "../fields/for-codes.ts";
import { cleanNames, cleanText, NAMELESS_REASON } from "../normalize/normalize.ts";
import { type CsvRecord, readCsv } from "../sources/csv.ts";
import { readJsonFile } from "../sources/json-file.ts";
import { numberedFiles } from "../sources/numbered-files.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type Rejection,
  SourceError,
} from "../sources/observations.ts";
import { coreRowsFromJson } from "./core-json.ts";

const DIR = "core-history";
const SOURCE = "core";
const EDITION_JSON = /^CORE_(\d{4})\.json$/;
const EDITION_CSV = /^CORE(\d{4})\.csv$/;
const COLUMNS = ["id", "title", "acronym", "rank", "for1", "for2", "for3"];

/** One venue's row in one edition. */
interface EditionRow {
  edition: string;
  file: string;
  acronym: string | null;
  title: string | null;
  rank: string | null;
  /** FoR codes that name a field (pipeline/fields/for-codes.ts). */
  codes: string[];
  /** The row's codes of the vocabulary the venues carry (2020 codes: snapshot/records/categories.ts). */
  forCodes: CoreForCode[];
}

function editionRow(edition: string, file: string, values: CsvRecord["values"]): EditionRow | null {
  const names = cleanNames(values.acronym, values.title);
  if (!names) return null;
  const codes = [values.for1, values.for2, values.for3].map(cleanText).filter((c) => c !== null);
  const named = codes.filter((c) => fieldsFromForCodes([c]).length > 0);
  return {
    edition,
    file,
    ...names,
    rank: cleanText(values.rank),
    codes: named,
    forCodes: codes.filter(isCoreForCode),
  };
}

/** The newest edition's value of a fact, falling back to older editions that state it. */
function newest<V>(rows: EditionRow[], get: (row: EditionRow) => V | null): V | null {
  for (const row of [...rows].reverse()) {
    const value = get(row);
    if (value !== null) return value;
  }
  return null;
}

function observationOf(coreId: string, rows: EditionRow[]): ConferenceObservation {
  const ranks: RankHistoryEntry[] = rows.flatMap((row) =>
    row.rank ? [{ system: "CORE" as const, edition: row.edition, rank: row.rank, source: SOURCE }] : [],
  );
  return conferenceObservation({
    source: SOURCE,
    key: `core/${coreId}`,
    file: rows.at(-1)?.file ?? DIR,
    acronym: newest(rows, (r) => r.acronym),
    title: newest(rows, (r) => r.title),
    coreId,
    ranks,
    // Every FoR code is a tentative claim (pipeline/fields/for-codes.ts says why).
    tentativeFields: fieldsFromForCodes(newest(rows, (r) => (r.codes.length > 0 ? r.codes : null)) ?? []),
    // As published, newest edition first: the venue's FoR codes in CORE's current vocabulary.
    forCodes: newest(rows, (r) => (r.forCodes.length > 0 ? r.forCodes : null)) ?? [],
  });
}

/** The editions, oldest first (so later rows are newer editions): the published JSON, else CSV copies. */
async function editions(
  upstreamDir: string,
): Promise<{ edition: string; file: string; records: CsvRecord[] }[]> {
  const json = await numberedFiles(upstreamDir, DIR, EDITION_JSON, "CORE_<year>.json").catch(() => []);
  if (json.length > 0) {
    return Promise.all(
      json.map(async ({ number, name }) => {
        const file = `${DIR}/${name}`;
        const parsed = await readJsonFile(join(upstreamDir, DIR, name), file);
        try {
          const records = coreRowsFromJson(parsed).map((values, i) => ({ row: i + 1, values }));
          return { edition: `CORE${number}`, file, records };
        } catch (err) {
          throw new SourceError(file, "file", (err as Error).message);
        }
      }),
    );
  }
  const csv = await numberedFiles(upstreamDir, DIR, EDITION_CSV, "CORE_<year>.json (or CORE<year>.csv)");
  return Promise.all(
    csv.map(async ({ number, name }) => {
      const file = `${DIR}/${name}`;
      const records = await readCsv(join(upstreamDir, DIR, name), file, { requiredColumns: COLUMNS });
      return { edition: `CORE${number}`, file, records };
    }),
  );
}

export async function importCoreHistory(upstreamDir: string): Promise<ImportResult> {
  const rejected: Rejection[] = [];
  const byId = new Map<string, EditionRow[]>();
  let read = 0;
  for (const { edition, file, records } of await editions(upstreamDir)) {
    read += records.length;
    for (const { row, values } of records) {
      const record = `row ${row}`;
      const id = cleanText(values.id);
      if (!id || !/^\d+$/.test(id)) {
        rejected.push({ file, record, reason: `CORE id is not a number: "${id ?? ""}"` });
        continue;
      }
      const rows = byId.get(id) ?? [];
      if (rows.at(-1)?.edition === edition) {
        rejected.push({ file, record, reason: `CORE id ${id} appears twice in ${edition}` });
        continue;
      }
      const parsed = editionRow(edition, file, values);
      if (!parsed) {
        rejected.push({ file, record, reason: NAMELESS_REASON });
        continue;
      }
      rows.push(parsed);
      byId.set(id, rows);
    }
  }
  const conferences = [...byId.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([id, rows]) => observationOf(id, rows));
  return { source: SOURCE, read, conferences, journals: [], rejected };
}
