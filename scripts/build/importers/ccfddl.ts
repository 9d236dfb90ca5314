/**
 * ccfddl/ccf-deadlines: series files `conference/<SUB>/*.yml` (a list; one file may hold several series) with
 * per-edition timelines, and `accept_rates/<SUB>/*.yml`. Also home of the tracker helpers the two
 * ai-deadlines importers share with it (YAML lists, places → countries, the trackers' rank claims).
 */
import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import type {
  AcceptanceRow,
  Deadline,
  DeadlineType,
  Edition,
  RankHistoryEntry,
} from "../../../functions/schema/records.ts";
import { buildDeadline, isPlaceholderDate, type PublishedDeadline, parseDateRange } from "../dates.ts";
import { fieldsFromCcfCode } from "../fields/ccf.ts";
import { cleanText } from "../normalize.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type Importer,
  type Rejection,
  SourceError,
  type SourceId,
} from "../observations.ts";

// ---------------------------------------------------------------------------------------------------------------
// Helpers shared by the tracker importers

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

/** A YAML file whose top level is a list (an empty file is an empty list). Unreadable files fail the build. */
export async function readYamlList(upstreamDir: string, file: string): Promise<unknown[]> {
  let source: string;
  try {
    source = await readFile(join(upstreamDir, file), "utf8");
  } catch (error) {
    throw new SourceError(file, "(file)", `cannot read: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parse(source);
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

// Countries, matched by their English names from ICU plus the spellings the trackers use. Canonical names
// follow the reference service's usage ("USA", "UK", "Czech Republic").
const CANONICAL: Record<string, string> = {
  "United States": "USA",
  "United Kingdom": "UK",
  "United Arab Emirates": "UAE",
  "Hong Kong SAR China": "Hong Kong",
  "Macao SAR China": "Macao",
  Türkiye: "Turkey",
  Czechia: "Czech Republic",
};
const ALIASES: Record<string, string> = {
  usa: "US",
  us: "US",
  "united states of america": "US",
  "united state": "US",
  america: "US",
  eeuu: "US",
  uk: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "great britain": "GB",
  britain: "GB",
  "united kindom": "GB",
  korea: "KR",
  "s korea": "KR",
  "republic of korea": "KR",
  uae: "AE",
  turkey: "TR",
  "czech republic": "CZ",
  "hong kong": "HK",
  "hong kong sar": "HK",
  macau: "MO",
  macao: "MO",
  netherland: "NL",
  holland: "NL",
};
// US states are often the last part of a US place ("Salt Lake City, Utah"). Georgia is left to the country.
const US_STATES = (
  "alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois " +
  "indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri " +
  "montana nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma " +
  "oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas utah vermont virginia washington " +
  "west_virginia wisconsin wyoming"
)
  .split(" ")
  .map((state) => state.replace(/_/g, " "));
// Postal codes ("San Francisco, CA") count only as a whole part: as a trailing word they are too often English.
const US_POSTAL_CODES = new Set(
  "dc al ak az ar ca co ct de fl hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy".split(
    " ",
  ),
);

function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.'’()]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^the /, "");
}

let countryIndex: Map<string, string> | undefined;

function countries(): Map<string, string> {
  if (countryIndex) return countryIndex;
  const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
  const nameOf = (code: string) => {
    const name = regionNames.of(code) ?? code;
    return CANONICAL[name] ?? name;
  };
  const index = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      if (name && name !== code && !["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"].includes(code)) {
        index.set(placeKey(name), nameOf(code));
      }
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) index.set(alias, nameOf(code));
  for (const state of US_STATES) if (!index.has(state)) index.set(state, nameOf("US"));
  for (const code of US_POSTAL_CODES) index.set(`postal:${code}`, nameOf("US"));
  countryIndex = index;
  return index;
}

function matchCountry(name: string): string | null {
  const whole = placeKey(name);
  const postal = countries().get(`postal:${whole}`);
  if (postal) return postal;
  const words = whole.split(" ");
  // The whole text first, then its last words ("Florida USA", "Vancouver BC Canada").
  for (let take = words.length; take >= 1; take--) {
    const found = countries().get(words.slice(-take).join(" "));
    if (found) return found;
  }
  return null;
}

/**
 * A country name normalised ("U.S.A." → "USA", "Pennsylvania" → "USA"), or null if the text is not one. A
 * parenthesised remark is ignored ("Turkey (Online)") unless only it names the country ("Bilbao (Spain)").
 */
export function countryName(name: string | null): string | null {
  if (!name) return null;
  return matchCountry(name.replace(/\(.*?\)/g, " ")) ?? matchCountry(name);
}

/**
 * The country of a free-text place: its last comma-separated part, when that reads as a country. A trailing
 * "and online" / "& Virtual" is not part of the place.
 */
export function countryFromPlace(place: string | null): string | null {
  const physical = place?.replace(/[\s,;]*(?:\band\b|&|\/)\s*(?:online|virtual|hybrid)\b.*$/i, "");
  const parts = physical?.split(/[,，]/) ?? [];
  return countryName(parts[parts.length - 1]?.trim() ?? null);
}

// ---------------------------------------------------------------------------------------------------------------
// ccfddl

const SOURCE: SourceId = "ccfddl";
const CONFERENCE_DIR = "ccfddl/conference";
const ACCEPT_RATES_DIR = "ccfddl/accept_rates";

/** A series observation plus what the accept-rate join needs. */
interface Series {
  sub: string;
  fileName: string;
  observation: ConferenceObservation;
}

/**
 * `deadline` is the paper deadline, but some timelines put the abstract deadline in its own `deadline` entry and
 * say so only in `comment` ("abstract deadline", "Title and Abstract Due").
 */
function timelineType(key: string, comment: string | null, hasAbstractKey: boolean): DeadlineType {
  if (key !== "deadline") return "abstract";
  const abstractOnly =
    comment !== null && /\babstracts?\b/i.test(comment) && !/\b(paper|full)\b/i.test(comment);
  return abstractOnly && !hasAbstractKey ? "abstract" : "paper";
}

function editionOf(conf: YamlRecord, series: string, file: string, rejected: Rejection[]): Edition | null {
  const year = integer(conf.year);
  if (year === null) {
    rejected.push({ file, record: `${series} ${text(conf.id) ?? "?"}`, reason: "edition has no valid year" });
    return null;
  }
  const timezone = text(conf.timezone);
  const deadlines: Deadline[] = [];
  for (const step of Array.isArray(conf.timeline) ? conf.timeline : []) {
    if (!isRecord(step)) continue;
    const comment = text(step.comment);
    // "abstract deadline" (with a space) is a typo for the key seen upstream.
    const abstractKey = ["abstract_deadline", "abstract deadline"].find((key) => step[key] !== undefined);
    for (const key of [abstractKey, "deadline"]) {
      const when = key === undefined ? null : text(step[key]);
      if (key === undefined || when === null) continue;
      const type = timelineType(key, comment, abstractKey !== undefined);
      const label = comment ? `${type} (${comment})` : type;
      addDeadline(
        deadlines,
        rejected,
        { file, record: `${series} ${year}` },
        { type, label, when, timezone, source: SOURCE },
      );
    }
  }
  const dateText = text(conf.date);
  const range = parseDateRange(dateText, year);
  const place = text(conf.place);
  return {
    year,
    start_date: range.start,
    end_date: range.end,
    date_text: dateText,
    place,
    country: countryFromPlace(place),
    deadlines,
    sources: [SOURCE],
  };
}

function dblpKey(value: unknown): string | null {
  const key = text(value);
  return key && /^[A-Za-z0-9_-]+$/.test(key) && key.toUpperCase() !== "N" ? `conf/${key}` : null;
}

function seriesOf(entry: YamlRecord, sub: string, fileName: string, rejected: Rejection[]): Series {
  const file = `${CONFERENCE_DIR}/${sub}/${fileName}`;
  const title = text(entry.title) as string;
  const confs = Array.isArray(entry.confs) ? entry.confs.filter(isRecord) : [];
  const editionsWithLinks = confs.flatMap((conf) => {
    const edition = editionOf(conf, title, file, rejected);
    return edition ? [{ edition, year: edition.year, link: text(conf.link) }] : [];
  });
  editionsWithLinks.sort((a, b) => a.year - b.year);
  const code = text(entry.sub) ?? sub;
  return {
    sub,
    fileName,
    observation: conferenceObservation({
      source: SOURCE,
      key: `${sub}/${fileName}#${title}`,
      file,
      acronym: title,
      title: text(entry.description),
      dblp: dblpKey(entry.dblp),
      ranks: isRecord(entry.rank) ? trackerRanks(entry.rank, SOURCE) : [],
      fields: fieldsFromCcfCode(code),
      editions: editionsWithLinks.map((e) => e.edition),
      website: newest(editionsWithLinks)?.link ?? null,
    }),
  };
}

