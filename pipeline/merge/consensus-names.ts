/**
 * A conference's names by source priority, with one correction: a spelling the other lists contradict yields to the
 * spelling most lists give. The priority list's spelling stands unless it has a word no other list gives the venue
 * (CCF's "Symposium on Network System Design and Implementation", its "IEEE International Semantic Web
 * Conference") or lacks a word most lists give ("Australasia Conference …" for "Australasian …", "IEEE
 * Transactions on Audio, Speech and Language Processing" without "ACM"), and another spelling has more lists
 * behind it. A list leaving a publisher out is no vote against it (ICDCS stays "IEEE …", ccfddl names IEEE too),
 * and a different name (a rename: "The Web Conference" beside "International World Wide Web Conference") is no
 * spelling of it and keeps the priority.
 */
import { type ChosenNames, chooseNames, jaccard, type NameSource } from "../resolve/choose-names.ts";
import { cleanTitle, foldName } from "../resolve/names.ts";
import type { SourceId } from "../sources/observations.ts";

/** Two titles sharing this share of their words (plurals folded) are spellings of one name. */
export const SPELLING_SIMILARITY = 0.6;

/** Words whose absence says nothing ("Symposium on the Theory of Computing" / "… on Theory of …"). */
const SMALL_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "on", "the", "to"]);

/**
 * Lists of one body copy each other's names: CCF's two editions are one voice, and so are ICORE, the CORE
 * editions and the CORE portal. Every other source speaks for itself.
 */
const FAMILY: Partial<Record<SourceId, string>> = {
  ccf2026: "CCF",
  ccf: "CCF",
  icore: "CORE",
  core: "CORE",
  core_portal: "CORE",
};
const familyOf = (source: SourceId) => FAMILY[source] ?? source;

/** A title's words, lower-cased, a plural's "s" dropped ("Systems" / "System" are one word here). */
function stems(title: string): Set<string> {
  return new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0)
      .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)),
  );
}

/** A row's title as the names are compared: cleaned as published names are (names.ts). */
const cleaned = (m: NameSource) => cleanTitle(m.title, m.acronym ? [m.acronym] : []).text;

/** One list family's spelling of the chosen name. */
interface Vote {
  family: string;
  fold: string;
  words: Set<string>;
  /** Index of the row's source in the title priority: ties go to the list that names the venue. */
  rank: number;
}

/**
 * The votes for `chosen.full`: the rows in `titleOrder` whose title is a spelling of it and whose acronym is the
 * venue's or none (a row under a former acronym, CORE's "AISP" for ACISP, speaks for the former name).
 */
function votesFor(
  members: readonly NameSource[],
  chosen: ChosenNames,
  titleOrder: readonly SourceId[],
): Vote[] {
  const full = stems(chosen.full ?? "");
  const acronym = chosen.short ? foldName(chosen.short) : null;
  return members.flatMap((m) => {
    const rank = titleOrder.indexOf(m.source);
    const title = rank < 0 ? null : cleaned(m);
    if (!title || (m.acronym && acronym && foldName(m.acronym) !== acronym)) return [];
    const words = stems(title);
    if (jaccard(words, full) < SPELLING_SIMILARITY) return [];
    return [{ family: familyOf(m.source), fold: foldName(title), words, rank }];
  });
}

/** The other lists contradict the chosen spelling: a word of it none gives, or a word most give that it lacks. */
function contradicted(chosen: ChosenNames, votes: readonly Vote[]): boolean {
  const mine = stems(chosen.full ?? "");
  const own = chosen.source ? familyOf(chosen.source) : null;
  const others = votes.filter((v) => v.family !== own);
  if (others.length === 0) return false;
  const othersSay = new Set(others.flatMap((v) => [...v.words]));
  if ([...mine].some((w) => !SMALL_WORDS.has(w) && !othersSay.has(w))) return true;
  const families = new Set(votes.map((v) => v.family));
  const givenBy = new Map<string, Set<string>>();
  for (const v of votes) for (const w of v.words) givenBy.set(w, (givenBy.get(w) ?? new Set()).add(v.family));
  return [...givenBy].some(([w, by]) => !SMALL_WORDS.has(w) && !mine.has(w) && by.size * 2 > families.size);
}

/**
 * The spelling (folded) that replaces the chosen one: the one most list families give, when the others
 * contradict the chosen spelling and that one has more families behind it; else null.
 */
function agreedSpelling(
  members: readonly NameSource[],
  chosen: ChosenNames,
  titleOrder: readonly SourceId[],
): string | null {
  if (!chosen.full) return null;
  const votes = votesFor(members, chosen, titleOrder);
  if (!contradicted(chosen, votes)) return null;
  const spellings = new Map<string, { families: Set<string>; rank: number }>();
  for (const v of votes) {
    const s = spellings.get(v.fold) ?? { families: new Set(), rank: v.rank };
    s.families.add(v.family);
    s.rank = Math.min(s.rank, v.rank);
    spellings.set(v.fold, s);
  }
  const current = spellings.get(foldName(chosen.full))?.families.size ?? 0;
  const [fold, best] =
    [...spellings].sort(([, a], [, b]) => b.families.size - a.families.size || a.rank - b.rank)[0] ?? [];
  return fold !== undefined && best && best.families.size > current ? fold : null;
}

/**
 * `chooseNames` (pipeline/resolve/choose-names.ts) with the spelling the lists agree on: when the others contradict
 * the chosen full name, the rows giving the agreed spelling are asked first, so the pair comes from one of them
 * (and every other rule of the choice still holds: a row under a former name, or with no real acronym, yields).
 */
export function consensusNames(
  members: readonly NameSource[],
  titleOrder: readonly SourceId[],
  acronymOrder: readonly SourceId[] = titleOrder,
): ChosenNames {
  const chosen = chooseNames(members, titleOrder, acronymOrder);
  const agreed = agreedSpelling(members, chosen, titleOrder);
  if (agreed === null) return chosen;
  const gives = (m: NameSource) => foldName(cleaned(m) ?? "") === agreed;
  const first = members.filter(gives);
  const order = [
    ...titleOrder.filter((s) => first.some((m) => m.source === s)),
    ...titleOrder.filter((s) => !first.some((m) => m.source === s)),
  ];
  return chooseNames([...first, ...members.filter((m) => !gives(m))], order, acronymOrder);
}
