/**
 * The name index behind conference and journal search: an in-memory inverted index over each venue's folded
 * names (short name, full name, the snapshot's aliases and, for journals, ISSNs), built once per snapshot (before
 * a new one is swapped in, or on first use) and dropped with it. A query is answered from the index (no scan of
 * every name) as the index positions of the venues it matched, each with its match tier; docs/api.md states the
 * tiers. Positions follow the numeric id, so other per-venue tables (search order, filters) can be indexed alike.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SnapshotDatabase } from "./database.ts";
import {
  type IndexTables,
  LONGEST_PIECE,
  NameIndexBuilder,
  pieces,
  type VenueNames,
} from "./search-index-builder.ts";
import { compact, foldWords, keyHash, stem } from "./search-text.ts";
import { firstAtLeast } from "./sorted.ts";

export type SearchKind = "conferences" | "journals";

/**
 * 0 exact acronym, alias or full name; 1 acronym prefix or every query word a whole word of a name; 2 substring;
 * 3 most of the query: a fallback for long or slightly misspelt names.
 */
export type MatchTier = 0 | 1 | 2 | 3;

/** Tier 3 needs the names to hold this share of the query's weight (each word weighted by its rarity). */
const MOST_OF_QUERY = 0.75;
/** Tier 3 is only looked for when the other tiers found fewer venues than this. */
const FEW_MATCHES = 10;
/** Venues read from the snapshot per step while the index is built, bounding what is held at once. */
const BUILD_CHUNK = 5_000;

/** Scratch arrays held for reuse: a fresh pair per search (1.8 MB at scale 100) made the collector run often. */
const SPARE_SCRATCH = 8;

/** What a search writes as it matches, one slot per venue; all zero when handed back. */
interface MatchScratch {
  /** Tier + 1 per index position, 0 where the venue did not match. */
  tiers: Uint8Array;
  /** The positions matched, in the order found. */
  found: Int32Array;
}

/** The venues one query matched: their index positions (in the order found) and each one's best tier. */
export class Matches implements Iterable<[number, MatchTier]> {
  private count = 0;
  /** Taken from `spares` and given back by `release()`: no map of what can be most of the catalogue. */
  private readonly scratch: MatchScratch;

  constructor(
    venues: number,
    private readonly spares: MatchScratch[] = [],
  ) {
    this.scratch = spares.pop() ?? { tiers: new Uint8Array(venues), found: new Int32Array(venues) };
  }

  get size(): number {
    return this.count;
  }

  /** The positions matched, in the order found. */
  get positions(): Int32Array {
    return this.scratch.found.subarray(0, this.count);
  }

  has(pos: number): boolean {
    return this.scratch.tiers[pos] !== 0;
  }

  tierOf(pos: number): MatchTier {
    return ((this.scratch.tiers[pos] as number) - 1) as MatchTier;
  }

  /** Records a match, keeping the venue's best tier. */
  offer(pos: number, tier: MatchTier): void {
    const { tiers, found } = this.scratch;
    const seen = tiers[pos] as number;
    if (seen === 0) {
      found[this.count++] = pos;
      tiers[pos] = tier + 1;
    } else if (tier + 1 < seen) tiers[pos] = tier + 1;
  }

  /** Hands the scratch arrays back for the next search; this object must not be used afterwards. */
  release(): void {
    for (const pos of this.positions) this.scratch.tiers[pos] = 0;
    if (this.spares.length < SPARE_SCRATCH) this.spares.push(this.scratch);
  }

  *[Symbol.iterator](): Iterator<[number, MatchTier]> {
    for (const pos of this.positions) yield [pos, this.tierOf(pos)];
  }
}

export class NameIndex {
  private readonly spareScratch: MatchScratch[] = [];

  constructor(private readonly t: IndexTables) {}

  /** An index of `venues`, given in ascending numeric id. */
  static of(venues: VenueNames[]): NameIndex {
    const builder = new NameIndexBuilder(venues.length);
    venues.forEach((v, pos) => {
      builder.add(pos, v);
    });
    return new NameIndex(builder.finish());
  }

  /** How many venues the index holds (positions run from 0 to size - 1). */
  get size(): number {
    return this.t.ids.length;
  }

  /** The numeric id of the venue at `pos`. */
  idOf(pos: number): number {
    return this.t.ids[pos] as number;
  }

