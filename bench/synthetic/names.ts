/**
 * How one copy of the catalogue renames things. Copy 0 is the real catalogue, unchanged (and, while reading it,
 * the collector of the vocabulary and ISSNs the copies are made from). Copy k ≥ 1 gets, deterministically:
 *   - acronyms through a letter cipher (vowels to vowels, consonants to consonants, case kept; society names
 *     such as ACM / IEEE kept, since the build strips them);
 *   - titles with every content word replaced through a permutation of the real titles' vocabulary, so names
 *     stay made of real words ("International Conference on Machine Learning" → "International Conference on
 *     Robust Retrieval"); function and venue-type words are kept, so resolution behaves as on real titles;
 *   - every date shifted by the copy's number of days (within ±180);
 *   - ids, dblp keys, ISSNs and slugs made unique per copy.
 * The same input gives the same output in every source, so one venue's rows in several lists still resolve to
 * one venue in each copy.
 */
import { DAY_MS } from "../../runtime/clock.ts";
import { type Random, randomInt, seededRandom, shuffled } from "./random.ts";

export interface Names {
  /** 0 for the real catalogue, 1... for synthetic copies. */
  readonly copy: number;
  acronym(text: string): string;
  title(text: string): string;
  /** Shifts every YYYY-MM-DD found in the text (dates, timestamps, "2026-08-28 11:00:00"). */
  date(text: string): string;
  epochMs(ms: number): number;
  /** A numeric id made unique per copy: `id + copy × stride` (stride above every real id). */
  id(id: number, stride: number): number;
  /** A numeric id kept as text, made unique per copy by a leading copy number. */
  numericText(id: string): string;
  /** ISSN with or without the hyphen, as given; "00000000" placeholders kept. */
  issn(text: string): string;
  /** The last part of a dblp key ("aaai" of conf/aaai). */
  dblp(segment: string): string;
  /** Slugs, record ids: unique per copy. */
  tag(text: string): string;
  url(text: string): string;
}

/** Words kept in every copy: function words and the words that say what kind of venue a title names. */
const KEPT_WORDS = new Set(
  (
    "a an and the of on in for to at with by its from de da do das dos em e sobre et la le les des du und für " +
    "international conference symposium workshop annual proceedings joint meeting forum congress colloquium " +
    "edition journal transactions letters review reviews magazine bulletin quarterly special issue section " +
    "call papers simpósio brasileiro congresso conferência encontro seminário escola"
  ).split(" "),
);

/** Names the build strips from the front of an acronym ("ACM ASIACCS"): a cipher would hide them. */
const SOCIETIES = new Set(["ACM", "IEEE", "IFIP", "USENIX"]);

const ISO_DAY = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const WORD = /\p{L}+/gu;
/** Largest shift of a copy's dates, in days either way. */
const MAX_SHIFT_DAYS = 180;

const isAllCaps = (word: string) =>
  word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase();
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function compactIssn(text: string): string | null {
  const compact = text.replace(/-/g, "").toUpperCase();
  return /^\d{7}[\dX]$/.test(compact) && compact !== "00000000" ? compact : null;
}

const unchanged = <T>(value: T): T => value;

/** The real catalogue as it is: every name kept (`unchanged`); records the vocabulary and ISSNs the copies need. */
export class RealNames implements Names {
  readonly copy = 0;
  readonly vocabulary = new Set<string>();
  readonly issns = new Set<string>();

  readonly acronym = unchanged;
  readonly date = unchanged;
  readonly epochMs = unchanged;
  readonly id = unchanged;
  readonly numericText = unchanged;
  readonly dblp = unchanged;
  readonly tag = unchanged;
  readonly url = unchanged;

  title(text: string): string {
    for (const word of text.match(WORD) ?? []) {
      const key = word.toLowerCase();
      if (word.length > 1 && !isAllCaps(word) && !KEPT_WORDS.has(key)) this.vocabulary.add(key);
    }
    return text;
  }
  issn(text: string): string {
    const compact = compactIssn(text);
    if (compact) this.issns.add(compact);
    return text;
  }
}

