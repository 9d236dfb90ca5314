/**
 * The name index behind conference and journal search: an in-memory inverted index over each venue's folded
 * names (short name, full name, the snapshot's aliases and, for journals, ISSNs), built once per snapshot (before
 * a new one is swapped in, or on first use) and dropped with it. A query is answered from the index (no scan of every name) as a map of venue
 * id to its match tier; docs/api.md states the tiers.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SnapshotDatabase } from "./database.ts";

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

/** A plural folded to its singular ("implementations" → "implementation"), so near-spellings meet in tier 3. */
const stem = (word: string) =>
  word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;

/** Case, diacritics and punctuation folded: lower-case words of letters and digits joined by one space. */
export function foldWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The folded text without spaces ("S&P" → "sp", "ECML-PKDD" → "ecmlpkdd"), for acronym keys. */
const compact = (folded: string) => folded.replaceAll(" ", "");

/**
 * An acronym and its tails without leading qualifier words or a "SIG" prefix: "USENIX ATC" is also "ATC", "ACM MM"
 * also "MM", "SIGKDD" also "KDD", so the bare acronym a researcher types meets it exactly.
 */
function acronymKeys(short: string | null): string[] {
  if (!short) return [];
  const words = foldWords(short).split(" ").filter(Boolean);
  const keys = words.map((_, i) => words.slice(i).join(""));
  const sig = /^sig(\p{L}{2,})$/u.exec(keys[0] ?? "");
  if (sig?.[1]) keys.push(sig[1]);
  return keys.filter((k, i) => keys.indexOf(k) === i);
}

/**
 * Venue positions under one key: most keys (a venue's own names) name one venue, kept as a bare number; an
 * array each would cost more than the index's text at 570,000 venues.
 */
type Postings = number | Int32Array;

const positions = (postings: Postings | undefined): ArrayLike<number> & Iterable<number> =>
  postings === undefined ? [] : typeof postings === "number" ? [postings] : postings;

export interface VenueNames {
  id: string;
  short: string | null;
  full: string | null;
  aliases: string[];
  issns: string[];
}

export class NameIndex {
  /** Compact acronym, alias, ISSN or full name → venue positions. */
  private readonly exact: Map<string, Postings>;
  /** Compact acronyms, sorted, and the venue position of each, for prefix lookups. */
  private readonly acronyms: string[];
  private readonly acronymVenues: Int32Array;
  /** Word → positions of venues that have it in some name. */
  private readonly words: Map<string, Postings>;
  /** Per venue: its names folded, each framed by spaces, for whole-word and substring checks. */
  private readonly texts: string[] = [];
  /** Numeric ids (`id_num`: every id is a decimal string of at most 15 digits, exact as a number). */
  private readonly ids: number[] = [];
  /** Distinct words, for substring lookups (far fewer than names). */
  private readonly vocabulary: string[];
  /** Stem → the vocabulary words with that stem, for tier 3. */
  private readonly stems = new Map<string, string[]>();

  constructor(venues: VenueNames[]) {
    const exact = new Map<string, number[]>();
    const words = new Map<string, number[]>();
    const acronyms: [string, number][] = [];
    const add = (map: Map<string, number[]>, key: string, pos: number) => {
      if (key === "") return;
      const list = map.get(key);
      if (!list) map.set(key, [pos]);
      else if (list[list.length - 1] !== pos) list.push(pos);
    };
    venues.forEach((v, pos) => {
      this.ids.push(Number(v.id));
      const names = [v.short, v.full, ...v.aliases].filter((n): n is string => !!n).map(foldWords);
      for (const name of names) {
        add(exact, compact(name), pos);
        for (const word of name.split(" ")) add(words, word, pos);
      }
      for (const issn of v.issns) add(exact, compact(foldWords(issn)), pos);
      for (const acronym of acronymKeys(v.short)) {
        add(exact, acronym, pos);
        acronyms.push([acronym, pos]);
      }
      this.texts.push(` ${names.join("  ")} `);
    });
    acronyms.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.acronyms = acronyms.map(([a]) => a);
    this.acronymVenues = Int32Array.from(acronyms, ([, pos]) => pos);
    // Typed postings: a quarter of the memory of number arrays at 570,000 venues.
    const packed = (map: Map<string, number[]>) =>
      new Map<string, Postings>(
        [...map].map(([k, v]) => [k, v.length === 1 ? (v[0] as number) : Int32Array.from(v)]),
      );
    this.exact = packed(exact);
    this.words = packed(words);
    this.vocabulary = [...words.keys()];
    for (const word of this.vocabulary) {
      const group = this.stems.get(stem(word));
      if (group) group.push(word);
      else this.stems.set(stem(word), [word]);
    }
  }

