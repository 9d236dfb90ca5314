/**
 * Builds the name index's tables from venues given one at a time, each with its position (its place in ascending
 * numeric id), so a large catalogue can be read in chunks and in any order. Everything ends in sorted typed
 * arrays: at 570,000 venues maps of strings to lists cost about four times the memory.
 */
import { acronymKeys, compact, foldWords, keyHash } from "./search-text.ts";

export interface VenueNames {
  id: string;
  short: string | null;
  full: string | null;
  aliases: string[];
  issns: string[];
}

/** The tables of a name index; "position" is a venue's place in ascending numeric id. */
export interface IndexTables {
  /** Numeric ids (`id_num`: every id is a decimal string of at most 15 digits, exact as a number), ascending. */
  ids: Float64Array;
  /** Per venue: its names folded, each framed by spaces, for whole-word and substring checks. */
  texts: string[];
  /** Hashes of the exact keys (compact acronym, alias, ISSN or full name), sorted, and the venue of each. */
  exactHashes: Float64Array;
  exactVenues: Int32Array;
  /** Compact acronyms, sorted, and the venue of each, for prefix lookups. */
  acronyms: string[];
  acronymVenues: Int32Array;
  /** Distinct words of the names, sorted; the venues having word i are `wordVenues[wordStarts[i] … wordStarts[i+1]]`. */
  vocabulary: string[];
  wordStarts: Int32Array;
  wordVenues: Int32Array;
  /** Two- and three-letter piece → the vocabulary words containing it, for substring lookups. */
  pieceWords: Map<string, Int32Array>;
}

/** The longest piece indexed: a longer query word is looked up by its rarest piece of this length. */
export const LONGEST_PIECE = 3;

/** The distinct pieces of `length` letters in a word (none when it is shorter). */
export function pieces(word: string, length: number): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + length <= word.length; i++) found.add(word.slice(i, i + length));
  return found;
}

/** Indices of `keys` in the order of their values. */
function sortedOrder<K>(keys: readonly K[], before: (a: K, b: K) => number): Int32Array {
  return Int32Array.from(keys, (_, i) => i).sort((i, j) => before(keys[i] as K, keys[j] as K));
}

export class NameIndexBuilder {
  private readonly ids: Float64Array;
  private readonly texts: string[];
  private readonly exactHashes: number[] = [];
  private readonly exactVenues: number[] = [];
  private readonly acronyms: string[] = [];
  private readonly acronymVenues: number[] = [];
  /** Word → its number in order of first sight, and the (word number, venue) pairs, each pair once. */
  private readonly wordNumbers = new Map<string, number>();
  private readonly lastVenueOfWord: number[] = [];
  private readonly pairWords: number[] = [];
  private readonly pairVenues: number[] = [];

  /** `venues`: how many venues will be added. */
  constructor(venues: number) {
    this.ids = new Float64Array(venues);
    this.texts = new Array<string>(venues).fill("");
  }

  /** Adds the venue at position `pos` (each position once; positions in ascending numeric id). */
  add(pos: number, v: VenueNames): void {
    this.ids[pos] = Number(v.id);
    const names = [v.short, v.full, ...v.aliases].filter((n): n is string => !!n).map(foldWords);
    const exact = new Set<string>();
    for (const name of names) {
      exact.add(compact(name));
      for (const word of name.split(" ")) this.addWord(word, pos);
    }
    for (const issn of v.issns) exact.add(compact(foldWords(issn)));
    for (const acronym of acronymKeys(v.short)) {
      exact.add(acronym);
      this.acronyms.push(acronym);
      this.acronymVenues.push(pos);
    }
    for (const key of exact) {
      if (key === "") continue;
      this.exactHashes.push(keyHash(key));
      this.exactVenues.push(pos);
    }
    // Joined, not concatenated: V8 keeps a concatenation as a tree of its parts (64 bytes more per venue).
    this.texts[pos] = ["", names.join("  "), ""].join(" ");
  }

  finish(): IndexTables {
    const exactOrder = sortedOrder(this.exactHashes, (a, b) => a - b);
    const acronymOrder = sortedOrder(this.acronyms, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      ids: this.ids,
      texts: this.texts,
      exactHashes: Float64Array.from(exactOrder, (i) => this.exactHashes[i] as number),
      exactVenues: Int32Array.from(exactOrder, (i) => this.exactVenues[i] as number),
      acronyms: Array.from(acronymOrder, (i) => this.acronyms[i] as string),
      acronymVenues: Int32Array.from(acronymOrder, (i) => this.acronymVenues[i] as number),
      ...this.wordTables(),
    };
  }

  private addWord(word: string, pos: number): void {
    if (word === "") return;
    let n = this.wordNumbers.get(word);
    if (n === undefined) {
      n = this.wordNumbers.size;
      this.wordNumbers.set(word, n);
      this.lastVenueOfWord.push(-1);
    }
    if (this.lastVenueOfWord[n] === pos) return;
    this.lastVenueOfWord[n] = pos;
    this.pairWords.push(n);
    this.pairVenues.push(pos);
  }

  /** The sorted vocabulary with its venue lists (a counting sort of the pairs) and its piece lists. */
  private wordTables(): Pick<IndexTables, "vocabulary" | "wordStarts" | "wordVenues" | "pieceWords"> {
    const vocabulary = [...this.wordNumbers.keys()].sort();
    const place = new Int32Array(vocabulary.length);
    vocabulary.forEach((word, i) => {
      place[this.wordNumbers.get(word) as number] = i;
    });
    const wordStarts = new Int32Array(vocabulary.length + 1);
    for (const n of this.pairWords) {
      const i = (place[n] as number) + 1;
      wordStarts[i] = (wordStarts[i] as number) + 1;
    }
    for (let i = 0; i < vocabulary.length; i++)
      wordStarts[i + 1] = (wordStarts[i + 1] as number) + (wordStarts[i] as number);
    const filled = wordStarts.slice(0, -1);
    const wordVenues = new Int32Array(this.pairVenues.length);
    this.pairWords.forEach((n, k) => {
      const i = place[n] as number;
      const at = filled[i] as number;
      wordVenues[at] = this.pairVenues[k] as number;
      filled[i] = at + 1;
    });
    const lists = new Map<string, number[]>();
    vocabulary.forEach((word, i) => {
      for (let length = 2; length <= LONGEST_PIECE; length++) {
        for (const piece of pieces(word, length)) {
          const list = lists.get(piece);
          if (list) list.push(i);
          else lists.set(piece, [i]);
        }
      }
    });
    const pieceWords = new Map([...lists].map(([piece, list]) => [piece, Int32Array.from(list)]));
    return { vocabulary, wordStarts, wordVenues, pieceWords };
  }
}
