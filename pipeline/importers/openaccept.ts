/**
 * OpenAccept (openaccept/<area>/<ACRONYM>.json, CC BY-SA 4.0): per conference its name, full name, official
 * website, dblp link and yearly {year, submitted, accepted}. The acceptance rows join the other sources' history
 * with `source: "openaccept"` on each row (the licence follows those rows: manifest and pages credit them); the
 * website is kept for paid details like every venue website; the dblp link is resolution evidence. Its rank
 * fields repeat the CCF and ICORE lists, which are imported from their own sources, and are not read.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { AcceptanceRow } from "../../snapshot/records.ts";
import { cleanText, dblpKeyFromUrl } from "../normalize/normalize.ts";
import { readJsonFile } from "../sources/json-file.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type Rejection,
} from "../sources/observations.ts";

export const OPENACCEPT_DIR = "openaccept";

const YearRow = z.object({
  year: z.number().int().min(1900).max(2100),
  submitted: z.number().int().min(0).nullable().optional(),
  accepted: z.number().int().min(0).nullable().optional(),
});

const OpenAcceptFile = z.object({
  name: z.string().min(1),
  full_name: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  dblp: z.string().nullable().optional(),
  yearly_data: z.array(z.unknown()).default([]),
});

/** An http(s) URL as given, or null. */
function webUrl(value: string | null | undefined): string | null {
  const url = cleanText(value);
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

/** accepted / submitted, rounded as the other sources' rates are; null when either is unknown or 0 submitted. */
function rateOf(submitted: number | null, accepted: number | null): number | null {
  if (submitted === null || accepted === null || submitted === 0 || accepted > submitted) return null;
  return Number((accepted / submitted).toPrecision(12));
}

export async function importOpenAccept(upstreamDir: string): Promise<ImportResult> {
  const root = join(upstreamDir, OPENACCEPT_DIR);
  const areas = (await readdir(root, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  const conferences: ConferenceObservation[] = [];
  const rejected: Rejection[] = [];
  let read = 0;
  for (const area of areas) {
    const names = (await readdir(join(root, area))).filter((name) => name.endsWith(".json")).sort();
    for (const name of names) {
      read += 1;
      const file = `${OPENACCEPT_DIR}/${area}/${name}`;
      const parsed = OpenAcceptFile.safeParse(await readJsonFile(join(root, area, name), file));
      if (!parsed.success) {
        rejected.push({
          file,
          record: name,
          reason: `not an OpenAccept venue: ${parsed.error.issues[0]?.message}`,
        });
        continue;
      }
      const venue = parsed.data;
      const acronym = cleanText(venue.name);
      if (!acronym) {
        rejected.push({ file, record: name, reason: "no venue name" });
        continue;
      }
      const acceptance: AcceptanceRow[] = [];
      for (const [index, raw] of venue.yearly_data.entries()) {
        const row = YearRow.safeParse(raw);
        if (!row.success) {
          rejected.push({
            file,
            record: `${acronym} yearly_data[${index}]`,
            reason: "not a {year, submitted, accepted} row",
          });
          continue;
        }
        const submitted = row.data.submitted ?? null;
        const accepted = row.data.accepted ?? null;
        const rate = rateOf(submitted, accepted);
        if (rate === null) {
          rejected.push({
            file,
            record: `${acronym} ${row.data.year}`,
            reason: `no acceptance rate from submitted ${submitted} and accepted ${accepted}`,
          });
          continue;
        }
        acceptance.push({
          year: row.data.year,
          submitted,
          accepted,
          rate,
          track: null,
          source: "openaccept",
        });
      }
      conferences.push(
        conferenceObservation({
          source: "openaccept",
          key: acronym,
          file,
          acronym,
          title: cleanText(venue.full_name),
          dblp: dblpKeyFromUrl(venue.dblp),
          website: webUrl(venue.website),
          acceptance: acceptance.sort((a, b) => a.year - b.year),
        }),
      );
    }
  }
  return { source: "openaccept", read, conferences, journals: [], rejected };
}
