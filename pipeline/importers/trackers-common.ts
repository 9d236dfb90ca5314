/**
 * What the tracker importers share: ccfddl/ccf-deadlines and the two ai-deadlines lists (paperswithcode, and
 * huggingface's fork of its format) are YAML lists of editions with published deadlines, places and rank claims.
 * Here: reading those lists, their scalars and deadlines, the trackers' rank claims, the edition record, and the
 * grouping of the ai-deadlines editions into series.
 */
import { type Dirent, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Deadline, Edition, RankHistoryEntry, ResearchField } from "../../snapshot/records.ts";
import {
  buildDeadline,
  type DateRange,
  editionDates,
  isPlaceholderDate,
  type PublishedDeadline,
} from "../normalize/dates.ts";
import { cleanText } from "../normalize/normalize.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type Rejection,
  SourceError,
  type SourceId,
} from "../sources/observations.ts";
import { parseYaml } from "../sources/yaml.ts";

export type YamlRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is YamlRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A scalar as clean text (YAML reads `date: 2027` as a number); null for absent, empty or structured values. */
export function text(value: unknown): string | null {
  return cleanText(typeof value === "number" ? String(value) : value);
}

export function integer(value: unknown): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/**
 * A YAML file whose top level is a list (an empty file is an empty list). Unreadable files fail the build.
 * Read synchronously: the trackers are hundreds of small files, and awaiting each read cost more than reading it.
 */
export function readYamlList(upstreamDir: string, file: string): unknown[] {
  let source: string;
  try {
    source = readFileSync(join(upstreamDir, file), "utf8");
  } catch (error) {
    throw new SourceError(file, "(file)", `cannot read: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parseYaml(source);
  } catch (error) {
    throw new SourceError(file, "(file)", `not valid YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (document === null || document === undefined) return [];
  if (!Array.isArray(document)) throw new SourceError(file, "(file)", "expected a list at the top level");
  return document;
}

/** Names of the entries of a directory that are directories (or .yml files), sorted for a stable order. */
export async function listDir(upstreamDir: string, dir: string, want: "dirs" | "yml"): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(upstreamDir, dir), { withFileTypes: true });
  } catch (error) {
    throw new SourceError(dir, "(directory)", `cannot list: ${(error as Error).message}`);
  }
  return entries
    .filter((entry) =>
      want === "dirs" ? entry.isDirectory() : entry.isFile() && entry.name.endsWith(".yml"),
    )
    .map((entry) => entry.name)
    .sort();
}

/** The edition with the highest year (the later-listed one on a tie). */
export function newest<T extends { year: number }>(editions: readonly T[]): T | undefined {
  return editions.reduce<T | undefined>(
    (best, e) => (best === undefined || e.year >= best.year ? e : best),
    undefined,
  );
}

/**
 * Adds the deadline unless it is a placeholder ("TBD"); an unreadable date is rejected with the record named,
 * so the build report lists it.
 */
export function addDeadline(
  deadlines: Deadline[],
  rejected: Rejection[],
  at: { file: string; record: string },
  published: PublishedDeadline,
): void {
  if (isPlaceholderDate(published.when)) return;
  const deadline = buildDeadline(published);
  if (deadline) deadlines.push(deadline);
  else rejected.push({ ...at, reason: `unreadable ${published.type} deadline "${published.when}"` });
}

/**
 * Calls beside a venue's main one, as the trackers name them in labels, comments and entry names: a deadline of one
 * is no round a new main-track paper can go to, and its decision is not the paper decision.
 */
const SIDE_CALL =
  /\b(workshops?|posters?|demos?|demonstrations?|industr(?:y|ial)|tutorials?|doctoral|ph\.?d|students?|artifacts?|special sessions?|encore|highlights?|late[- ]breaking|work[- ]in[- ]progress|competitions?|awards?|ai art)\b/i;
/**
 * Calls that are side ones beside a main call, yet may be a venue's whole call (a short-paper venue): short or
 * position papers, a journal track (ACML's beside its Conference Track), any other named track (DAI's "AI Paper
 * Track" beside its "Research / Industry Track").
 */
const BESIDE_MAIN_CALL = /\b(short papers?|position papers?|journal|track)\b/i;
/**
 * Words of the main call, which may name side kinds beside it: "Full and Short Papers Track", "Long, short and
 * position papers due", "Research / Industry Track", "Submission deadline (papers and posters)".
 */
const MAIN_CALL =
  /\b(main|regular|conference|full|long)\b|\bresearch\b(?! competition)|\btechnical papers?\b|\bpapers? and\b/i;

/** Whether words name the main call ("Research Track", "Full and Short Papers Track"). */
export function namesMainCall(words: string): boolean {
  return MAIN_CALL.test(words);
}

/**
 * Which of an edition's steps of one kind (its submission steps, or its decisions), given by their words (label or
 * comment, null for none), are side calls: a workshop, poster, industry... call always; a short-paper, journal or
 * other named track only beside a step of the main call (a plain one, or one naming it).
 */
function sideCalls(words: readonly (string | null)[]): boolean[] {
  const kinds = words.map(callKind);
  return kinds.map(
    (kind, i) => kind === "side" || (kind === "beside" && kinds.some((k, j) => j !== i && k === "main")),
  );
}

/** The side calls among `items`, decided among the items of each kind (`kindOf`) by their words (sideCalls). */
export function sideCallItems<T, K>(
  items: readonly T[],
  kinds: readonly K[],
  kindOf: (item: T) => K,
  wordsOf: (item: T) => string | null,
): Set<T> {
  const side = new Set<T>();
  for (const kind of kinds) {
    const ofKind = items.filter((item) => kindOf(item) === kind);
    sideCalls(ofKind.map(wordsOf)).forEach((isSide, i) => {
      if (isSide) side.add(ofKind[i] as T);
    });
  }
  return side;
}

