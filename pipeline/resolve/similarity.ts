/**
 * Fuzzy title comparison for entity resolution. Venue titles drift between lists ("ACM Special Interest Group
 * on Management of Data Conference" vs "ACM Conference on Management of Data"), so we compare content words
 * with a light stem, each word weighted by its rarity across the catalogue. The overlap form (shared weight over
 * the lighter title) lets a shortened title still match; the Jaccard form tells near-identical titles.
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

/** British spellings that no suffix rule below reaches, as the American one. */
const AMERICAN: Record<string, string> = {
  behaviour: "behavior",
  behaviours: "behaviors",
  centre: "center",
  centres: "centers",
  programme: "program",
  programmes: "programs",
  defence: "defense",
  catalogue: "catalog",
  analyse: "analyze",
  colour: "color",
  labour: "labor",
  neighbour: "neighbor",
  fibre: "fiber",
};

function stem(word: string): string {
  // British and American spellings are one word ("Visualisation" / "Visualization", "Modelling" / "Modeling",
  // "Behaviour" / "Behavior"): two lists spell one venue each its way (MMM's "Multimedia Modelling", CORE).
  const american = AMERICAN[word];
  if (american) return stem(american);
  const single = word.match(/^([a-z]{2,}[aeiou])ll(ing|ed|ers?)$/);
  if (single) return stem(`${single[1]}l${single[2]}`);
  if (word.length > 7 && word.endsWith("isation")) return stem(`${word.slice(0, -7)}ization`);
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  // "Processes", "approaches", "boxes": the plural adds "es".
  if (word.length > 5 && /(?:ss|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function titleTokens(title: string): Set<string> {
  const text = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    // Lists annotate titles in brackets ("(combined EuroSpeech and ICSLP in 2000)"): not part of the name.
    .replace(/\([^)]*\)/g, " ");
  // A hyphenated word is also read whole, as lists that write it in one ("Multi-Agent" / "Multiagent",
  // "Real-time" / "RealTime") spell it.
  const compounds = [...text.matchAll(/[a-z0-9]+(?:-[a-z0-9]+)+/g)].map((m) => m[0].replace(/-/g, ""));
  return new Set(
    [...text.split(/[^a-z0-9]+/), ...compounds]
      .filter((w) => w && !STOP_WORDS.has(w) && !/^\d+(st|nd|rd|th)?$/.test(w))
      .map(stem),
  );
}

/** How telling each title word is across a whole catalogue: rare words weigh more than common ones. */
export function wordWeights(tokenSets: Iterable<Set<string>>): (word: string) => number {
  const df = new Map<string, number>();
  let n = 0;
  for (const set of tokenSets) {
    n++;
    for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  }
  // Computed once per word: resolution asks for the same words millions of times at scale.
  const weights = new Map<string, number>();
  for (const [word, count] of df) weights.set(word, Math.log(1 + n / count));
  const unseen = Math.log(1 + n);
  return (word) => weights.get(word) ?? unseen;
}

/** A title's words with their total weight, computed once per row. */
export interface WeightedTitle {
  tokens: Set<string>;
  mass: number;
}

export function weighted(tokens: Set<string>, weight: (w: string) => number): WeightedTitle {
  let mass = 0;
  for (const t of tokens) mass += weight(t);
  return { tokens, mass };
}

function sharedWeight(a: WeightedTitle, b: WeightedTitle, weight: (w: string) => number): number {
  const [small, large] = a.tokens.size <= b.tokens.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small.tokens) if (large.tokens.has(t)) shared += weight(t);
  return shared;
}

/**
 * Title similarity weighting rare words: the weight of the shared words over the lighter title's weight.
 * One shared common word ("systems") no longer decides; one shared rare word ("teletraffic") still counts.
 */
export function weightedSimilarity(
  a: WeightedTitle,
  b: WeightedTitle,
  weight: (w: string) => number,
): number {
  if (a.mass === 0 || b.mass === 0) return 0;
  return sharedWeight(a, b, weight) / Math.min(a.mass, b.mass);
}

/** Weighted share of `inner`'s words found in `outer`: a series' title inside its joint edition's. */
export function weightedContainment(
  inner: WeightedTitle,
  outer: WeightedTitle,
  weight: (w: string) => number,
): number {
  return inner.mass === 0 ? 0 : sharedWeight(inner, outer, weight) / inner.mass;
}

/** Weighted Jaccard: high only when neither title has much the other lacks (tells duplicate rows of one list). */
export function weightedJaccard(a: WeightedTitle, b: WeightedTitle, weight: (w: string) => number): number {
  if (a.mass === 0 || b.mass === 0) return 0;
  const shared = sharedWeight(a, b, weight);
  return shared / (a.mass + b.mass - shared);
}
