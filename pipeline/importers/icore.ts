/**
 * CORE lists exported by ScholarUtilityBelt (scholar-utility-belt/): ICORE2026 (core_icore2026.csv) and the
 * portal's mixed older editions (core_portal_ranks.csv). Both are `Venue` ("Full title|ACRONYM") and `Rank`
 * columns with no CORE id, so each row is one observation keyed by its names; ranks stay as published.
 */

import { splitTitleAcronym } from "../normalize/normalize.ts";
import type { CsvRecord } from "../sources/csv.ts";
import type { ImportResult, SourceId } from "../sources/observations.ts";
import { importRankList, type RankList } from "./rank-list.ts";

function venueCell(values: CsvRecord["values"]) {
  return { ...splitTitleAcronym(values.Venue ?? ""), rank: values.Rank };
}

/** One ScholarUtilityBelt CORE export: `Venue` and `Rank` columns, ranks of the given edition. */
function importCoreExport(
  upstreamDir: string,
  source: SourceId,
  fileName: string,
  edition: string,
  csv?: RankList["csv"],
): Promise<ImportResult> {
  return importRankList(upstreamDir, {
    source,
    file: `scholar-utility-belt/${fileName}`,
    system: "CORE",
    edition,
    columns: ["Venue", "Rank"],
    csv,
    read: venueCell,
  });
}

/** ICORE2026, the current CORE edition. */
export function importIcore(upstreamDir: string): Promise<ImportResult> {
  return importCoreExport(upstreamDir, "icore", "core_icore2026.csv", "ICORE2026");
}

/** The CORE portal's ranks across older editions (the file does not say which edition each row is from). */
export function importCorePortal(upstreamDir: string): Promise<ImportResult> {
  // One row publishes the rank "Regional: Austria, Germany, Netherlands" unquoted; Venue cells never hold a
  // bare comma without quotes, so the extra fields belong to Rank.
  return importCoreExport(upstreamDir, "core_portal", "core_portal_ranks.csv", "CORE-portal", {
    unquotedLastColumn: true,
  });
}
