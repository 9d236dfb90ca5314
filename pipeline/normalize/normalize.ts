/**
 * Normalisation shared by the importers and entity resolution. Lists spell the same venue in many ways
 * ("ACM ASIACCS" / "AsiaCCS", "Proceedings of the 25th ..." / "...", "1049-331x" / "1049-331X"); these
 * functions give the forms that are compared. They never decide a match themselves.
 */
import { coreTierOf } from "../../snapshot/records.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Some lists were exported from HTML and carry entities ("John Wiley &amp; Sons"). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Trimmed text with HTML entities decoded, no-break spaces and runs of white space collapsed; null for blank or
 * non-string input.
 */
export function cleanText(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  // Every cell of every list passes here; few hold an entity.
  const text = (raw.includes("&") ? decodeEntities(raw) : raw).replace(/[\s\u00a0\ufeff]+/g, " ").trim();
  return text === "" ? null : ownCopy(text);
}

/**
 * The same text in a string of its own. Cells cut from a file's text by the parsers are views into the whole
 * file (V8 sliced strings), so keeping one cell would keep the whole file in memory: at 100 times today's
 * catalogue that is gigabytes of upstream text held until the build ends. Concatenating then slicing makes
 * V8 copy the characters.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** Why a record with no name at all is skipped (shared so the build report groups them). */
export const NAMELESS_REASON = "neither acronym nor title";

/** Cleaned acronym and title of a venue, or null when the record names it in neither way. */
export function cleanNames(
  acronym: unknown,
  title: unknown,
): { acronym: string | null; title: string | null } | null {
  const names = { acronym: cleanText(acronym), title: cleanText(title) };
  return names.acronym === null && names.title === null ? null : names;
}

/** Latin letters without accents, so "Visão" and "Visao" compare equal. */
function foldDiacritics(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "");
}

// A year written into a name: "ICSE 2024", "ICSE'24", "ICSE’24".
const YEAR = /(?<![\p{L}\p{N}])(?:19|20)\d{2}(?![\p{L}\p{N}])|['’]\d{2}(?![\p{L}\p{N}])/gu;

/** Upper-case letters and digits only, years dropped: "EuroS&P 2024" → "EUROSP", "ICSE'24" → "ICSE". */
export function normalizeAcronym(raw: string): string {
  return foldDiacritics(raw)
    .replace(YEAR, " ")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

// Publisher or society names some lists put in front of the acronym ("ACM ASIACCS", "IEEE ICC", "IADIS AC") or after
// it ("AC-IADIS", "ICN-IARIA"), or glue to it ("IEEESCC", "ACMIDC": the rest has three letters or more, so "ACMMM"
// and "ACML" stay whole).
const PUBLISHERS = "ACM|IEEE|IFIP|USENIX|IADIS|IARIA|IASTED|EAI";
const ACRONYM_PREFIX = new RegExp(`^(?:(?:${PUBLISHERS})[\\s/-]+)+(?=\\S)`, "i");
const ACRONYM_SUFFIX = new RegExp(`(?<=\\S)(?:[\\s/-]+(?:${PUBLISHERS}))+$`, "i");
const GLUED_PREFIX = /^(?:ACM|IEEE)(?=[A-Z0-9][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*$)(?=.{3,}$)/;

/**
 * Every normalised form an acronym may be matched on: the whole of it, then, when it starts or ends with a
 * publisher or society name, the rest ("ACM ASIACCS" → ["ACMASIACCS", "ASIACCS"], "IEEESCC" → ["IEEESCC", "SCC"],
 * "AC-IADIS" → ["ACIADIS", "AC"]). Empty forms are left out.
 */
export function acronymVariants(raw: string): string[] {
  const whole = raw.trim();
  const variants = [normalizeAcronym(whole)];
  const stripped = whole.replace(ACRONYM_PREFIX, "").replace(ACRONYM_SUFFIX, "");
  if (stripped !== whole) variants.push(normalizeAcronym(stripped));
  else if (GLUED_PREFIX.test(whole)) variants.push(normalizeAcronym(whole.replace(GLUED_PREFIX, "")));
  return [...new Set(variants.filter((v) => v !== ""))];
}

/**
 * Lower-case words of a title with the parts lists disagree on removed: "Proceedings of (the)", ordinals
 * ("25th"), years, "the", punctuation; "&" is read as "and".
 * "Proceedings of the 25th ACM Conference on Computer & Communications Security" →
 * "acm conference on computer and communications security".
 */
export function normalizeTitle(raw: string): string {
  // Folded again after lower-casing: lower-casing can itself produce combining marks ("İ" → "i̇").
  return foldDiacritics(foldDiacritics(raw).toLowerCase())
    .replace(YEAR, " ")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/(?<=^|\s)(?:\d+(?:st|nd|rd|th)|the)(?=\s|$)/g, " ")
    .replace(/^(?:\s*proceedings of(?:\s+|$))+/, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "XXXX-XXXX" with an upper-case check digit; null for anything else, including the dummy 0000-0000. */
export function normalizeIssn(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const compact = raw.replace(/[\s\u00a0-]/g, "").toUpperCase();
  if (!/^\d{7}[\dX]$/.test(compact) || compact === "00000000") return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

/**
 * dblp key from a dblp URL: ".../db/conf/aaai/" → "conf/aaai", ".../db/journals/tocs/index.html" →
 * "journals/tocs". Tolerates the variants found in lists (dblp.org, dblp.uni-trier.de, dblp2 mirrors, a
 * mistyped scheme, no trailing slash). Null for a URL that is not a dblp venue page.
 */
export function dblpKeyFromUrl(url: string | null | undefined): string | null {
  const match = url?.match(/dblp[\w.-]*\.(?:org|de)\/db\/(conf|journals)\/([\w.+-]+)/i);
  if (!match?.[1] || !match[2]) return null;
  return `${match[1].toLowerCase()}/${match[2]}`;
}

/** A "Full title|ACRONYM" cell: the acronym follows the last bar; a cell with no bar is a title only. */
export function splitTitleAcronym(cell: string): { title: string | null; acronym: string | null } {
  const bar = cell.lastIndexOf("|");
  if (bar < 0) return { title: cleanText(cell), acronym: null };
  return { title: cleanText(cell.slice(0, bar)), acronym: cleanText(cell.slice(bar + 1)) };
}

/**
 * A CORE rank as published onto the public scale ("Australasian B" → "B"; National, Regional, Unranked, a bare
 * "Australasian"... → ""): the snapshot contract's rule, which the pages' rank sources read too.
 */
export const normalizeCoreRank = coreTierOf;

/**
 * A place written in capitals ("MONTREAL, CANADA", "BOSTON, MA, USA") in its normal case ("Montreal, Canada",
 * "Boston, MA, USA"): each word capitalised, while a part of three letters or fewer stays a code (state, country:
 * "MA", "USA", "TBD"). Places with any lower-case letter are left as published.
 */
export function placeInNormalCase(place: string | null): string | null {
  if (place === null || /\p{Ll}/u.test(place)) return place;
  return place
    .split(",")
    .map((part) => {
      if (/^\p{L}{1,3}$/u.test(part.trim())) return part;
      return part
        .toLowerCase()
        .replace(/(^|[\s\-'’(/])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(",");
}
