/** How the name index reads text: folding, acronym keys, plural stems and the hash of exact keys. */

/** Case, diacritics and punctuation folded: lower-case words of letters and digits joined by one space. */
export function foldWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The folded text without spaces ("S&P" → "sp", "ECML-PKDD" → "ecmlpkdd"), for exact keys. */
export const compact = (folded: string): string => folded.replaceAll(" ", "");

/**
 * An acronym and its tails without leading qualifier words or a "SIG" prefix: "USENIX ATC" is also "ATC", "ACM MM"
 * also "MM", "SIGKDD" also "KDD", so the bare acronym a researcher types meets it exactly.
 */
export function acronymKeys(short: string | null): string[] {
  if (!short) return [];
  const words = foldWords(short).split(" ").filter(Boolean);
  const keys = words.map((_, i) => words.slice(i).join(""));
  const sig = /^sig(\p{L}{2,})$/u.exec(keys[0] ?? "");
  if (sig?.[1]) keys.push(sig[1]);
  return keys.filter((k, i) => keys.indexOf(k) === i);
}

/** A plural folded to its singular ("implementations" → "implementation"), so near-spellings meet in tier 3. */
export const stem = (word: string): string =>
  word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;

/**
 * A 53-bit hash of an exact key (two 32-bit FNV-1a passes with different offsets), exact as a JS number. The index
 * stores these instead of the keys, a tenth of their memory; at about a million keys the chance that a query
 * meets a key it does not equal is below one in a billion.
 */
export function keyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 11) * 0x100000000 + (b >>> 0);
}
