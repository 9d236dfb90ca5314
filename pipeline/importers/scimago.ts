/**
 * SCImago Journal & Country Rank, subject area Computer Science, one ';'-separated export per year
 * (scimago-sjr-cs/scimagojr_<YYYY>_computer_science.csv, 2017-2021 staged). `Sourceid` is SCImago's stable
 * id, so one journal observation per Sourceid gathers every year's metrics.
 *
 * The exports also list conference proceedings, book series and trade journals: those rows are read but
 * not emitted (the catalogue's journals are journals). Names, ISSNs, publisher and categories come from the
 * newest year a journal appears in.
 */
import { join } from "node:path";
import type { z } from "zod";
import type { JournalMetricYear } from "../../snapshot/records.ts";
import { fieldsFromScimagoCategories, scimagoCategories } from "../fields/scimago.ts";
import { cleanText, normalizeIssn } from "../normalize/normalize.ts";
import { type CsvRecord, numberCell, readCsv } from "../sources/csv.ts";
import { numberedFiles } from "../sources/numbered-files.ts";
import {
  type ImportResult,
  type JournalObservation,
  journalObservation,
  type Rejection,
} from "../sources/observations.ts";

export const SCIMAGO_DIR = "scimago-sjr-cs";
const YEAR_FILE = /^scimagojr_(\d{4})_computer_science\.csv$/;

const COLUMNS = [
  "Sourceid",
  "Title",
  "Type",
  "Issn",
  "SJR",
  "SJR Best Quartile",
  "H index",
  "Cites / Doc. (2years)",
  "Publisher",
  "Categories",
] as const;

type MetricYear = z.infer<typeof JournalMetricYear>;

/** One journal row of one year's export, checked. */
interface JournalYear {
  sourceId: string;
  title: string;
  /** Read from the row now, so the row itself (and the file text it points into) is not kept. */
  issns: string[];
  publisher: string | null;
  categories: string[];
  metric: MetricYear;
}

/** "15505499, 00000000" → ["1550-5499"]; the dummy and malformed entries are dropped. */
export function scimagoIssns(cell: string | undefined): string[] {
  const issns = (cell ?? "").split(",").map((part) => normalizeIssn(part));
  return [...new Set(issns.filter((issn) => issn !== null))];
}

/** "Q1".."Q4", null for "-" (no quartile that year) or blank, undefined for anything else. */
function quartileCell(raw: string | undefined): string | null | undefined {
  const text = cleanText(raw);
  if (text === null || text === "-") return null;
  return /^Q[1-4]$/.test(text) ? text : undefined;
}

/** The journal row's checked contents, or the reason it cannot be used. */
function readJournalRow(values: CsvRecord["values"], year: number): JournalYear | string {
  const sourceId = cleanText(values.Sourceid);
  const title = cleanText(values.Title);
  if (!sourceId || !/^\d+$/.test(sourceId)) return "Sourceid missing or not numeric";
  if (!title) return "no Title";
  const sjr = numberCell(values.SJR, "decimal");
  const quartile = quartileCell(values["SJR Best Quartile"]);
  const hIndex = numberCell(values["H index"], "count");
  const citesPerDoc = numberCell(values["Cites / Doc. (2years)"], "decimal");
  if (sjr === undefined || quartile === undefined || hIndex === undefined || citesPerDoc === undefined) {
    return "SJR, SJR Best Quartile, H index or Cites / Doc. (2years) is not a valid value";
  }
  return {
    sourceId,
    title,
    issns: scimagoIssns(values.Issn),
    publisher: cleanText(values.Publisher),
    categories: scimagoCategories(values.Categories ?? ""),
    metric: { year, sjr, quartile, h_index: hIndex, cites_per_doc_2y: citesPerDoc },
  };
}

function journalFrom(years: JournalYear[], file: string): JournalObservation {
  const newestFirst = [...years].sort((a, b) => b.metric.year - a.metric.year);
  const newest = newestFirst[0] as JournalYear;
  return journalObservation({
    source: "scimago",
    key: `scimago/${newest.sourceId}`,
    file,
    title: newest.title,
    issns: [...new Set(newestFirst.flatMap((y) => y.issns))],
    publisher: newest.publisher,
    // A journal is filed under two to six categories, many of them loosely (PARCO under "Artificial
    // Intelligence" and "Computer Graphics"): each is tentative, kept where a finer source agrees.
    tentativeFields: fieldsFromScimagoCategories(newest.categories),
    metrics: newestFirst.map((y) => y.metric).reverse(),
  });
}

export async function importScimago(upstreamDir: string): Promise<ImportResult> {
  const rejected: Rejection[] = [];
  const bySourceId = new Map<string, { file: string; years: JournalYear[] }>();
  let read = 0;
  const yearFiles = await numberedFiles(
    upstreamDir,
    SCIMAGO_DIR,
    YEAR_FILE,
    "scimagojr_<YYYY>_computer_science.csv",
  );
  for (const { name, number } of yearFiles) {
    const year = Number(number);
    const file = `${SCIMAGO_DIR}/${name}`;
    const records = await readCsv(join(upstreamDir, file), file, {
      delimiter: ";",
      requiredColumns: COLUMNS,
    });
    read += records.length;
    for (const { row, values } of records) {
      if (cleanText(values.Type)?.toLowerCase() !== "journal") continue;
      const record = `row ${row} (Sourceid ${cleanText(values.Sourceid) ?? "?"})`;
      const journal = readJournalRow(values, year);
      if (typeof journal === "string") {
        rejected.push({ file, record, reason: journal });
        continue;
      }
      const entry = bySourceId.get(journal.sourceId) ?? { file, years: [] };
      bySourceId.set(journal.sourceId, entry);
      // SCImago lists a journal once per subject area in all-areas exports; the metrics are the same.
      if (entry.years.some((y) => y.metric.year === year)) {
        rejected.push({ file, record, reason: "Sourceid listed twice in the same year" });
        continue;
      }
      entry.file = file;
      entry.years.push(journal);
    }
  }
  const journals = [...bySourceId.values()].map(({ file, years }) => journalFrom(years, file));
  return { source: "scimago", read, conferences: [], journals, rejected };
}
