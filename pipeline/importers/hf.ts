/**
 * huggingface/ai-deadlines: `data/conferences/*.yml`, one edition per entry, with typed `deadlines[]`
 * (notification, camera-ready, rebuttal...), city/country, topic tags and a "CCF: A, CORE: A*, THCPL: A"
 * rankings string. A few older entries still use the pwc format's entry-level `deadline` fields.
 */
import type { Deadline } from "../../snapshot/records.ts";
import { fieldsFromHfTags } from "../fields/tags.ts";
import { countryName } from "../normalize/countries.ts";
import { deadlineType } from "../normalize/dates.ts";
import type { Importer, Rejection, SourceId } from "../sources/observations.ts";
import {
  addDeadline,
  entryDeadlines,
  isRecord,
  listDir,
  listedEdition,
  readEditions,
  readYamlList,
  seriesObservations,
  type TrackerEdition,
  text,
  trackerRanks,
  type YamlRecord,
} from "./trackers-common.ts";

const SOURCE: SourceId = "hf";
const DIR = "hf-ai-deadlines/data/conferences";

/** "CCF: A, CORE: A*, THCPL: A" → {ccf: "A", core: "A*", thcpl: "A"}. */
function rankingsRecord(rankings: string | null): YamlRecord {
  const stated: YamlRecord = {};
  for (const claim of rankings?.split(",") ?? []) {
    const [system, rank] = claim.split(":").map((part) => part.trim());
    if (system && rank) stated[system.toLowerCase()] = rank;
  }
  return stated;
}

/** The typed list when the entry has one (even empty: "not announced yet"), else the legacy entry-level fields. */
function deadlinesOf(
  entry: YamlRecord,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const entryZone = text(entry.timezone);
  if (!Array.isArray(entry.deadlines)) return entryDeadlines(entry, entryZone, SOURCE, at, rejected);
  const deadlines: Deadline[] = [];
  for (const item of entry.deadlines) {
    if (!isRecord(item)) continue;
    const kind = text(item.type);
    const when = text(item.date) ?? text(item.deadline);
    if (!when) {
      rejected.push({ ...at, reason: `deadline "${text(item.label) ?? kind ?? "?"}" has no date` });
      continue;
    }
    const type = deadlineType(kind ?? "other");
    const label = text(item.label) ?? kind ?? type;
    addDeadline(deadlines, rejected, at, {
      type,
      label,
      when,
      timezone: text(item.timezone) ?? entryZone,
      source: SOURCE,
    });
  }
  return deadlines;
}

export const importHf: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const editions: TrackerEdition[] = [];
  let read = 0;
  for (const fileName of await listDir(upstreamDir, DIR, "yml")) {
    const file = `${DIR}/${fileName}`;
    const entries = readYamlList(upstreamDir, file);
    read += entries.length;
    const fileEditions = readEditions(entries, file, rejected, (entry, acronym, year, at) => {
      const city = text(entry.city);
      const country = text(entry.country);
      const tags = Array.isArray(entry.tags) ? entry.tags.flatMap((tag) => text(tag) ?? []) : [];
      return listedEdition(SOURCE, { file, fileName }, entry, {
        acronym,
        fullName: text(entry.full_name),
        year,
        dateText: text(entry.date),
        place: [city, country].filter(Boolean).join(", ") || null,
        // `country` sometimes holds a US state ("Pennsylvania"): normalised, and dropped when not a country.
        country: countryName(country),
        deadlines: deadlinesOf(entry, at, rejected),
        ranks: trackerRanks(rankingsRecord(text(entry.rankings)), SOURCE),
        fields: fieldsFromHfTags(tags),
      });
    });
    editions.push(...fileEditions);
  }
  // A series carries every topic any of its editions was tagged with (ICLR: eight fields): tentative only.
  const conferences = seriesObservations(SOURCE, editions).map((o) => ({
    ...o,
    fields: [],
    tentativeFields: o.fields,
  }));
  return { source: SOURCE, read, conferences, journals: [], rejected };
};
