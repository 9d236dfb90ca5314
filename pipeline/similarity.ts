/**
 * Fuzzy title comparison for entity resolution. Venue titles drift between lists ("ACM Special Interest Group
 * on Management of Data Conference" vs "ACM Conference on Management of Data"), so we compare content words
 * with a light stem, using the overlap coefficient: a title that is a shortened form of another still matches.
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "on",
  "in",
  "for",
  "to",
  "at",
  "with",
  "by",
  "its",
  "international",
  "conference",
  "symposium",
  "workshop",
  "annual",
  "proceedings",
  "acm",
  "ieee",
  "ifip",
  "usenix",
  "joint",
  "meeting",
  "forum",
  "congress",
  "colloquium",
  "edition",
]);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function titleTokens(title: string): Set<string> {
  const words = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP_WORDS.has(w) && !/^\d+(st|nd|rd|th)?$/.test(w));
  return new Set(words.map(stem));
}

/** |A ∩ B| / min(|A|, |B|); 0 when either side has no content word. */
export function titleSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.min(a.size, b.size);
}
