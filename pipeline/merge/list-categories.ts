/**
 * A ranked venue's categories in the lists that rank it: the CCF categories of the CCF row whose rank the venue
 * shows (snapshot/records/categories.ts), and CORE's FoR codes. A venue the list files under two categories keeps
 * both. They come from the list rows, never from our research fields.
 */
import type { CcfCategory, CoreForCode } from "../../snapshot/records.ts";
import type { SourceId } from "../sources/observations.ts";

interface CategorisedMember {
  source: SourceId;
  ccfCategories: readonly CcfCategory[];
  forCodes?: readonly CoreForCode[];
}

/** Which source's rows file the venue, by the edition its CCF rank came from (merge-conferences' CCF_EDITIONS). */
const CCF_SOURCE_OF_EDITION: readonly [prefix: string, source: SourceId][] = [
  ["CCF2026", "ccf2026"],
  ["ccfddl", "ccfddl"],
  ["CCF2022", "ccf"],
];
/** Then any CCF list that names the venue, current first (the reference gives ranks, never categories). */
const CCF_CATEGORY_SOURCES: readonly SourceId[] = ["ccf2026", "ccfddl", "ccf"];

export interface CcfCategories {
  categories: CcfCategory[];
  /** The source whose rows gave them (the build report counts them by it); null when none. */
  source: SourceId | null;
}

/**
 * The CCF categories of a venue ranked by `rankEdition` (null: not CCF-ranked, no categories): those of the
 * list whose rank it shows, else of the first CCF list naming it; every row of that list, united.
 */
export function ccfCategories(
  members: readonly CategorisedMember[],
  rankEdition: string | null,
): CcfCategories {
  if (rankEdition === null) return { categories: [], source: null };
  const first = CCF_SOURCE_OF_EDITION.find(([prefix]) => rankEdition.startsWith(prefix))?.[1];
  for (const source of first ? [first, ...CCF_CATEGORY_SOURCES] : CCF_CATEGORY_SOURCES) {
    const categories = [
      ...new Set(members.filter((m) => m.source === source).flatMap((m) => m.ccfCategories)),
    ];
    if (categories.length > 0) return { categories, source };
  }
  return { categories: [], source: null };
}

/** CORE's FoR codes of a CORE-ranked venue (`ranked`), from its CORE history rows; none when unranked. */
export function coreForCodes(members: readonly CategorisedMember[], ranked: boolean): CoreForCode[] {
  if (!ranked) return [];
  return [...new Set(members.filter((m) => m.source === "core").flatMap((m) => m.forCodes ?? []))];
}
