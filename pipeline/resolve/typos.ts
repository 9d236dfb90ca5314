/**
 * One-letter slips in a title's words ("Forntiers" for "Frontiers", "Artifical", "Telecommuncations"), corrected
 * across the catalogue before titles are compared: a word found in a single title, one slip away from exactly one
 * word many titles use, is that word. A slip is a letter missing, a letter too many or two neighbours swapped inside
 * the word; a letter changed is not one ("commuting" is not "computing"). Words are compared as `titleTokens`
 * gives them.
 */

/** Shortest word corrected: shorter ones are too often other words one letter apart. */
const MIN_LENGTH = 7;
/** A word in this many distinct titles or more is a known word a slip is corrected to. */
const KNOWN_IN = 3;

/** The word without one of its letters, each way. */
function deletions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

/**
 * b is a with one letter missing or added, or two neighbouring letters swapped, inside the word: a letter more or
 * less at either end makes another word as often as a slip ("eHealth", "SoftwareX", "Secured", "Informatik").
 */
export function oneSlip(a: string, b: string): boolean {
  if (a === b || a[0] !== b[0]) return false;
  if (Math.abs(a.length - b.length) === 1) {
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    let i = 0;
    while (i < short.length && long[i] === short[i]) i++;
    return i < short.length && long.slice(i + 1) === short.slice(i);
  }
  if (a.length !== b.length) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * The corrections for a catalogue, given each distinct title's words: a word of one title only → the one known
 * word it is a slip of (none when two known words are: nothing tells which was meant).
 */
export function typoCorrections(titles: Iterable<ReadonlySet<string>>): Map<string, string> {
  const df = new Map<string, number>();
  for (const words of titles) for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  // Known words under each of their one-letter deletions and themselves: a slip shares one of these keys.
  const known = new Map<string, string[]>();
  for (const [w, n] of df) {
    if (n < KNOWN_IN || w.length < MIN_LENGTH - 1) continue;
    for (const key of [w, ...deletions(w)]) {
      const list = known.get(key);
      if (list) list.push(w);
      else known.set(key, [w]);
    }
  }
  const corrections = new Map<string, string>();
  for (const [w, n] of df) {
    if (n !== 1 || w.length < MIN_LENGTH || /\d/.test(w)) continue;
    const meant = new Set<string>();
    for (const key of [w, ...deletions(w)])
      for (const k of known.get(key) ?? []) if (oneSlip(w, k)) meant.add(k);
    const [only] = meant;
    if (only && meant.size === 1) corrections.set(w, only);
  }
  return corrections;
}