/** A rate as a fraction: "0,22" (decimal comma) is read, percentages are scaled, else accepted / submitted. */
function acceptanceRow(row: YamlRecord): AcceptanceRow | null {
  const year = integer(row.year);
  if (year === null) return null;
  let submitted = integer(row.submitted);
  let accepted = integer(row.accepted);
  // More accepted than submitted means the two were swapped (the `str` column shows the right order).
  if (submitted !== null && accepted !== null && accepted > submitted)
    [submitted, accepted] = [accepted, submitted];
  const stated = typeof row.rate === "string" ? Number(row.rate.replace(",", ".")) : row.rate;
  let rate = typeof stated === "number" && Number.isFinite(stated) ? stated : null;
  if (rate !== null && rate > 1 && rate <= 100) rate /= 100;
  if ((rate === null || rate < 0 || rate > 1) && submitted && accepted !== null) rate = accepted / submitted;
  return {
    year,
    submitted,
    accepted,
    rate: rate !== null && rate >= 0 && rate <= 1 ? rate : null,
    track: null,
    // The row's citation URL is often the venue's own site, which free output must never carry.
    source: SOURCE,
  };
}

/**
 * The series an accept-rates entry belongs to: same title in the same subject dir, else the only series with
 * that title, else the series of the same-named conference file when it holds just one ("USENIX ATC" rates
 * live in accept_rates/DS/atc.yml, the series was renamed "SIGOPS ATC" in conference/DS/atc.yml).
 */
