/**
 * huggingface/ai-deadlines: `data/conferences/*.yml`, one edition per entry, with typed `deadlines[]`
 * (notification, camera-ready, rebuttal...), city/country, topic tags and a "CCF: A, CORE: A*, THCPL: A"
 * rankings string. A few older entries still use the pwc format's entry-level `deadline` fields.
 */
import type { Deadline, DeadlineType } from "../../snapshot/records.ts";
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
  sideCallItems,
  sideTrackDeadline,
  sideTrackOfName,
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

/**
 * A decision before the paper decision (IJCAI's "Phase I notification", ECAI's "Summary rejection notification",
 * 3DV's "Preliminary Notification" before its "Final Notification"): its date is not when authors learn the outcome.
 */
const EARLY_DECISION =
  /\b(?:summary|desk|early)[- ]reject|\bphase (?:1|i)\b|\b(?:preliminary|initial|first|conditional) (?:notification|decision|acceptance)/i;
/** What a decision's label says; CPAL's "Review deadline" typed notification says none. */
const DECISION = /notif|decision|accept|reject|notice|result/i;

interface Item {
  type: DeadlineType;
  label: string;
  when: string;
  timezone: string | null;
}

/**
 * The items that are no step of the main call's paper: a side track's submission or decision ("Tutorial/Workshop
 * Decisions", "Paper submission (short papers)" beside the full papers', `sideCallItems`), an early decision, or a
 * "notification" naming no decision. They stay, typed `other` with their label.
 */
function asOther(items: readonly Item[]): Set<Item> {
  const other = sideCallItems(
    items,
    ["abstract", "paper", "notification"],
    (item) => item.type,
    (item) => item.label,
  );
  for (const item of items) {
    if (item.type === "notification" && (EARLY_DECISION.test(item.label) || !DECISION.test(item.label)))
      other.add(item);
  }
  return other;
}

/**
 * The typed list when the entry has one (even empty: "not announced yet"), else the legacy entry-level fields. An
 * entry of a side track ("EMNLP (Industry Track)") is that track's in all its dates.
 */
function deadlinesOf(
  entry: YamlRecord,
  acronym: string,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const entryZone = text(entry.timezone);
  const track = sideTrackOfName(acronym);
  const deadlines = Array.isArray(entry.deadlines)
    ? typedDeadlines(entry.deadlines, entryZone, at, rejected)
    : entryDeadlines(entry, entryZone, SOURCE, at, rejected);
  return track === null ? deadlines : deadlines.map((d) => sideTrackDeadline(d, track));
}

function typedDeadlines(
  list: readonly unknown[],
  entryZone: string | null,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const items: Item[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const kind = text(item.type);
    const when = text(item.date) ?? text(item.deadline);
    if (!when) {
      rejected.push({ ...at, reason: `deadline "${text(item.label) ?? kind ?? "?"}" has no date` });
      continue;
    }
    const type = deadlineType(kind ?? "other");
    const label = text(item.label) ?? kind ?? type;
    items.push({ type, label, when, timezone: text(item.timezone) ?? entryZone });
  }
  const other = asOther(items);
  const deadlines: Deadline[] = [];
  for (const item of items) {
    const type = other.has(item) ? "other" : item.type;
    addDeadline(deadlines, rejected, at, { ...item, type, source: SOURCE });
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
        deadlines: deadlinesOf(entry, acronym, at, rejected),
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
