/**
 * Venue names for display: the short and full name are chosen together from one source row, then cleaned of what
 * the sources add to a name (the reference service's collision marks, CORE's notes on former names, years and
 * edition numbers, a leading "The", glued words, all-caps spelling). What a cleaning step removes that names the
 * venue (a former name or acronym) is kept as an alias for search. The tables live in pipeline/resolve/names.yaml.
 * Observations are never changed: resolution keeps reading the raw acronym (a collision mark is evidence there).
 */
import { z } from "zod";
import { loadYamlTable } from "../sources/yaml.ts";

/** The cleaning rules, as the build report counts them. */
export type NameRule =
  | "collision mark"
  | "annotation"
  | "year"
  | "edition"
  | "leading The"
  | "glued words"
  | "spacing"
  | "all caps"
  | "acronym as full name"
  | "title as acronym"
  | "acronym equals full name"
  | "former name"
  | "title in acronym field"
  | "event name for a journal";

export interface NameChange {
  kind: NameRule;
  /** The text removed or replaced. */
  text: string;
}

export interface Cleaned {
  text: string | null;
  removed: NameChange[];
  /** Former names and acronyms a removed annotation named. */
  aliases: string[];
}

const FILE = new URL("./names.yaml", import.meta.url);
const Tables = z.object({
  keep_leading_the: z.array(z.string().min(1)),
  upper_case: z.array(z.string().min(1)),
  small_words: z.array(z.string().min(1)),
  glue_words: z.array(z.string().regex(/^[A-Z][a-z]+$/, "a Capitalised word")),
  glue_function_words: z.array(z.string().regex(/^[a-z]+$/, "a lower-case word")),
});

function load() {
  const t = loadYamlTable(FILE, Tables);
  return {
    keepThe: new Set(t.keep_leading_the.map((s) => s.toLowerCase())),
    upper: new Set(t.upper_case),
    small: new Set(t.small_words.map((s) => s.toLowerCase())),
    glue: new Set(t.glue_words),
    func: new Set(t.glue_function_words),
  };
}

const T = load();

// ---------------------------------------------------------------------------------------------------------------
// Acronyms

/**
 * The reference service tells venues sharing an acronym apart by trailing marks ("ICIEA'", "ICISS'''"): a run of
 * apostrophes or primes at the end, not after a digit. Resolution counts them (describe.ts), naming strips them.
 */
export const COLLISION_MARK = /(?<![\d'’′])['’′]+$/;

/**
 * Sources repeat the same names (every CORE edition, every copy of a list), and cleaning is pure: each distinct
 * input is cleaned once per build. Bounded so a huge catalogue cannot grow it without limit; a copy is handed
 * out, so no caller shares another's arrays.
 */
const cleanedTitles = new Map<string, Cleaned>();
const cleanedAcronyms = new Map<string, Cleaned>();
const REMEMBERED = 200_000;

function remembered(cache: Map<string, Cleaned>, key: string, clean: () => Cleaned): Cleaned {
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= REMEMBERED) cache.clear();
    found = clean();
    cache.set(key, found);
  }
  return { text: found.text, removed: [...found.removed], aliases: [...found.aliases] };
}

export function cleanAcronym(raw: string | null): Cleaned {
  return raw === null
    ? { text: null, removed: [], aliases: [] }
    : remembered(cleanedAcronyms, raw, () => cleanAcronymUncached(raw));
}

function cleanAcronymUncached(raw: string): Cleaned {
  const removed: NameChange[] = [];
  const aliases: string[] = [];
  let s = raw.replace(/\s+/g, " ").trim();
  const mark = s.match(COLLISION_MARK);
  if (mark) {
    removed.push({ kind: "collision mark", text: mark[0] });
    s = s.slice(0, -mark[0].length).trim();
  }
  const noted = removeAnnotations(s);
  if (noted.removed.length > 0) {
    removed.push(...noted.removed);
    aliases.push(...noted.aliases);
    s = noted.text;
  }
  return { text: s === "" ? null : s, removed, aliases };
}

