/**
 * The build report's "List categories": how many venues each CCF category and CORE FoR code holds, from which
 * list's rows, and the ranked venues left without one (none expected: a test holds it on the real data).
 */
import { CCF_CATEGORY_TABLE, CORE_FOR_TABLE } from "../snapshot/records.ts";

export interface CategorisedVenue {
  name: string;
  ccf_rank: string;
  core_rank?: string;
  ccf_category: readonly string[];
  core_for?: readonly string[];
  /** The source whose list rows gave the CCF categories (pipeline/merge/list-categories.ts). */
  ccfCategorySource: string | null;
}

export interface CategoryCoverage {
  ccf: { code: string; name: string; conferences: number; journals: number; from: Record<string, number> }[];
  core_for: { code: string; name: string; conferences: number }[];
  ccf_ranked_without_category: string[];
  core_ranked_without_for: string[];
}

export function categoryCoverage(
  conferences: readonly CategorisedVenue[],
  journals: readonly CategorisedVenue[],
): CategoryCoverage {
  const filed = (venues: readonly CategorisedVenue[], code: string) =>
    venues.filter((v) => v.ccf_category.includes(code));
  return {
    ccf: CCF_CATEGORY_TABLE.map(({ code, name_zh, name_en }) => {
      const from: Record<string, number> = {};
      for (const v of [...filed(conferences, code), ...filed(journals, code)]) {
        const source = v.ccfCategorySource ?? "none";
        from[source] = (from[source] ?? 0) + 1;
      }
      return {
        code,
        name: `${name_zh} (${name_en})`,
        conferences: filed(conferences, code).length,
        journals: filed(journals, code).length,
        from,
      };
    }),
    core_for: CORE_FOR_TABLE.map(({ code, name }) => ({
      code,
      name,
      conferences: conferences.filter((v) => v.core_for?.includes(code)).length,
    })),
    ccf_ranked_without_category: [...conferences, ...journals]
      .filter((v) => v.ccf_rank !== "" && v.ccf_category.length === 0)
      .map((v) => v.name),
    core_ranked_without_for: conferences
      .filter((v) => v.core_rank && (v.core_for?.length ?? 0) === 0)
      .map((v) => v.name),
  };
}
