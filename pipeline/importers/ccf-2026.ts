/**
 * The CCF 2026 recommended list (ccf-list-2026/): the current CCF ranks, conferences and journals.
 *
 * Two files describe the same list. dataGen.js (CCFrank4dblp) gives each venue's rank, acronym, full name and
 * dblp path(s) in one JavaScript string literal: the text is parsed, never executed. ccf_2026.jsonl (parsed
 * from the official PDF) gives the type, the CCF area and the publisher; its `url` column is misaligned in
 * places, so dblp keys come from dataGen.js only. Rows are joined by normalised title, then by type + acronym;
 * a jsonl row no dataGen row matches is still a venue of the list (without dblp key).
 *
 * One list row is one venue of the row's kind: a row repeated for a second dblp path (VLDB's `/journals/pvldb`,
 * SIGSPATIAL's `/journals/sigspatial`) is that venue again, whatever the path's kind, and the path one more key
 * for matching, never a venue of its own.
 *
 * As in the 2022 importer, a dblp key the list gives to two different venues is dropped from both.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  cleanNames,
  cleanText,
  dblpKeyFromUrl,
  normalizeAcronym,
  normalizeTitle,
} from "../normalize/normalize.ts";
import type { ImportResult, Rejection } from "../sources/observations.ts";
import { type CcfVenue, ccfAreas, ccfObservations, ccfRowVenue, joinAreas } from "./ccf-common.ts";

const DIR = "ccf-list-2026";
const DATAGEN = `${DIR}/dataGen.js`;
const JSONL = `${DIR}/ccf_2026.jsonl`;
const SOURCE = "ccf2026";
const EDITION = "CCF2026";
type VenueType = "conference" | "journal";

/** One dataGen.js row. */
export interface DataGenRow {
  line: number;
  rank: string;
  acronym: string | null;
  title: string | null;
  /** dblp key ("conf/aaai", "journals/tocs") of the first dblp path. */
  dblp: string | null;
}

/** One ccf_2026.jsonl row (the columns used). */
interface ListRow {
  line: number;
  type: string;
  field: string | null;
  rank: string;
  acronym: string | null;
  name: string | null;
  publisher: string | null;
  url: string | null;
}

/** A venue of the list, with the row it came from (for error messages). */
interface Venue extends CcfVenue {
  record: string;
}

const ROW_LITERAL = /^\s*("(?:[^"\\]|\\.)*")\s*[+;]?\s*$/;
const DBLP_TAIL = /\s+(\/(?:conf|journals)\/[^\s]+)(?:\s+(\/[^\s]+))?\s*$/;

function dblpKeyOfPath(path: string | undefined): string | null {
  const match = path?.match(/^\/(conf|journals)\/([\w.+-]+)/);
  return match?.[1] && match[2] ? `${match[1]}/${match[2]}` : null;
}

/**
 * The rows of the `ccfRankList` string literal. Each source line is one JSON-compatible string literal holding
 * one tab-separated row; a row whose dblp paths are separated by spaces instead of tabs is split on the paths.
 */
export function parseDataGen(text: string, rejected: Rejection[]): DataGenRow[] {
  const start = text.indexOf("ccfRankList");
  const end = text.indexOf(";", start);
  if (start < 0 || end < 0) throw new Error(`${DATAGEN}: no ccfRankList string found`);
  const firstLine = text.slice(0, start).split("\n").length;
  const rows: DataGenRow[] = [];
  text
    .slice(start, end + 1)
    .split("\n")
    .forEach((source, i) => {
      const literal = source.match(ROW_LITERAL)?.[1];
      if (!literal) return;
      const line = firstLine + i;
      let value: string;
      try {
        // JSON forbids the raw tabs a JavaScript literal may hold.
        value = JSON.parse(literal.replaceAll("\t", "\\t")) as string;
      } catch {
        rejected.push({ file: DATAGEN, record: `line ${line}`, reason: "not a plain string literal" });
        return;
      }
      const row = value.replace(/\n$/, "");
      if (!row) return;
      let cells = row.split("\t");
      if (cells.length < 5) {
        const last = cells[cells.length - 1] ?? "";
        const tail = last.match(DBLP_TAIL);
        if (tail) cells = [...cells.slice(0, -1), last.slice(0, tail.index), tail[1] ?? "", tail[2] ?? ""];
      }
      if (cells.length < 4) {
        rejected.push({
          file: DATAGEN,
          record: `line ${line}`,
          reason: "fewer than four tab-separated cells",
        });
        return;
      }
      rows.push({
        line,
        rank: cells[0]?.trim() ?? "",
        acronym: cleanText(cells[1]),
        title: cleanText(cells[2]),
        dblp: dblpKeyOfPath(cells[3]?.trim()),
      });
    });
  return rows;
}