  /** The position of the venue with numeric id `id`, or -1 when the index has none. */
  positionOf(id: number): number {
    const pos = firstAtLeast(this.t.ids, id);
    return this.t.ids[pos] === id ? pos : -1;
  }

  /** Every venue whose names contain the query, with its best tier; `release()` the result when done. */
  match(query: string): Matches {
    const folded = foldWords(query);
    const matches = new Matches(this.size, this.spareScratch);
    if (folded === "") return matches;
    const key = compact(folded);
    const hash = keyHash(key);
    for (let i = firstAtLeast(this.t.exactHashes, hash); this.t.exactHashes[i] === hash; i++) {
      matches.offer(this.t.exactVenues[i] as number, 0);
    }
    const { acronyms, acronymVenues } = this.t;
    for (let i = firstAtLeast(acronyms, key); i < acronyms.length; i++) {
      if (!(acronyms[i] as string).startsWith(key)) break;
      matches.offer(acronymVenues[i] as number, 1);
    }
    const queryWords = folded.split(" ");
    if (queryWords.length === 1) {
      // One word: a name holds it as a substring exactly when one of its words does, so the word lists answer
      // without reading any name.
      for (const pos of this.venuesWith(folded)) matches.offer(pos, 1);
      this.eachCandidate(queryWords, (pos) => matches.offer(pos, 2), folded);
    } else {
      this.eachCandidate(queryWords, (pos) => {
        if (matches.has(pos)) return;
        const text = this.t.texts[pos] as string;
        if (queryWords.every((w) => text.includes(` ${w} `))) matches.offer(pos, 1);
        else if (text.includes(folded)) matches.offer(pos, 2);
      });
    }
    if (queryWords.length > 1 && matches.size < FEW_MATCHES) this.mostOfQuery(queryWords, matches);
    return matches;
  }

  /** The vocabulary number of `word`, or -1. */
  private wordNumber(word: string): number {
    const i = firstAtLeast(this.t.vocabulary, word);
    return this.t.vocabulary[i] === word ? i : -1;
  }

  /** Positions of the venues with vocabulary word number `i` in some name. */
  private venuesOf(i: number): Int32Array {
    return this.t.wordVenues.subarray(this.t.wordStarts[i], this.t.wordStarts[i + 1]);
  }

  private venuesWith(word: string): Int32Array {
    const i = this.wordNumber(word);
    return i < 0 ? new Int32Array(0) : this.venuesOf(i);
  }

  /**
   * Tier 3: venues whose names hold most of the query's weight, a word counting when a name has it or its plural
   * or singular. Only venues holding one of the rarest words can reach the share, so only their lists are read.
   */
  private mostOfQuery(queryWords: string[], matches: Matches): void {
    const terms = [...new Set(queryWords)].map((word) => {
      const base = stem(word);
      const forms = [base, `${base}s`].filter((form) => stem(form) === base && this.wordNumber(form) >= 0);
      const lists = forms.map((form) => this.venuesWith(form));
      const count = lists.reduce((sum, list) => sum + list.length, 0);
      return { forms, lists, weight: Math.log(1 + this.size / Math.max(1, count)) };
    });
    const weight = terms.reduce((sum, t) => sum + t.weight, 0);
    const needed = MOST_OF_QUERY * weight;
    // A venue lacking every seed word holds at most `weight - seeded`: seed until that falls short of `needed`.
    terms.sort((a, b) => b.weight - a.weight);
    const seeds = new Set<number>();
    let seeded = 0;
    for (const term of terms) {
      if (weight - seeded < needed) break;
      for (const list of term.lists) for (const pos of list) seeds.add(pos);
      seeded += term.weight;
    }
    for (const pos of seeds) {
      if (matches.has(pos)) continue;
      const text = this.t.texts[pos] as string;
      const held = terms.reduce(
        (sum, t) => (t.forms.some((f) => text.includes(` ${f} `)) ? sum + t.weight : sum),
        0,
      );
      if (held >= needed) matches.offer(pos, 3);
    }
  }