/** Hands out ISSNs no real journal and no other copy has, so exact ISSN keys never join unrelated journals. */
export class IssnAllocator {
  private readonly taken: Set<string>;
  private readonly given = new Map<string, string>();

  constructor(realIssns: ReadonlySet<string>) {
    this.taken = new Set(realIssns);
  }

  allocate(compact: string, copy: number): string {
    const key = `${copy}:${compact}`;
    const known = this.given.get(key);
    if (known) return known;
    const random = seededRandom(`issn ${key}`);
    let n = randomInt(random, 0, 9_999_999);
    let candidate = "";
    do {
      candidate = `${String(n).padStart(7, "0")}${compact.charAt(7)}`;
      n = (n + 1) % 10_000_000;
    } while (this.taken.has(candidate) || candidate === "00000000");
    this.taken.add(candidate);
    this.given.set(key, candidate);
    return candidate;
  }
}

function letterCipher(random: Random): Map<string, string> {
  const cipher = new Map<string, string>();
  for (const group of ["AEIOU", "BCDFGHJKLMNPQRSTVWXYZ"]) {
    const letters = [...group];
    shuffled(letters, random).forEach((to, i) => {
      const from = letters[i] as string;
      cipher.set(from, to);
      cipher.set(from.toLowerCase(), to.toLowerCase());
    });
  }
  return cipher;
}

/** Synthetic copy number `copy` (≥ 1). */
export class CopyNames implements Names {
  private readonly cipher: Map<string, string>;
  private readonly words: Map<string, string>;
  private readonly shiftDays: number;

  constructor(
    readonly copy: number,
    vocabulary: readonly string[],
    private readonly issns: IssnAllocator,
  ) {
    const random = seededRandom(`venue-directory synthetic copy ${copy}`);
    this.cipher = letterCipher(random);
    const sorted = [...vocabulary].sort();
    const permuted = shuffled(sorted, random);
    this.words = new Map(sorted.map((word, i) => [word, permuted[i] as string]));
    this.shiftDays = randomInt(random, -MAX_SHIFT_DAYS, MAX_SHIFT_DAYS);
  }

  private encipher(text: string): string {
    return text.replace(/[A-Za-z]/g, (letter) => this.cipher.get(letter) ?? letter);
  }

  /** Society names and a "SIG" prefix stay, as resolution and search read them ("SIGKDD" is also "KDD"). */
  acronym(text: string): string {
    return text.replace(WORD, (word) =>
      SOCIETIES.has(word.toUpperCase())
        ? word
        : /^SIG[A-Z]{2}/.test(word)
          ? `SIG${this.encipher(word.slice(3))}`
          : this.encipher(word),
    );
  }

  title(text: string): string {
    return text.replace(WORD, (word) => {
      const key = word.toLowerCase();
      if (word.length < 2 || KEPT_WORDS.has(key)) return word;
      if (isAllCaps(word)) return this.acronym(word);
      const replacement = this.words.get(key) ?? this.encipher(key);
      return word.charAt(0) === word.charAt(0).toUpperCase() ? capitalised(replacement) : replacement;
    });
  }

  date(text: string): string {
    return text.replace(ISO_DAY, (_, y: string, m: string, d: string) =>
      new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + this.shiftDays)).toISOString().slice(0, 10),
    );
  }

  epochMs(ms: number): number {
    return ms + this.shiftDays * DAY_MS;
  }

  id(id: number, stride: number): number {
    return id + this.copy * stride;
  }

  numericText(id: string): string {
    return `${this.copy}${id.padStart(12, "0")}`;
  }

  issn(text: string): string {
    const compact = compactIssn(text);
    if (!compact) return text;
    const copied = this.issns.allocate(compact, this.copy);
    return text.includes("-") ? `${copied.slice(0, 4)}-${copied.slice(4)}` : copied;
  }

  dblp(segment: string): string {
    // "N" is ccfddl's "no dblp page": it must stay one.
    if (segment.toUpperCase() === "N") return segment;
    return `${this.encipher(segment)}-${this.copy}`;
  }

  tag(text: string): string {
    return `${text}-c${this.copy}`;
  }

  url(text: string): string {
    return `${text}${text.includes("?") ? "&" : "?"}copy=${this.copy}`;
  }
}