function callKind(words: string | null): "main" | "side" | "beside" {
  if (words === null || namesMainCall(words)) return "main";
  if (SIDE_CALL.test(words)) return "side";
  return BESIDE_MAIN_CALL.test(words) ? "beside" : "main";
}

/** The side track an entry's name gives in parentheses ("EMNLP (Industry Track)", "VLDB (Industrial Track)"). */
export function sideTrackOfName(name: string): string | null {
  const inner = /\(([^()]+)\)\s*$/.exec(name)?.[1]?.trim();
  const side = inner && !namesMainCall(inner) && (SIDE_CALL.test(inner) || BESIDE_MAIN_CALL.test(inner));
  return side ? (inner as string) : null;
}

/** A side track's deadline: `other`, its label naming the track ("Industrial Track: Paper submission"). */
export function sideTrackDeadline(deadline: Deadline, track: string): Deadline {
  const label = deadline.label.toLowerCase().includes(track.toLowerCase())
    ? deadline.label
    : `${track}: ${deadline.label}`;
  return { ...deadline, type: "other", label };
}

const RANK_VALUES: Record<RankHistoryEntry["system"], readonly string[]> = {
  CCF: ["A", "B", "C"],
  CORE: ["A*", "A", "B", "C"],
  QUALIS: [],
  THCPL: ["A", "B"],
};

/**
 * The CCF / CORE / THCPL ranks a tracker states ({ccf: "A", core: "A*", thcpl: "B"}); "N" (not ranked) and
 * anything outside the system's scale are not claims. The edition is the tracker itself: it does not say which
 * list edition it copied.
 */
export function trackerRanks(stated: YamlRecord, source: SourceId): RankHistoryEntry[] {
  const claims: RankHistoryEntry[] = [];
  for (const system of ["CCF", "CORE", "THCPL"] as const) {
    const rank = text(stated[system.toLowerCase()])?.toUpperCase();
    if (rank && RANK_VALUES[system].includes(rank)) claims.push({ system, edition: source, rank, source });
  }
  return claims;
}

/** The parts of an edition record a tracker entry states. */
export interface EditionParts {
  year: number;
  /** The dates as published, and as read. */
  dateText: string | null;
  range: DateRange;
  place: string | null;
  country: string | null;
  deadlines: Deadline[];
}

/** The edition record of one tracker entry, credited to the tracker. */
export function trackerEdition(source: SourceId, parts: EditionParts): Edition {
  return {
    year: parts.year,
    start_date: parts.range.start,
    end_date: parts.range.end,
    date_text: parts.dateText,
    place: parts.place,
    country: parts.country,
    deadlines: parts.deadlines,
    sources: [source],
  };
}

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

/** What one entry of a tracker's list says of its edition, beside its link and dates (read alike in every list). */
export interface ListedEntry extends Omit<EditionParts, "range"> {
  acronym: string;
  fullName: string | null;
  ranks: RankHistoryEntry[];
  fields: ResearchField[];
}

/**
 * One entry of a tracker's list as a TrackerEdition: its `link`, and its dates read from the published text and
 * the structured `start`/`end` where the entry gives them (editionDates). `where` names the list file.
 */
export function listedEdition(
  source: SourceId,
  where: { file: string; fileName: string },
  entry: YamlRecord,
  listed: ListedEntry,
): TrackerEdition {
  const { acronym, fullName, ranks, fields, ...parts } = listed;
  const range = editionDates(parts.dateText, entry.start, entry.end, parts.year);
  return {
    acronym,
    fullName,
    link: text(entry.link),
    ...where,
    edition: trackerEdition(source, { ...parts, range }),
    ranks,
    fields,
  };
}

/** "ECML/PKDD" and "ECML-PKDD" are one series: spellings differ only in case and punctuation. */
function seriesKey(acronym: string): string {
  return acronym.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Joins several venues: "SIGMOD+PODS", "ESEC/FSE", "IJCNLP & AACL" ("S&P", one venue, has no spaces). */
const JOINED = /\s*[+/]\s*|\s+&\s+/;

/**
 * The venue an entry naming several names: "ACM SIGMOD+PODS (PODS)" is PODS's entry, filed under the joint event
 * (the one in parentheses, when it is one of the joined names). Any other name is returned as it is: a nickname
 * or a track in parentheses ("IEEE S&P (Oakland)", "EMNLP (Industry Track)") stays for the importer to read.
 */
export function namedVenue(name: string): string {
  const m = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(name);
  if (!m) return name;
  const [, joint = "", inner = ""] = m;
  const parts = joint.split(JOINED).map(seriesKey);
  const named = seriesKey(inner);
  return parts.length > 1 && parts.some((p) => p === named || p.endsWith(named)) ? inner.trim() : name;
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
  for (const listed of editions) {
    const e = { ...listed, acronym: namedVenue(listed.acronym) };
    groups.set(seriesKey(e.acronym), [...(groups.get(seriesKey(e.acronym)) ?? []), e]);
  }
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

/** A tracker's import: one observation per series of its editions, no journals. */
export function trackerResult(
  source: SourceId,
  read: number,
  editions: readonly TrackerEdition[],
  rejected: Rejection[],
): ImportResult {
  return { source, read, conferences: seriesObservations(source, editions), journals: [], rejected };
}
