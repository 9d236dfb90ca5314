/**
 * mpc-deadlines (MIT): `conferences.yml`, one entry per edition of a security, cryptography or theory venue.
 * `deadline` is a list of local "YYYY-MM-DD HH:MM" times (several rounds a year), `abdeadline` the matching
 * abstract days without a year ("Jan 07, Apr 22"), `timezone` defaults to AoE (UTC-12). Tags say what an entry
 * is: only conferences (CNF) are imported, journals (JRN), workshops (WK) and schools are left out; COREAS is
 * CORE A*.
 */
import type { Deadline } from "../../snapshot/records.ts";
import type { Importer, Rejection, SourceId } from "../sources/observations.ts";
import {
  addDeadline,
  integer,
  isRecord,
  listedEdition,
  namedVenue,
  readYamlList,
  type TrackerEdition,
  text,
  trackerRanks,
  trackerResult,
  type YamlRecord,
} from "./trackers-common.ts";

const SOURCE: SourceId = "mpc";
const FILE = "mpc-deadlines/conferences.yml";
const FILE_NAME = "conferences.yml";
/** The list's own convention: a deadline with no zone is Anywhere on Earth. */
const DEFAULT_ZONE = "AoE";
const CORE_TAGS: Record<string, string> = { COREAS: "A*", COREA: "A", COREB: "B", COREC: "C" };
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * "ACM CCS" → "CCS", "IEEE S&P (Oakland)" → "S&P": the society prefix and the nickname are not the acronym; an
 * entry of one of several joint venues is that venue's ("ACM SIGMOD+PODS (PODS)" → "PODS").
 */
function acronymOf(name: string): string {
  return namedVenue(name)
    .replace(/\s*\([^)]*\)\s*/g, " ")
    .replace(/^(ACM|IEEE|IACR)\s+/i, "")
    .trim();
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((v) => text(v) ?? []) : text(value) ? [text(value) as string] : [];

/** "Jan 07" before the paper deadline `paper` (YYYY-MM-DD...): the latest such day on or before it. */
function abstractDate(day: string, paper: string): string | null {
  const m = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\.?$/.exec(day.trim());
  const month = m ? MONTHS.indexOf((m[1] as string).toLowerCase()) + 1 : 0;
  if (!m || month === 0) return null;
  const mmdd = `${String(month).padStart(2, "0")}-${(m[2] as string).padStart(2, "0")}`;
  const year = Number(paper.slice(0, 4));
  return `${mmdd <= paper.slice(5, 10) ? year : year - 1}-${mmdd}`;
}

function deadlinesOf(
  entry: YamlRecord,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const timezone = text(entry.timezone) ?? DEFAULT_ZONE;
  const deadlines: Deadline[] = [];
  const papers = listOf(entry.deadline);
  const abstracts = (text(entry.abdeadline) ?? "").split(",").filter((s) => s.trim());
  abstracts.forEach((day, i) => {
    const paper = papers[i] ?? papers[0];
    const date = paper ? abstractDate(day, paper) : null;
    if (date)
      addDeadline(deadlines, rejected, at, {
        type: "abstract",
        label: "Abstract",
        when: date,
        timezone,
        source: SOURCE,
      });
    else rejected.push({ ...at, reason: `unreadable abstract deadline "${day.trim()}"` });
  });
  for (const when of papers) {
    addDeadline(deadlines, rejected, at, {
      type: "paper",
      label: "Paper submission",
      when,
      timezone,
      source: SOURCE,
    });
  }
  return deadlines.sort((a, b) => (a.utc ?? a.date).localeCompare(b.utc ?? b.date));
}

export const importMpc: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const entries = readYamlList(upstreamDir, FILE);
  const editions: TrackerEdition[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = { file: FILE, record: `entry ${index + 1}` };
    if (!isRecord(entry)) {
      rejected.push({ ...at, reason: "entry is not a mapping" });
      continue;
    }
    const tags = listOf(entry.tags).map((t) => t.toUpperCase());
    if (!tags.includes("CNF")) continue; // journals, workshops, schools, posters: not conference series
    const name = text(entry.name);
    const year = integer(entry.year);
    if (!name || year === null) {
      rejected.push({
        ...at,
        record: name ?? at.record,
        reason: name ? "entry has no valid year" : "entry has no name",
      });
      continue;
    }
    const core = tags.map((t) => CORE_TAGS[t]).find(Boolean);
    editions.push(
      listedEdition(SOURCE, { file: FILE, fileName: FILE_NAME }, entry, {
        acronym: acronymOf(name),
        fullName: text(entry.description),
        year,
        dateText: text(entry.date),
        place: text(entry.place),
        country: null,
        deadlines: deadlinesOf(entry, { ...at, record: `${name} ${year}` }, rejected),
        ranks: trackerRanks(core ? { core } : {}, SOURCE),
        fields: [],
      }),
    );
  }
  return trackerResult(SOURCE, entries.length, editions, rejected);
};