/** A title in the acronym field ("Information Processing", "The Web Conference"), not an acronym. */
export function isTitleLike(acronym: string): boolean {
  return acronym.includes(" ") && acronym.length > 20;
}

// ---------------------------------------------------------------------------------------------------------------
// Titles

/** A CORE note inside a name: "(was ICOIN)", "(Joined with PKDD from 2008)", "(… changed in 2002)". */
const ANNOTATION =
  /\b(?:was|were|previously|formerly|now|joined|joint with|merged?|merger|prior to|pre|until|since|amalgamation|incorporating|combined|changed|added|no information)\b|\b(?:19|20)\d\d\b/i;
/** Notes that name another venue (a partner, a successor), not a former name of this one. */
const NOT_FORMER = /^(?:joint with|joined with|merged|now|since|combined|amalgamation|incorporating)\b/i;

const ACRONYM_TOKEN = /^[A-Z][A-Za-z0-9&/-]*[A-Z0-9][A-Za-z0-9&/-]*$/;
const isAcronymToken = (w: string) => {
  const caps = w.match(/[A-Z]/g)?.length ?? 0;
  return ACRONYM_TOKEN.test(w) && caps >= 2 && caps * 2 >= (w.match(/[A-Za-z]/g)?.length ?? 0);
};

// A note naming the venue a series goes on as: "(now SACMAT)", "(merged into EMAS in 2013)", "(now merged with
// FSCD …)", "(Now in COLT)".
const SUCCESSOR = /\((?:now(?: merged with| in)?|merged into)\s+([\p{L}\d&-]+)/giu;

/** The acronyms of the venues a name's notes say it goes on as ("SACMAT" of "… (now SACMAT)"). */
export function successorNames(text: string): string[] {
  return [...text.matchAll(SUCCESSOR)].flatMap((m) => (isAcronymToken(m[1] ?? "") ? [m[1] as string] : []));
}

/** The former names a note such as "was International Conference on X (X-CONF), changed in 2002" gives. */
function formerNames(note: string): string[] {
  const n = note.replace(/\s+/g, " ").trim();
  let rest: string | null = null;
  const lead = /\b(?:was previously|was|previously|formerly)\b\s*/i.exec(n);
  if (lead && !/\b(?:joint with|joined with|merged|combined)\b/i.test(n.slice(0, lead.index))) {
    rest = n.slice(lead.index + lead[0].length);
  } else if (/\b(?:pre|prior to|until)\s+(?:19|20)\d\d$/i.test(n) && !NOT_FORMER.test(n)) {
    rest = n;
  }
  if (rest === null || NOT_FORMER.test(rest) || rest.includes("...") || rest.includes("…")) return [];
  rest = rest
    .replace(/[,;]?\s*changed(?: in)? (?:19|20)\d\d$/i, "")
    .replace(/\s+(?:pre|prior to|until|in)\s+(?:19|20)\d\d$/i, "")
    .replace(/^['"‘“]|['"’”]$/g, "")
    .trim();
  const out: string[] = [];
  for (const part of rest.split(/\s+and previously\s+|;\s*/)) {
    const p = part.trim().replace(/^['"‘“]|['"’”]$/g, "");
    if (!p) continue;
    const both = p.split(/\s+and\s+/);
    if (both.length > 1 && both.every(isAcronymToken)) {
      out.push(...both);
      continue;
    }
    const colon = p.match(/^(.+?):\s*(\S+)$/);
    const comma = p.match(/^(.+?),\s*(\S+)$/);
    const trailing = p.match(/^(\S+(?:\s+\S+)+)\s+(\S+)$/);
    if (colon?.[1] && colon[2] && isAcronymToken(colon[2])) out.push(colon[1], colon[2]);
    else if (comma?.[1] && comma[2] && isAcronymToken(comma[2])) out.push(comma[1], comma[2]);
    else if (
      trailing?.[1] &&
      trailing[2] &&
      isAcronymToken(trailing[2]) &&
      / \p{Ll}/u.test(` ${trailing[1]}`)
    )
      out.push(trailing[1], trailing[2]);
    else out.push(p);
  }
  return out.map((s) => s.trim()).filter((s) => s.length > 1);
}

/** Parenthesised notes removed, with the former names they give. */
function removeAnnotations(s: string): { text: string; removed: NameChange[]; aliases: string[] } {
  const removed: NameChange[] = [];
  const aliases: string[] = [];
  let out = "";
  let i = 0;
  while (i < s.length) {
    const open = s.indexOf("(", i);
    if (open < 0) {
      out += s.slice(i);
      break;
    }
    let depth = 0;
    let close = -1;
    for (let j = open; j < s.length; j++) {
      if (s[j] === "(") depth++;
      else if (s[j] === ")" && --depth === 0) {
        close = j;
        break;
      }
    }
    const end = close < 0 ? s.length : close + 1;
    const inner = s.slice(open + 1, close < 0 ? s.length : close);
    out += s.slice(i, open);
    if (ANNOTATION.test(inner)) {
      removed.push({ kind: "annotation", text: s.slice(open, end) });
      aliases.push(...formerNames(inner));
    } else out += s.slice(open, end);
    i = end;
  }
  return { text: tidy(out), removed, aliases };
}

/** Something for tidy to do: odd or doubled white space, a bracket, a space before punctuation, untidy ends. */
const UNTIDY = /\s\s|[^\S ]|\(|\s[,;:)]|^[\s,;:–—-]|[\s,;:–—-]$/;

/** Most titles are tidy already; they are let through without the six replacements. */
const tidy = (s: string) =>
  !UNTIDY.test(s)
    ? s
    : s
        .replace(/\s+/g, " ")
        .replace(/\(\s*\)/g, "")
        .replace(/\s+([,;:)])/g, "$1")
        .replace(/\(\s+/g, "(")
        .replace(/\s+/g, " ")
        .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, "");

/** Something fixSpacing may change: a backslash, punctuation or "&" that may lack a space, a "- ", odd white space. */
const SPACING_SUSPECT = /[\\,;:&]|- |\s\s|[^\S ]|^\s|\s$/;

/** Spacing the lists get wrong: "IEEE\RSJ", "Acoustics,Speech", "Human- Computer", "Multimedia& Expo". */
function fixSpacing(s: string): string {
  if (!SPACING_SUSPECT.test(s)) return s;
  return s
    .replace(/\u00a0/g, " ")
    .replace(/(\p{L})\\(\p{L})/gu, "$1/$2")
    .replace(/(\p{Ll})([,;:])(?=\p{L})/gu, "$1$2 ")
    .replace(/(\p{Ll})- (\p{Lu}\p{Ll})/gu, "$1-$2")
    .replace(/(\p{L})&(\s)/gu, "$1 &$2")
    .replace(/(\s)&(\p{L})/gu, "$1& $2")
    .replace(/\s+/g, " ")
    .trim();
}

const isGlueWord = (w: string) => T.glue.has(w);
/** "Associationfor" → ["Association", "for"] when the stem is a listed word. */
function gluedSuffix(w: string): [string, string] | null {
  if (isGlueWord(w)) return null;
  for (const f of T.func) {
    if (w.length > f.length + 1 && w.endsWith(f)) {
      const stem = w.slice(0, -f.length);
      if (isGlueWord(stem)) return [stem, f];
    }
  }
  return null;
}
const pieceOk = (p: string) => isGlueWord(p) || T.func.has(p) || gluedSuffix(p) !== null;

/** One letter run split where a source glued words together; unchanged when any split point is doubtful. */
function splitGluedWord(w: string): string {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i < w.length; i++) {
    if (/\p{Ll}/u.test(w[i - 1] ?? "") && /\p{Lu}/u.test(w[i] ?? "")) {
      pieces.push(w.slice(start, i));
      start = i;
    }
  }
  pieces.push(w.slice(start));
  let out = pieces[0] ?? "";
  for (let k = 1; k < pieces.length; k++) {
    const left = pieces[k - 1] ?? "";
    const right = pieces[k] ?? "";
    const wordLike = /^\p{Lu}\p{Ll}+$/u.test(right);
    const split =
      wordLike && ((T.func.has(left) && k === 1) || (pieceOk(left) && pieceOk(right) && !T.func.has(right)));
    out += (split ? " " : "") + right;
  }
  return out
    .split(" ")
    .map((p) => {
      const suffix = gluedSuffix(p);
      return suffix ? suffix.join(" ") : p;
    })
    .join(" ");
}

/** Glued words split ("ArtificialIntelligence", "Associationfor", "onComputer"); real names are left alone. */
export function splitGlued(s: string): string {
  return s.replace(/\p{L}+/gu, splitWord);
}

/** Titles differ, their words repeat: each distinct word is looked at once per build. */
function splitWord(w: string): string {
  let split = splitWords.get(w);
  if (split === undefined) {
    if (splitWords.size >= REMEMBERED) splitWords.clear();
    split = splitGluedWord(w);
    splitWords.set(w, split);
  }
  return split;
}
const splitWords = new Map<string, string>();

const YEAR = /(?<![\d.\-/])\b(?:19|20)\d\d\b(?![\d.\-/])/g;
const ORDINAL = /\b\d+(?:st|nd|rd|th)\b(?!\s+century)\s*/gi;
const ORDINAL_WORDS =
  "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth";
/** "Proceedings of the 12th …" (an edition's proceedings), not a journal such as "Proceedings of the IEEE". */
const PROCEEDINGS = new RegExp(
  `^proceedings of(?: the)?\\s+(?=(?:\\d+(?:st|nd|rd|th)|${ORDINAL_WORDS}|(?:19|20)\\d\\d)\\b)`,
  "i",
);

const ORDINAL_WORD = new RegExp(
  `^(?:${ORDINAL_WORDS})\\s+(?=(?:annual|international|joint|biennial|conference|workshop|symposium|meeting|world|european|asian|ieee|acm|ifip)\\b)`,
  "i",
);

function titleCaseAllCaps(s: string, keepUpper: ReadonlySet<string>): string {
  let first = true;
  return s.replace(/[\p{L}\p{N}'’]+/gu, (w) => {
    const isFirst = first;
    first = false;
    if (T.upper.has(w) || keepUpper.has(w)) return w;
    const lower = w.toLowerCase();
    if (!isFirst && T.small.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

function isAllCaps(s: string): boolean {
  if (/\p{Ll}/u.test(s)) return false;
  return s.split(/\s+/).filter((w) => /\p{Lu}{4,}/u.test(w)).length >= 3;
}

function cleanTitleOnce(s: string, keepUpper: ReadonlySet<string>): Cleaned {
  const removed: NameChange[] = [];
  const aliases: string[] = [];
  let t = s;
  const spaced = fixSpacing(t);
  if (spaced !== t.replace(/\s+/g, " ").trim()) removed.push({ kind: "spacing", text: t });
  t = spaced;
  const unglued = splitGlued(t);
  if (unglued !== t) {
    for (const w of t.match(/\p{L}+/gu) ?? []) {
      if (splitWord(w) !== w) removed.push({ kind: "glued words", text: w });
    }
    t = unglued;
  }
  const noted = removeAnnotations(t);
  removed.push(...noted.removed);
  aliases.push(...noted.aliases);
  t = noted.text;
  const proceedings = t.match(PROCEEDINGS);
  if (proceedings) {
    removed.push({ kind: "edition", text: proceedings[0].trim() });
    t = t.slice(proceedings[0].length);
  }
  for (const y of t.match(YEAR) ?? []) removed.push({ kind: "year", text: y });
  t = tidy(t.replace(YEAR, " "));
  const lead = t.match(/^the\s+/i);
  const body = lead ? t.slice(lead[0].length) : t;
  let edition = body.replace(ORDINAL, (m) => {
    removed.push({ kind: "edition", text: m.trim() });
    return "";
  });
  const word = edition.match(ORDINAL_WORD);
  if (word) {
    removed.push({ kind: "edition", text: word[0].trim() });
    edition = edition.slice(word[0].length);
  }
  t = tidy((lead ? lead[0] : "") + edition);
  const the = t.match(/^the\s+(?=\S)/i);
  if (the && !T.keepThe.has(t.toLowerCase()) && t.length > the[0].length + 3) {
    removed.push({ kind: "leading The", text: the[0].trim() });
    t = t.slice(the[0].length);
  }
  if (isAllCaps(t)) {
    removed.push({ kind: "all caps", text: t });
    t = titleCaseAllCaps(t, keepUpper);
  }
  t = tidy(t);
  return { text: t === "" ? null : t, removed, aliases };
}

/**
 * A source's title cleaned for display. `acronyms` are kept upper case when an all-caps title is title-cased.
 * Idempotent: the steps are repeated until the text no longer changes.
 */
export function cleanTitle(raw: string | null, acronyms: readonly string[] = []): Cleaned {
  if (raw === null) return { text: null, removed: [], aliases: [] };
  return remembered(cleanedTitles, `${raw}\u0000${acronyms.join("\u0000")}`, () =>
    cleanTitleUncached(raw, acronyms),
  );
}

function cleanTitleUncached(raw: string, acronyms: readonly string[]): Cleaned {
  const keepUpper = new Set(acronyms.filter((a) => /^[A-Z0-9&-]+$/.test(a)));
  let current: string | null = raw;
  const removed: NameChange[] = [];
  const aliases: string[] = [];
  for (let round = 0; round < 4 && current !== null; round++) {
    const next = cleanTitleOnce(current, keepUpper);
    removed.push(...next.removed);
    aliases.push(...next.aliases);
    if (next.text === current) break;
    current = next.text;
  }
  return { text: current, removed, aliases };
}

/** Case, spacing and punctuation folded, for comparing names. */
export const foldName = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** An acronym as rows of two sources are compared: upper case, letters and digits only ("S&P" = "SP"). */
export const foldAcronym = (acronym: string | null) =>
  (acronym ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");

/** A title naming a workshop ("International Workshop on …"). */
export const WORKSHOP_TITLE = /\bworkshops?\b/i;

// ---------------------------------------------------------------------------------------------------------------
// Defects left in published names (the build report and its quality gate)

export type NameDefect =
  | "collision mark"
  | "annotation"
  | "year or edition"
  | "leading The"
  | "glued words"
  | "acronym as full name"
  | "title as acronym"
  | "all caps"
  | "spacing"
  | "missing acronym";

/** What is still wrong with a published pair; "missing acronym" is informational (many venues have none). */
export function nameDefects(short: string | null, full: string | null): NameDefect[] {
  const out: NameDefect[] = [];
  const s = short ?? "";
  const f = full ?? "";
  if (COLLISION_MARK.test(s)) out.push("collision mark");
  if (/\(([^()]*)\)/.test(f) && [...f.matchAll(/\(([^()]*)\)/g)].some((m) => ANNOTATION.test(m[1] ?? "")))
    out.push("annotation");
  else if (new RegExp(YEAR.source).test(f) || /\b\d+(?:st|nd|rd|th)\b(?!\s+century)/i.test(f))
    out.push("year or edition");
  if (/^the\s/i.test(f) && !T.keepThe.has(f.toLowerCase())) out.push("leading The");
  if (splitGlued(f) !== f || f.includes("\\")) out.push("glued words");
  if (s && f && foldName(s) === foldName(f)) out.push("acronym as full name");
  if (s && isTitleLike(s)) out.push("title as acronym");
  if (f && isAllCaps(f)) out.push("all caps");
  if (f && (/\s{2,}|^\s|\s$/.test(f) || fixSpacing(f) !== f)) out.push("spacing");
  if (!s) out.push("missing acronym");
  return out;
}
