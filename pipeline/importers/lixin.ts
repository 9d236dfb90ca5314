/**
 * lixin4ever/Conference-Acceptance-Rate (lixin4ever-acceptance/README_source_tables.md): the repository's markdown
 * tables, read here into rows `area,venue,year,track,category,rate_pct,accepted,submitted,raw` (lixin-tables.ts).
 *
 * Each table has a "Long Paper" and a "Short Paper" column, and a "<venue>'YY Findings" line for ACL-family
 * Findings. The "Long Paper" column of the main line is the venue's headline rate (CV/ML/AI tables put every
 * venue's only figure there), so that row is the main track (track null); every other row names its track:
 * "Short Paper", "Findings Long Paper", "Findings Short Paper".
 *
 * The rate is the published percentage, kept even where it disagrees with the counts beside it. A row whose
 * rate is "?" says nothing about selectivity and is rejected; a "?" or approximate ("~743") count next to a
 * known rate becomes null.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AcceptanceRow } from "../../snapshot/records.ts";
import { fieldsFromLixinArea } from "../fields/areas.ts";
import { cleanText } from "../normalize/normalize.ts";
import { numberCell } from "../sources/csv.ts";
import { type ImportResult, type Rejection, SourceError } from "../sources/observations.ts";
import { acceptanceObservations, gatherVenue, type ListedVenue } from "./acceptance-lists.ts";
import { LIXIN_TABLES_FILE, parseLixinTables } from "./lixin-tables.ts";

const MAIN_CATEGORY = "Long Paper";

/** The row's track label; null for the main line's long-paper column. */
export function lixinTrack(track: string | undefined, category: string | undefined): string | null {
  const t = cleanText(track);
  const c = cleanText(category);
  if (t === null && (c === null || c === MAIN_CATEGORY)) return null;
  return [t, c].filter((part) => part !== null).join(" ");
}

/** 28.7 → 0.287, without the binary noise of a plain division (0.28700000000000003). */
function percentToFraction(percent: number): number {
  return Number((percent / 100).toPrecision(12));
}

export async function importLixin(upstreamDir: string): Promise<ImportResult> {
  const file = LIXIN_TABLES_FILE;
  let markdown: string;
  try {
    markdown = await readFile(join(upstreamDir, file), "utf8");
  } catch (cause) {
    throw new SourceError(file, "file", `cannot read: ${(cause as Error).message}`);
  }
  const records = parseLixinTables(markdown);
  if (records.length === 0) throw new SourceError(file, "file", "no acceptance table found");
  const rejected: Rejection[] = [];
  const venues = new Map<string, ListedVenue<AcceptanceRow[]>>();
  for (const { line, values } of records) {
    const acronym = cleanText(values.venue);
    const track = lixinTrack(values.track, values.category);
    const record = `line ${line} (${[acronym, values.year, track].filter(Boolean).join(" ")})`;
    const year = numberCell(values.year, "count");
    const ratePct = numberCell(values.rate_pct, "decimal");
    const accepted = numberCell(values.accepted, "count");
    const submitted = numberCell(values.submitted, "count");
    if (!acronym || year == null) {
      rejected.push({ file, record, reason: "no venue or year" });
      continue;
    }
    if (ratePct === null) {
      rejected.push({ file, record, reason: `rate not given ("${cleanText(values.raw) ?? ""}")` });
      continue;
    }
    if (
      ratePct === undefined ||
      ratePct < 0 ||
      ratePct > 100 ||
      accepted === undefined ||
      submitted === undefined
    ) {
      rejected.push({ file, record, reason: "rate_pct, accepted or submitted is not a valid number" });
      continue;
    }
    const rows = gatherVenue(
      venues,
      acronym,
      fieldsFromLixinArea(values.area ?? ""),
      (): AcceptanceRow[] => [],
    );
    rows.push({ year, submitted, accepted, rate: percentToFraction(ratePct), track, source: "lixin" });
  }
  const conferences = acceptanceObservations("lixin", file, venues, (rows) =>
    rows.sort((a, b) => a.year - b.year || (a.track ?? "").localeCompare(b.track ?? "")),
  );
  return { source: "lixin", read: records.length, conferences, journals: [], rejected };
}
