/**
 * paperswithcode/ai-deadlines (archived 2024): one list `_data/conferences.yml` (staged as `conferences.yml`),
 * one entry per edition. huggingface/ai-deadlines forked this format, so the grouping of editions into series
 * and the entry-level `deadline` / `abstract_deadline` / `timezone` fields are read here for both.
 */
import type {
  Deadline,
  Edition,
  RankHistoryEntry,
  ResearchField,
} from "../../../functions/schema/records.ts";
import { editionDates } from "../dates.ts";
import { fieldsFromPwcSubs } from "../fields/tags.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type Importer,
  type Rejection,
  type SourceId,
} from "../observations.ts";
import {
  addDeadline,
  countryFromPlace,
  integer,
  isRecord,
  newest,
  readYamlList,
  text,
  type YamlRecord,
} from "./ccfddl.ts";

/** One edition entry of an ai-deadlines list, read into the parts a series observation is built from. */
export interface TrackerEdition {
  /** The series name as this edition spells it (the trackers' `title` is the acronym). */
  acronym: string;
  fullName: string | null;
  link: string | null;
  /** Path relative to the upstream dir, and the file's name for the key. */
  file: string;
  fileName: string;
  edition: Edition;
  ranks: RankHistoryEntry[];
  fields: ResearchField[];
}

/** "ECML/PKDD" and "ECML-PKDD" are one series: spellings differ only in case and punctuation. */
function seriesKey(acronym: string): string {
  return acronym.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Editions grouped into one observation per series. Names, links and rank claims come from the newest edition
 * (the series' current state); fields are the union over editions.
 */
export function seriesObservations(
  source: SourceId,
  editions: readonly TrackerEdition[],
): ConferenceObservation[] {
  const groups = new Map<string, TrackerEdition[]>();
  for (const e of editions)
    groups.set(seriesKey(e.acronym), [...(groups.get(seriesKey(e.acronym)) ?? []), e]);
  return [...groups.values()].map((group) => {
    const byYear = [...group].sort((a, b) => a.edition.year - b.edition.year);
    const withYear = byYear.map((e) => ({ ...e, year: e.edition.year }));
    const latest = newest(withYear) as TrackerEdition;
    const newestFirst = [...byYear].reverse();
    return conferenceObservation({
      source,
      key: `${latest.fileName}#${latest.acronym}`,
      file: latest.file,
      acronym: latest.acronym,
      title: newestFirst.find((e) => e.fullName)?.fullName ?? null,
      ranks: newestFirst.find((e) => e.ranks.length > 0)?.ranks ?? [],
      fields: [...new Set(byYear.flatMap((e) => e.fields))],
      editions: byYear.map((e) => e.edition),
      website: latest.link,
    });
  });
}

/** The format's own deadline fields: `abstract_deadline` and `deadline` (the paper deadline), one zone for both. */
export function entryDeadlines(
  entry: YamlRecord,
  timezone: string | null,
  source: SourceId,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const deadlines: Deadline[] = [];
  for (const [key, type] of [
    ["abstract_deadline", "abstract"],
    ["deadline", "paper"],
  ] as const) {
    const when = text(entry[key]);
    if (when) addDeadline(deadlines, rejected, at, { type, label: type, when, timezone, source });
  }
  return deadlines;
}

/**
 * Reads the entries of an ai-deadlines list: entries without a title or year are rejected, the rest handed to
 * `read` for the source's own fields.
 */
export function readEditions(
  entries: readonly unknown[],
  file: string,
  rejected: Rejection[],
  read: (
    entry: YamlRecord,
    acronym: string,
    year: number,
    at: { file: string; record: string },
  ) => TrackerEdition,
): TrackerEdition[] {
  return entries.flatMap((entry, index) => {
    const reject = (record: string, reason: string) => {
      rejected.push({ file, record, reason });
      return [];
    };
    if (!isRecord(entry)) return reject(`entry ${index + 1}`, "edition is not a mapping");
    const record = text(entry.id) ?? `entry ${index + 1}`;
    const acronym = text(entry.title);
    const year = integer(entry.year);
    if (!acronym) return reject(record, "edition has no title");
    if (year === null) return reject(record, "edition has no valid year");
    return [read(entry, acronym, year, { file, record })];
  });
}

const SOURCE: SourceId = "pwc";
const FILE_NAME = "conferences.yml";
const FILE = `pwc-ai-deadlines/${FILE_NAME}`;

export const importPwc: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const entries = await readYamlList(upstreamDir, FILE);
  const editions = readEditions(entries, FILE, rejected, (entry, acronym, year, at) => {
    // `data:` is a typo for `date:` in some entries.
    const dateText = text(entry.date) ?? text(entry.data);
    const range = editionDates(dateText, entry.start, entry.end, year);
    const place = text(entry.place);
    const subs = [entry.sub].flat().flatMap((sub) => text(sub) ?? []);
    return {
      acronym,
      fullName: text(entry.full_name),
      link: text(entry.link),
      file: FILE,
      fileName: FILE_NAME,
      edition: {
        year,
        start_date: range.start,
        end_date: range.end,
        date_text: dateText,
        place,
        country: countryFromPlace(place),
        deadlines: entryDeadlines(entry, text(entry.timezone), SOURCE, at, rejected),
        sources: [SOURCE],
      },
      ranks: [],
      fields: fieldsFromPwcSubs(subs),
    };
  });
  return {
    source: SOURCE,
    read: entries.length,
    conferences: seriesObservations(SOURCE, editions),
    journals: [],
    rejected,
  };
};