function parseJsonl(text: string, rejected: Rejection[]): ListRow[] {
  const rows: ListRow[] = [];
  text.split("\n").forEach((source, i) => {
    if (!source.trim()) return;
    const line = i + 1;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(source) as Record<string, unknown>;
    } catch {
      rejected.push({ file: JSONL, record: `line ${line}`, reason: "not a JSON object" });
      return;
    }
    const text = (k: string) => (typeof value[k] === "string" ? cleanText(value[k] as string) : null);
    rows.push({
      line,
      type: text("type") ?? "",
      field: text("field"),
      rank: text("rank") ?? "",
      acronym: text("acronym"),
      name: text("name"),
      publisher: text("publisher"),
      url: text("url"),
    });
  });
  return rows;
}

function push<V>(index: Map<string, V[]>, key: string, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/** Index of the jsonl rows by normalised title and by type + acronym; each row is matched at most once. */
function listIndex(rows: ListRow[]) {
  const byTitle = new Map<string, ListRow[]>();
  const byAcronym = new Map<string, ListRow[]>();
  for (const r of rows) {
    if (r.name) push(byTitle, normalizeTitle(r.name), r);
    if (r.acronym) push(byAcronym, normalizeAcronym(r.acronym), r);
  }
  const used = new Set<ListRow>();
  // By title the rank must agree too (CVMJ and CVM share a title); by acronym a lone candidate of the type will do.
  const take = (candidates: ListRow[] | undefined, level: string, type: VenueType | null) => {
    const fit = (candidates ?? []).filter((r) => !used.has(r) && (!type || r.type === type));
    const hit = fit.find((r) => r.rank === level) ?? (type && fit.length === 1 ? fit[0] : undefined);
    if (hit) used.add(hit);
    return hit;
  };
  return {
    match(row: DataGenRow): ListRow | undefined {
      const type = row.dblp?.startsWith("journals/") ? "journal" : row.dblp ? "conference" : null;
      return (
        (row.title ? take(byTitle.get(normalizeTitle(row.title)), row.rank, null) : undefined) ??
        (row.acronym ? take(byAcronym.get(normalizeAcronym(row.acronym)), row.rank, type) : undefined)
      );
    },
    unmatched: () => rows.filter((r) => !used.has(r)),
    /** A row of the same title and rank, matched or not: the list row of a venue's second dblp path. */
    sameTitle: (row: DataGenRow): ListRow | undefined =>
      row.title ? byTitle.get(normalizeTitle(row.title))?.find((r) => r.rank === row.rank) : undefined,
  };
}

/**
 * The jsonl `url` is misaligned in places, so its dblp key is trusted only when it names the row's own acronym
 * ("IR" → journals/ir), or when it is a dataGen venue's key of the same type and rank (a renamed venue: the
 * PDF's CASA is dataGen's CASAXR, both conf/ca).
 */
function listDblpKey(row: ListRow): string | null {
  const key = dblpKeyFromUrl(row.url);
  const own = row.acronym ? normalizeAcronym(row.acronym) : null;
  return key && own && key.split("/")[1]?.toLowerCase() === own.toLowerCase() ? key : null;
}

/** Shortest title the garbled-copy check compares (a shorter one ends too many others). */
const GARBLED_MIN_TITLE = 9;

/**
 * The venues found so far, in the order found, indexed for the checks run on each jsonl row no dataGen row
 * matched: scanning every venue for each such row grew with the square of the list.
 */
class FoundVenues {
  private readonly byKey = new Map<string, Venue>();
  private readonly order = new Map<Venue, number>();
  private readonly byDblp = new Map<string, Venue[]>();
  private readonly byAcronym = new Map<string, Venue[]>();
  /** By level and the title's last GARBLED_MIN_TITLE characters: a title that ends another shares them. */
  private readonly byTitleEnd = new Map<string, { venue: Venue; title: string }[]>();

  get(key: string): Venue | undefined {
    return this.byKey.get(key);
  }

  values(): Venue[] {
    return [...this.byKey.values()];
  }

  add(venue: Venue): void {
    this.byKey.set(venue.key, venue);
    this.order.set(venue, this.order.size);
    if (venue.dblp) this.indexDblp(venue, venue.dblp);
    const acronym = venue.acronym ? normalizeAcronym(venue.acronym) : "";
    if (acronym) push(this.byAcronym, `${venue.level}|${acronym}`, venue);
    const title = venue.title ? normalizeTitle(venue.title) : "";
    if (title.length >= GARBLED_MIN_TITLE)
      push(this.byTitleEnd, titleEnd(venue.level, title), { venue, title });
  }

  /** A second row of a known venue gives one more dblp key (the first it lacked, else a further one). */
  addDblp(venue: Venue, dblp: string | null): void {
    if (!dblp || venue.dblp === dblp || venue.otherDblp?.includes(dblp)) return;
    if (venue.dblp) venue.otherDblp = [...(venue.otherDblp ?? []), dblp];
    else venue.dblp = dblp;
    this.indexDblp(venue, dblp);
  }

  /** The first venue of the row's type and rank whose dblp key the row's url names (a renamed venue). */
  sameByDblp(row: ListRow): Venue | undefined {
    const key = dblpKeyFromUrl(row.url);
    return key ? this.first(this.byDblp.get(`${key}|${row.type}|${row.rank}`) ?? []) : undefined;
  }

  /**
   * The PDF parse sometimes glues a publisher word onto the acronym or title ("TODAES ACM", "Oxford The
   * Computer Journal"): such a row is a copy of the first venue of the same rank whose acronym is one of the
   * row's words or whose title ends the row's title (or the reverse).
   */
  garbledCopyOf(row: ListRow): Venue | undefined {
    const words = new Set((row.acronym ?? "").split(/\s+/).map(normalizeAcronym).filter(Boolean));
    const byWord = [...words].flatMap((w) => this.byAcronym.get(`${row.rank}|${w}`) ?? []);
    const title = row.name ? normalizeTitle(row.name) : "";
    const byTitle =
      title.length < GARBLED_MIN_TITLE
        ? []
        : (this.byTitleEnd.get(titleEnd(row.rank, title)) ?? [])
            .filter((t) => title.endsWith(t.title) || t.title.endsWith(title))
            .map((t) => t.venue);
    return this.first([...byWord, ...byTitle]);
  }

  private indexDblp(venue: Venue, dblp: string): void {
    push(this.byDblp, `${dblp}|${venue.type}|${venue.level}`, venue);
  }

  private first(candidates: Venue[]): Venue | undefined {
    let best: Venue | undefined;
    for (const v of candidates) {
      if (!best || (this.order.get(v) as number) < (this.order.get(best) as number)) best = v;
    }
    return best;
  }
}

const titleEnd = (level: string, title: string) => `${level}|${title.slice(-GARBLED_MIN_TITLE)}`;

export async function importCcf2026(upstreamDir: string): Promise<ImportResult> {
  const rejected: Rejection[] = [];
  const dataGen = parseDataGen(await readFile(join(upstreamDir, DATAGEN), "utf8"), rejected);
  const list = parseJsonl(await readFile(join(upstreamDir, JSONL), "utf8"), rejected);
  const index = listIndex(list);
  const venues = new FoundVenues();

  const add = (
    record: string,
    file: string,
    found: { rank: string; acronym: string | null; title: string | null; dblp: string | null },
    listRow: ListRow | undefined,
    /** The row naming the venue's area: its own, else (a second dblp path) its title's. */
    areaRow: ListRow | undefined = listRow,
  ) => {
    const venue = ccfRowVenue(EDITION, {
      names: cleanNames(found.acronym ?? listRow?.acronym, found.title ?? listRow?.name),
      // The jsonl (from the official PDF) decides the type, the row's own or, for a second dblp path, its title's
      // (VLDB's `/journals/pvldb` is the conference's path); without one the dblp path does.
      type:
        listRow?.type || areaRow?.type || (found.dblp?.startsWith("journals/") ? "journal" : "conference"),
      level: found.rank,
    });
    if ("reason" in venue) return rejected.push({ file, record, reason: venue.reason });
    const { key, type, level, names } = venue;
    const areas = ccfAreas(areaRow?.field ?? null);
    const listed = dblpKeyFromUrl(listRow?.url ?? areaRow?.url);
    const known = venues.get(key);
    if (known) {
      // A second dblp path of one venue, or one venue listed under two areas.
      if (known.level !== level) {
        rejected.push({ file, record, reason: `same venue as ${known.record} with another level` });
      } else {
        known.areas = joinAreas(known.areas, areas);
        venues.addDblp(known, found.dblp);
        if (listed && !known.listedDblp?.includes(listed))
          known.listedDblp = [...(known.listedDblp ?? []), listed];
        known.publisher ??= listRow?.publisher ?? null;
      }
      return;
    }
    venues.add({
      type,
      key,
      record,
      ...names,
      publisher: listRow?.publisher ?? null,
      dblp: found.dblp,
      ...(listed ? { listedDblp: [listed] } : {}),
      level,
      areas,
    });
  };

  for (const row of dataGen) {
    const listRow = index.match(row);
    add(`line ${row.line}`, DATAGEN, row, listRow, listRow ?? index.sameTitle(row));
  }
  for (const row of index.unmatched()) {
    const same = venues.sameByDblp(row) ?? venues.garbledCopyOf(row);
    if (same) {
      same.areas = joinAreas(same.areas, ccfAreas(row.field));
      same.publisher ??= row.publisher;
      continue;
    }
    add(
      `line ${row.line}`,
      JSONL,
      { rank: row.rank, acronym: row.acronym, title: row.name, dblp: listDblpKey(row) },
      row,
    );
  }
  return {
    source: SOURCE,
    read: dataGen.length + list.length,
    ...ccfObservations({ source: SOURCE, edition: EDITION, file: DIR }, venues.values()),
    rejected,
  };
}
