/**
 * paperswithcode/ai-deadlines (archived 2024): one list `_data/conferences.yml` (staged as `conferences.yml`),
 * one entry per edition. huggingface/ai-deadlines forked this format; what the two share (grouping editions into
 * series, the entry-level `deadline` / `abstract_deadline` / `timezone` fields) is in trackers-common.ts.
 */

import { fieldsFromPwcSubs } from "../fields/tags.ts";
import { countryFromPlace } from "../normalize/countries.ts";
import { editionDates } from "../normalize/dates.ts";
import type { Importer, Rejection, SourceId } from "../sources/observations.ts";
import {
  entryDeadlines,
  readEditions,
  readYamlList,
  text,
  trackerEdition,
  trackerResult,
} from "./trackers-common.ts";

const SOURCE: SourceId = "pwc";
const FILE_NAME = "conferences.yml";
const FILE = `pwc-ai-deadlines/${FILE_NAME}`;

export const importPwc: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const entries = readYamlList(upstreamDir, FILE);
  const editions = readEditions(entries, FILE, rejected, (entry, acronym, year, at) => {
    // `data:` is a typo for `date:` in some entries.
    const dateText = text(entry.date) ?? text(entry.data);
    const place = text(entry.place);
    const subs = [entry.sub].flat().flatMap((sub) => text(sub) ?? []);
    return {
      acronym,
      fullName: text(entry.full_name),
      link: text(entry.link),
      file: FILE,
      fileName: FILE_NAME,
      edition: trackerEdition(SOURCE, {
        year,
        dateText,
        range: editionDates(dateText, entry.start, entry.end, year),
        place,
        country: countryFromPlace(place),
        deadlines: entryDeadlines(entry, text(entry.timezone), SOURCE, at, rejected),
      }),
      ranks: [],
      fields: fieldsFromPwcSubs(subs),
    };
  });
  return trackerResult(SOURCE, entries.length, editions, rejected);
};