function findSeries(
  all: readonly Series[],
  sub: string,
  fileName: string,
  title: string,
): Series | undefined {
  const sameTitle = all.filter((s) => s.observation.acronym === title);
  const sameFile = all.filter((s) => s.sub === sub && s.fileName === fileName);
  return (
    sameTitle.find((s) => s.sub === sub) ??
    (sameTitle.length === 1 ? sameTitle[0] : undefined) ??
    (sameFile.length === 1 ? sameFile[0] : undefined)
  );
}

export const importCcfddl: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const all: Series[] = [];
  let read = 0;
  for (const sub of await listDir(upstreamDir, CONFERENCE_DIR, "dirs")) {
    for (const fileName of await listDir(upstreamDir, `${CONFERENCE_DIR}/${sub}`, "yml")) {
      const file = `${CONFERENCE_DIR}/${sub}/${fileName}`;
      const entries = await readYamlList(upstreamDir, file);
      entries.forEach((entry, index) => {
        read++;
        if (!isRecord(entry) || !text(entry.title)) {
          rejected.push({ file, record: `entry ${index + 1}`, reason: "series has no title" });
          return;
        }
        all.push(seriesOf(entry, sub, fileName, rejected));
      });
    }
  }
  for (const sub of await listDir(upstreamDir, ACCEPT_RATES_DIR, "dirs")) {
    for (const fileName of await listDir(upstreamDir, `${ACCEPT_RATES_DIR}/${sub}`, "yml")) {
      const file = `${ACCEPT_RATES_DIR}/${sub}/${fileName}`;
      (await readYamlList(upstreamDir, file)).forEach((entry, index) => {
        read++;
        const title = isRecord(entry) ? text(entry.title) : null;
        if (!isRecord(entry) || !title) {
          rejected.push({ file, record: `entry ${index + 1}`, reason: "accept-rates entry has no title" });
          return;
        }
        const series = findSeries(all, sub, fileName, title);
        if (!series) {
          rejected.push({ file, record: title, reason: "no conference series with this title" });
          return;
        }
        for (const row of Array.isArray(entry.accept_rates) ? entry.accept_rates : []) {
          const parsed = isRecord(row) ? acceptanceRow(row) : null;
          if (parsed) series.observation.acceptance.push(parsed);
          else rejected.push({ file, record: title, reason: "accept-rates row has no valid year" });
        }
      });
    }
  }
  for (const { observation } of all) observation.acceptance.sort((a, b) => a.year - b.year);
  return { source: SOURCE, read, conferences: all.map((s) => s.observation), journals: [], rejected };
};