  /**
   * Visits the venues that have, for every query word, a word containing it: a superset of the substring matches,
   * read from the lists of the vocabulary words that contain the longest query word (`visit` checks each one, and
   * may see a venue more than once). Those words are found through the rarest of the query word's two- or
   * three-letter pieces; only a one-letter query word is looked for in the whole vocabulary. The list of `known`,
   * a word whose venues the caller has already placed, is not read again.
   */
  private eachCandidate(queryWords: string[], visit: (pos: number) => void, known?: string): void {
    const longest = queryWords.reduce((a, b) => (b.length > a.length ? b : a));
    const visitWord = (i: number) => {
      const word = this.t.vocabulary[i] as string;
      if (word === known || !word.includes(longest)) return;
      for (const pos of this.venuesOf(i)) visit(pos);
    };
    if (longest.length < 2) {
      for (let i = 0; i < this.t.vocabulary.length; i++) visitWord(i);
      return;
    }
    let rarest: Int32Array | undefined;
    for (const piece of pieces(longest, Math.min(longest.length, LONGEST_PIECE))) {
      const words = this.t.pieceWords.get(piece);
      if (!words) return;
      if (!rarest || words.length < rarest.length) rarest = words;
    }
    for (const i of rarest ?? []) visitWord(i);
  }
}

/** Builds both indexes of a snapshot now (before it is swapped in), so no search waits for one. */
export async function prepareSearch(db: SnapshotDatabase): Promise<void> {
  // One after the other: what a build holds while it reads is then only ever held once.
  await nameIndex(db, "conferences");
  await nameIndex(db, "journals");
}

/** This snapshot's index of `kind` (built on first use). */
export function nameIndex(db: SnapshotDatabase, kind: SearchKind): Promise<NameIndex> {
  return db.memo(`name index ${kind}`, () => buildIndex(db, kind));
}

/**
 * Reads the venues in table order, a chunk of rows at a time (a range of row numbers is a cheap scan), and places
 * each at its position, known beforehand from the ids alone: sorting whole name rows by id took 230 MB at scale 100.
 */
async function buildIndex(db: SnapshotDatabase, kind: SearchKind): Promise<NameIndex> {
  const issns = kind === "journals" ? "list_concat([issn], coalesce(issns, []))" : "[]::VARCHAR[]";
  const aliases = await snapshotAliases(db, kind);
  const [order] = await db.all<{ rows: number[] | null; last: number | null }>(
    `SELECT list(rowid::INTEGER ORDER BY id_num) AS rows, max(rowid)::INTEGER AS last FROM ${kind}`,
  );
  const rowsInOrder = order?.rows ?? [];
  const positionOfRow = new Int32Array((order?.last ?? -1) + 1);
  rowsInOrder.forEach((row, pos) => {
    positionOfRow[row] = pos;
  });
  const builder = new NameIndexBuilder(rowsInOrder.length);
  for (let first = 0; first < positionOfRow.length; first += BUILD_CHUNK) {
    const rows = await db.all<{
      row: number;
      id: string;
      short_name: string | null;
      full_name: string | null;
      issns: string[];
    }>(
      `SELECT rowid::INTEGER AS row, id, short_name, full_name, list_filter(${issns}, x -> x IS NOT NULL) AS issns ` +
        `FROM ${kind} WHERE rowid >= ? AND rowid < ?`,
      [first, first + BUILD_CHUNK],
    );
    for (const r of rows) {
      builder.add(positionOfRow[r.row] as number, {
        id: r.id,
        short: r.short_name,
        full: r.full_name,
        aliases: aliases.get(r.id) ?? [],
        issns: r.issns,
      });
    }
  }
  return new NameIndex(builder.finish());
}

/** The snapshot's alias table (former names, abbreviations), when the snapshot has one. */
async function snapshotAliases(db: SnapshotDatabase, kind: SearchKind): Promise<Map<string, string[]>> {
  const file = join(db.dir, "aliases.parquet");
  const byVenue = new Map<string, string[]>();
  if (!existsSync(file)) return byVenue;
  const rows = await db.all<{ venue_id: string; alias: string }>(
    "SELECT CAST(venue_id AS VARCHAR) AS venue_id, alias FROM read_parquet(?) WHERE kind IN (?, ?)",
    [file, kind, kind.slice(0, -1)],
  );
  for (const { venue_id, alias } of rows) {
    const list = byVenue.get(venue_id);
    if (list) list.push(alias);
    else byVenue.set(venue_id, [alias]);
  }
  return byVenue;
}
