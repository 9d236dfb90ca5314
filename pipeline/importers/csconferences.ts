/**
 * emeryberger/csconferences (csconferences/csconferences.csv): acceptance counts per conference and year,
 * `Area,Conference,Year,Sequence,Accepted,Submitted,Source,Notes`. The repository states no licence, so the
 * merge only cross-checks other sources against it; it is imported faithfully all the same.
 *
 * `Sequence` numbers the submission cycles of one year (CCS, NSDI, SIGMETRICS review in two to four rounds,
 * and SIGMETRICS credits acceptances to the last round only): the cycles of a year are summed into one row,
 * the yearly figure the other sources give.
 */
import { join } from "node:path";
import type { AcceptanceRow } from "../../snapshot/records.ts";
import { fieldsFromCsconferencesArea } from "../fields/areas.ts";
import { cleanText } from "../normalize/normalize.ts";
import { numberCell, readCsv } from "../sources/csv.ts";
import type { ImportResult, Rejection } from "../sources/observations.ts";
import { acceptanceObservations, gatherVenue, type ListedVenue } from "./acceptance-lists.ts";

export const CSCONFERENCES_FILE = "csconferences/csconferences.csv";

/** accepted / submitted, or null when nothing was submitted (a rate of 0/0 means nothing). */
function acceptanceRate(accepted: number, submitted: number): number | null {
  return submitted > 0 ? accepted / submitted : null;
}

interface YearCounts {
  accepted: number;
  submitted: number;
}

export async function importCsconferences(upstreamDir: string): Promise<ImportResult> {
  const file = CSCONFERENCES_FILE;
  const records = await readCsv(join(upstreamDir, file), file, {
    requiredColumns: ["Area", "Conference", "Year", "Accepted", "Submitted"],
  });
  const rejected: Rejection[] = [];
  const venues = new Map<string, ListedVenue<Map<number, YearCounts>>>();
  for (const { row, values } of records) {
    const record = `row ${row}`;
    const acronym = cleanText(values.Conference);
    const year = numberCell(values.Year, "count");
    const accepted = numberCell(values.Accepted, "count");
    const submitted = numberCell(values.Submitted, "count");
    if (!acronym) {
      rejected.push({ file, record, reason: "no Conference" });
      continue;
    }
    if (year == null || accepted == null || submitted == null) {
      rejected.push({ file, record, reason: "Year, Accepted or Submitted missing or not a whole number" });
      continue;
    }
    if (accepted > submitted) {
      rejected.push({ file, record, reason: `${accepted} accepted of ${submitted} submitted` });
      continue;
    }
    const years = gatherVenue(
      venues,
      acronym,
      fieldsFromCsconferencesArea(values.Area ?? ""),
      () => new Map<number, YearCounts>(),
    );
    const counts = years.get(year) ?? { accepted: 0, submitted: 0 };
    years.set(year, { accepted: counts.accepted + accepted, submitted: counts.submitted + submitted });
  }
  const conferences = acceptanceObservations("csconferences", file, venues, (years) =>
    [...years]
      .sort(([a], [b]) => a - b)
      .map(
        ([year, { accepted, submitted }]): AcceptanceRow => ({
          year,
          submitted,
          accepted,
          rate: acceptanceRate(accepted, submitted),
          track: null,
          source: "csconferences",
        }),
      ),
  );
  return { source: "csconferences", read: records.length, conferences, journals: [], rejected };
}
