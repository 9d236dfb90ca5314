/**
 * A conference's rank history: every rank claim of its publishable rows, less the claims that are another venue's,
 * with one claim per list edition. Resolution may join a predecessor ("EuroCOLT (Now in COLT)", CORE 476) or a
 * venue's workshop (QUALIS "International Workshop on Context for Business Process Management", CONTEXT-BPM) to the
 * venue: their rows are its history as names, but their ranks are theirs, not the venue's.
 */
import type { RankHistoryEntry } from "../../snapshot/records.ts";
import { foldAcronym, WORKSHOP_TITLE } from "../resolve/names.ts";
import type { ConferenceObservation } from "../sources/observations.ts";
import { isPublishable } from "../sources/sources.ts";

/** The rules, by the name the build report gives them (docs/pipeline.md, Rank history). */
export const RANK_HISTORY_RULES = {
  predecessor:
    "a row under another acronym than the venue's whose note says it went into another venue ('Now in COLT', 'merged into EMAS', 'now merged with FSCD'): its rank is the predecessor's",
  workshop:
    "a row titled as a workshop whose acronym is the venue's with a qualifier (CONTEXT-BPM at BPM), in a venue that is no workshop: its rank is the workshop's",
  "one-per-edition":
    "two ranks of one list edition: the row whose title is closest to the venue's name wins (word Jaccard), then the row bearing the venue's acronym, then the list's order",
} as const;
export type RankHistoryRule = keyof typeof RANK_HISTORY_RULES;

export interface RankCorrection {
  rule: RankHistoryRule;
  dropped: RankHistoryEntry;
  /** The row the claim came from, as "acronym, title". */
  row: string;
  /** The claim kept for that edition (one-per-edition), else null. */
  kept: RankHistoryEntry | null;
  why: string;
}

/**
 * "(Now in COLT)", "(merged into EMAS in 2013)", "(now merged with FSCD …)": the series went into another. A bare
 * "(now SACMAT)" is a renaming (the same series), and "(merged with DIMEA … in 2009)" a series that went on.
 */
const WENT_INTO = /\((?:now in|now merged (?:with|into)|merged into)\s+[^)]*\)?/i;

const words = (s: string | null) => new Set((s ?? "").toLowerCase().match(/[\p{L}\d]+/gu) ?? []);
const describe = (m: ConferenceObservation) => [m.acronym, m.title].filter(Boolean).join(", ");

/** Why the member's ranks are another venue's, or null when they are the venue's own. */
function otherVenue(
  member: ConferenceObservation,
  shortName: string,
  venueName: string,
): { rule: RankHistoryRule; why: string } | null {
  const own = foldAcronym(member.acronym);
  if (own === "" || own === foldAcronym(shortName)) return null;
  const went = WENT_INTO.exec(`${member.acronym ?? ""} ${member.title ?? ""}`);
  if (went) return { rule: "predecessor", why: `the row says "${went[0]}"` };
  if (!WORKSHOP_TITLE.test(member.title ?? "") || WORKSHOP_TITLE.test(venueName)) return null;
  // "CONTEXT-BPM": the venue's acronym with a qualifier; "APPROX/RANDOM" joins two series and is no workshop of one.
  const parts = (member.acronym ?? "").split(/[\s-]+/).map(foldAcronym);
  return parts.length > 1 && parts.includes(foldAcronym(shortName))
    ? { rule: "workshop", why: `a workshop named after the venue (${member.acronym}) of ${venueName}` }
    : null;
}

/** How well a row names the venue: its title's word Jaccard with the venue's name, then its acronym. */
function closeness(member: ConferenceObservation, shortName: string, fullName: string): [number, number] {
  const name = words(fullName);
  const title = words(member.title);
  const shared = [...title].filter((w) => name.has(w)).length;
  const jaccard = shared / Math.max(name.size + title.size - shared, 1);
  return [
    jaccard,
    foldAcronym(member.acronym) !== "" && foldAcronym(member.acronym) === foldAcronym(shortName) ? 1 : 0,
  ];
}

/**
 * The venue's rank history and the claims left out. Members come in the merge's order; the first claim of an
 * edition by that order breaks a tie of the one-per-edition rule.
 */
export function rankHistory(
  members: readonly ConferenceObservation[],
  shortName: string,
  fullName: string,
): { ranks: RankHistoryEntry[]; corrections: RankCorrection[] } {
  const corrections: RankCorrection[] = [];
  const venueName = fullName || shortName;
  const claims: { entry: RankHistoryEntry; member: ConferenceObservation }[] = [];
  for (const member of members) {
    if (!isPublishable(member.source) || member.ranks.length === 0) continue;
    const other = otherVenue(member, shortName, venueName);
    for (const entry of member.ranks) {
      if (other) corrections.push({ ...other, dropped: entry, row: describe(member), kept: null });
      else claims.push({ entry, member });
    }
  }
  const byEdition = new Map<string, typeof claims>();
  for (const c of claims) {
    const k = `${c.entry.system}|${c.entry.edition}`;
    byEdition.set(k, [...(byEdition.get(k) ?? []), c]);
  }
  const ranks: RankHistoryEntry[] = [];
  for (const list of byEdition.values()) {
    const score = (c: (typeof list)[number]) => closeness(c.member, shortName, fullName);
    const best = list.reduce((a, b) => {
      const [x, y] = [score(a), score(b)];
      return y[0] > x[0] || (y[0] === x[0] && y[1] > x[1]) ? b : a;
    });
    ranks.push(best.entry);
    const seen = new Set([best.entry.rank]);
    for (const c of list) {
      if (seen.has(c.entry.rank)) continue;
      seen.add(c.entry.rank);
      corrections.push({
        rule: "one-per-edition",
        dropped: c.entry,
        row: describe(c.member),
        kept: best.entry,
        why: `${c.entry.edition} ranks the venue ${best.entry.rank} by its row ${describe(best.member)} and ${c.entry.rank} by its row ${describe(c.member)}`,
      });
    }
  }
  return {
    ranks: sortLikeClaims(
      ranks,
      claims.map((c) => c.entry),
    ),
    corrections,
  };
}

/** The kept claims in the order the members gave them (the page's order stays the list's). */
function sortLikeClaims(kept: RankHistoryEntry[], order: RankHistoryEntry[]): RankHistoryEntry[] {
  const at = new Map(order.map((e, i) => [e, i]));
  return [...kept].sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
}
