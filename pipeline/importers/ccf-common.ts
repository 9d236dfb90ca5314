/**
 * What the two CCF lists (2022: ccf-list.ts, 2026: ccf-2026.ts) give per venue, and how a list's venues become
 * observations: each a rank claim of the list's edition; a dblp key the list gives to two venues is dropped from both.
 */
import { CCF_TIERS, type CcfCategory } from "../../snapshot/records.ts";
import { tentativeFields } from "../fields/broad-codes.ts";
import { ccfCodeFromChineseName, fieldsFromCcfCode } from "../fields/ccf.ts";
import { NAMELESS_REASON, normalizeAcronym, normalizeTitle } from "../normalize/normalize.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type JournalObservation,
  journalObservation,
} from "../sources/observations.ts";

export type CcfLevel = (typeof CCF_TIERS)[number];

export function isCcfLevel(value: string | null): value is CcfLevel {
  return CCF_TIERS.includes(value as CcfLevel);
}

/** The CCF area code of an area named in Chinese as both lists do; none for an unknown name. */
export function ccfAreas(chineseName: string | null): CcfCategory[] {
  const code = chineseName ? ccfCodeFromChineseName(chineseName) : null;
  return code ? [code] : [];
}

type VenueNames = { acronym: string | null; title: string | null };

/**
 * A list row's venue, or why the row is rejected: it needs a name, a type and a CCF level. Its key is the type and
 * normalised title (acronym when it has none), never the acronym or dblp key alone: two different venues share
 * "CC", "FSE", and dblp files AsiaCCS under conf/ccs.
 */
export function ccfRowVenue(
  edition: CcfList["edition"],
  row: { names: VenueNames | null; type: string | null; level: string | null },
): { reason: string } | { key: string; type: CcfVenue["type"]; level: CcfLevel; names: VenueNames } {
  const { names, type, level } = row;
  if (!names) return { reason: NAMELESS_REASON };
  if (type !== "conference" && type !== "journal") return { reason: `unknown type "${type ?? ""}"` };
  if (!isCcfLevel(level)) return { reason: `unknown CCF level "${level ?? ""}"` };
  const identity = names.title ? normalizeTitle(names.title) : normalizeAcronym(names.acronym ?? "");
  return { key: `${edition}#${type}/${identity}`, type, level, names };
}

/** A venue listed under two areas is filed under both. */
export function joinAreas(known: readonly CcfCategory[], more: readonly CcfCategory[]): CcfCategory[] {
  return [...new Set([...known, ...more])];
}

export interface CcfVenue {
  type: "conference" | "journal";
  key: string;
  acronym: string | null;
  title: string | null;
  publisher: string | null;
  dblp: string | null;
  /** Further dblp keys of the venue (a row repeated for a second dblp path): keys for matching, nothing more. */
  otherDblp?: string[];
  /** dblp keys the list's own url column names for the venue: which of several paths is its current one. */
  listedDblp?: string[];
  level: CcfLevel;
  /** CCF area codes ("SE", "DS"): the venue's CCF categories; their fields are worked out in ccfObservations. */
  areas: CcfCategory[];
}

export interface CcfList {
  source: "ccf" | "ccf2026";
  edition: "CCF2022" | "CCF2026";
  /** The file or folder named in rejections and provenance. */
  file: string;
}

/**
 * The venue's dblp keys, its main key first: a path of its own kind (a journal's journals/, a conference's conf/;
 * CCF 2026 gives Parallel Computing /conf/parco before /journals/pc), for a journal the one the list's url names
 * when there are several (IET Software's journals/iet-sen, not its predecessor's journals/iee), else the first
 * given. (A conference's second conf/ path may be an alias of the first's dblp stream, CODES+ISSS's
 * /conf/codesisss, which the url names too: conferences keep their first.)
 */
export function dblpKeysOf(v: Pick<CcfVenue, "type" | "dblp" | "otherDblp" | "listedDblp">): string[] {
  const all = [...new Set([v.dblp, ...(v.otherDblp ?? [])])].filter((k): k is string => !!k);
  const prefix = v.type === "journal" ? "journals/" : "conf/";
  const ofKind = all.filter((k) => k.startsWith(prefix));
  const listed = v.type === "journal" ? ofKind.find((k) => v.listedDblp?.includes(k)) : undefined;
  const main = listed ?? ofKind[0] ?? all[0];
  return main ? [main, ...all.filter((k) => k !== main)] : [];
}

export function ccfObservations(
  list: CcfList,
  venues: readonly CcfVenue[],
): { conferences: ConferenceObservation[]; journals: JournalObservation[] } {
  const uses = new Map<string, number>();
  for (const v of venues)
    for (const dblp of new Set([v.dblp ?? "", ...(v.otherDblp ?? [])]))
      if (dblp) uses.set(dblp, (uses.get(dblp) ?? 0) + 1);
  const own = (dblp: string) => (uses.get(dblp) ?? 0) === 1;
  const common = (v: CcfVenue) => {
    const [main, ...others] = dblpKeysOf(v);
    const otherDblp = others.filter(own);
    return {
      source: list.source,
      key: v.key,
      file: list.file,
      acronym: v.acronym,
      dblp: main && own(main) ? main : null,
      // Only where a row gives a second path: the observation of every other row stays as it was.
      ...(otherDblp.length > 0 ? { otherDblp } : {}),
      ranks: [{ system: "CCF" as const, edition: list.edition, rank: v.level, source: list.source }],
      fields: [...new Set(v.areas.flatMap(fieldsFromCcfCode))],
      tentativeFields: tentativeFields("ccf", v.areas),
      ccfCategories: v.areas,
    };
  };
  return {
    conferences: venues
      .filter((v) => v.type === "conference")
      .map((v) => conferenceObservation({ ...common(v), title: v.title })),
    journals: venues
      .filter((v) => v.type === "journal")
      .map((v) =>
        journalObservation({
          ...common(v),
          // cleanNames guarantees one of the two.
          title: v.title ?? v.acronym ?? "",
          publisher: v.publisher,
          ccfRank: v.level,
        }),
      ),
  };
}
