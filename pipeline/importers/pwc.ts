/**
 * paperswithcode/ai-deadlines (archived 2024): one list `_data/conferences.yml` (staged as `conferences.yml`),
 * one entry per edition. huggingface/ai-deadlines forked this format; what the two share (grouping editions into
 * series, the entry-level `deadline` / `abstract_deadline` / `timezone` fields) is in trackers-common.ts.
 */

import { fieldsFromPwcSubs } from "../fields/tags.ts";
import { countryFromPlace } from "../normalize/countries.ts";
import type { Importer, Rejection, SourceId } from "../sources/observations.ts";
import {
  entryDeadlines,
  listedEdition,
  readEditions,
  readYamlList,
  text,
  trackerResult,
} from "./trackers-common.ts";

const SOURCE: SourceId = "pwc";
const FILE_NAME = "conferences.yml";
const FILE = `pwc-ai-deadlines/${FILE_NAME}`;

export const importPwc: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const entries = readYamlList(upstreamDir, FILE);
  const editions = readEditions(entries, FILE, rejected, (entry, acronym, year, at) => {
    const place = text(entry.place);
    const subs = [entry.sub].flat().flatMap((sub) => text(sub) ?? []);
    return listedEdition(SOURCE, { file: FILE, fileName: FILE_NAME }, entry, {
      acronym,
      fullName: text(entry.full_name),
      year,
      // `data:` is a typo for `date:` in some entries.
      dateText: text(entry.date) ?? text(entry.data),
      place,
      country: countryFromPlace(place),
      deadlines: entryDeadlines(entry, text(entry.timezone), SOURCE, at, rejected),
      ranks: [],
      fields: fieldsFromPwcSubs(subs),
    });
  });
  return trackerResult(SOURCE, entries.length, editions, rejected);
};
