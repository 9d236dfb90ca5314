/**
 * The CCF 2022 recommended list (ccf-list/ccf_venues.csv): conferences and journals with their CCF level,
 * subject area (Chinese name), publisher and dblp page.
 *
 * A few journals are listed under two subject areas (TOMM, DKE, IPL, IJIS): those rows are one venue, so
 * they become one observation with both areas' fields. Rows are grouped by type and normalised title, not
 * by acronym or dblp key: two different venues share "CC", "FSE", and dblp files AsiaCCS under conf/ccs.
 * A dblp key the list gives to two different venues is dropped from both: resolution treats a dblp key as
 * an identity, and it would glue AsiaCCS (C) to CCS (A).
 */
import { join } from "node:path";
import { cleanNames, cleanText, dblpKeyFromUrl } from "../normalize/normalize.ts";
import { readCsv } from "../sources/csv.ts";
import type { ImportResult, Rejection } from "../sources/observations.ts";
import { type CcfVenue, ccfAreas, ccfObservations, ccfRowVenue, joinAreas } from "./ccf-common.ts";

const FILE = "ccf-list/ccf_venues.csv";
const SOURCE = "ccf";
const EDITION = "CCF2022";

/** A venue of the list, with the row it came from (for error messages). */
interface Venue extends CcfVenue {
  row: number;
}

export async function importCcfList(upstreamDir: string): Promise<ImportResult> {
  const records = await readCsv(join(upstreamDir, FILE), FILE, {
    requiredColumns: ["name", "full_name", "publisher", "url", "level", "field", "type"],
  });
  const rejected: Rejection[] = [];
  const venues = new Map<string, Venue>();
  for (const { row, values } of records) {
    const record = `row ${row}`;
    const venue = ccfRowVenue(EDITION, {
      names: cleanNames(values.name, values.full_name),
      type: cleanText(values.type),
      level: cleanText(values.level),
    });
    if ("reason" in venue) {
      rejected.push({ file: FILE, record, reason: venue.reason });
      continue;
    }
    const { key, type, level, names } = venue;
    const areas = ccfAreas(cleanText(values.field));
    const known = venues.get(key);
    if (known) {
      if (known.level !== level) {
        rejected.push({ file: FILE, record, reason: `same venue as row ${known.row} with another level` });
      } else {
        known.areas = joinAreas(known.areas, areas);
      }
      continue;
    }
    venues.set(key, {
      type,
      key,
      row,
      ...names,
      publisher: cleanText(values.publisher),
      dblp: dblpKeyFromUrl(values.url),
      level,
      areas,
    });
  }
  return {
    source: SOURCE,
    read: records.length,
    ...ccfObservations({ source: SOURCE, edition: EDITION, file: FILE }, [...venues.values()]),
    rejected,
  };
}