  /** Every venue whose names contain the query (by numeric id), with its best tier. */
  match(query: string): Map<number, MatchTier> {
    const folded = foldWords(query);
    const result = new Map<number, MatchTier>();
    if (folded === "") return result;
    const key = compact(folded);
    const tiers = new Map<number, MatchTier>();
    const offer = (pos: number, tier: MatchTier) => {
      const seen = tiers.get(pos);
      if (seen === undefined || tier < seen) tiers.set(pos, tier);
    };
    for (const pos of positions(this.exact.get(key))) offer(pos, 0);
    for (let i = this.firstAcronymFrom(key); i < this.acronyms.length; i++) {
      if (!(this.acronyms[i] as string).startsWith(key)) break;
      offer(this.acronymVenues[i] as number, 1);
    }
    const queryWords = folded.split(" ");
    if (queryWords.length === 1) {
      // One word: a name holds it as a substring exactly when one of its words does, so the postings answer
      // without reading any name.
      for (const pos of positions(this.words.get(folded))) offer(pos, 1);
      for (const pos of this.candidates(queryWords)) offer(pos, 2);
    } else {
      for (const pos of this.candidates(queryWords)) {
        const text = this.texts[pos] as string;
        if (queryWords.every((w) => text.includes(` ${w} `))) offer(pos, 1);
        else if (text.includes(folded)) offer(pos, 2);
      }
    }
    if (queryWords.length > 1 && tiers.size < FEW_MATCHES) this.mostOfQuery(queryWords, tiers, offer);
    for (const [pos, tier] of tiers) result.set(this.ids[pos] as number, tier);
    return result;
  }

  /**
   * Tier 3: venues whose names hold most of the query's weight, a word counting when a name has it or its plural
   * or singular. Only venues holding one of the rarest words can reach the share, so only their postings are read.
   */
  private mostOfQuery(
    queryWords: string[],
    matched: ReadonlyMap<number, MatchTier>,
    offer: (pos: number, tier: MatchTier) => void,
  ): void {
    const total = this.ids.length;
    const terms = [...new Set(queryWords)].map((word) => {
      const forms = this.stems.get(stem(word)) ?? [];
      const postings = forms.map((form) => positions(this.words.get(form)));
      const count = postings.reduce((sum, list) => sum + list.length, 0);
      return { forms, postings, weight: Math.log(1 + total / Math.max(1, count)) };
    });
    const weight = terms.reduce((sum, t) => sum + t.weight, 0);
    const needed = MOST_OF_QUERY * weight;
    // A venue lacking every seed word holds at most `weight - seeded`: seed until that falls short of `needed`.
    terms.sort((a, b) => b.weight - a.weight);
    const seeds = new Set<number>();
    let seeded = 0;
    for (const term of terms) {
      if (weight - seeded < needed) break;
      for (const list of term.postings) for (const pos of list) seeds.add(pos);
      seeded += term.weight;
    }
    for (const pos of seeds) {
      if (matched.has(pos)) continue;
      const text = this.texts[pos] as string;
      const held = terms.reduce(
        (sum, t) => (t.forms.some((f) => text.includes(` ${f} `)) ? sum + t.weight : sum),
        0,
      );
      if (held >= needed) offer(pos, 3);
    }
  }

  private firstAcronymFrom(key: string): number {
    let lo = 0;
    let hi = this.acronyms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.acronyms[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Venues that have, for every query word, a word containing it: a superset of the substring matches, read from
   * the postings of the vocabulary words that contain the longest query word (the caller checks each candidate).
   */
  private candidates(queryWords: string[]): Iterable<number> {
    const longest = queryWords.reduce((a, b) => (b.length > a.length ? b : a));
    const found = new Set<number>();
    for (const word of this.vocabulary) {
      if (!word.includes(longest)) continue;
      for (const pos of positions(this.words.get(word))) found.add(pos);
    }
    return found;
  }
}

const indexes = new WeakMap<SnapshotDatabase, Partial<Record<SearchKind, Promise<NameIndex>>>>();

/** Builds both indexes of a snapshot now (before it is swapped in), so no search waits for one. */
export async function prepareSearch(db: SnapshotDatabase): Promise<void> {
  await Promise.all([indexOf(db, "conferences"), indexOf(db, "journals")]);
}

function indexOf(db: SnapshotDatabase, kind: SearchKind): Promise<NameIndex> {
  const perKind = indexes.get(db) ?? {};
  indexes.set(db, perKind);
  perKind[kind] ??= buildIndex(db, kind);
  return perKind[kind];
}

/** The venues of `kind` matching `query` with their tiers, from this snapshot's index (built on first use). */
export async function matchNames(
  db: SnapshotDatabase,
  kind: SearchKind,
  query: string,
): Promise<Map<number, MatchTier>> {
  return (await indexOf(db, kind)).match(query);
}

async function buildIndex(db: SnapshotDatabase, kind: SearchKind): Promise<NameIndex> {
  const issns = kind === "journals" ? "list_concat([issn], coalesce(issns, []))" : "[]::VARCHAR[]";
  const rows = await db.all<{
    id: string;
    short_name: string | null;
    full_name: string | null;
    issns: string[];
  }>(
    `SELECT id, short_name, full_name, list_filter(${issns}, x -> x IS NOT NULL) AS issns FROM ${kind} ORDER BY id_num`,
  );
  const aliases = await snapshotAliases(db, kind);
  return new NameIndex(
    rows.map((r) => ({
      id: r.id,
      short: r.short_name,
      full: r.full_name,
      aliases: aliases.get(r.id) ?? [],
      issns: r.issns,
    })),
  );
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
