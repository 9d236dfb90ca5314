/**
 * The rank and field filters of the conference lists (search and upcoming deadlines), on the conferences table
 * `c`. Each filter takes several values, any of which matches; `systems` says how filters of different ranking
 * systems combine.
 */
import type { ResearchField } from "../schema/records.ts";
import { type Conditions, varcharList } from "./sql.ts";

export interface VenueFilters {
  ccf_rank?: readonly string[];
  core_rank?: readonly string[];
  qualis_rank?: readonly string[];
  field?: readonly ResearchField[];
}

/**
 * Adds the filters to `cond`: within a system any listed tier matches; across systems every one must match
 * ("all", as search always did) or any one suffices ("any": CCF A or B, or CORE A* or A). Fields: any listed one.
 */
export function addVenueFilters(cond: Conditions, p: VenueFilters, systems: "all" | "any"): void {
  const ranks = (
    [
      ["c.ccf_rank", p.ccf_rank],
      ["c.core_rank", p.core_rank],
      ["c.qualis_rank", p.qualis_rank],
    ] as const
  ).flatMap(([column, tiers]) =>
    tiers && tiers.length > 0
      ? [{ clause: `list_contains(?, ${column})`, value: varcharList(tiers.map((t) => t.toUpperCase())) }]
      : [],
  );
  if (systems === "all" || ranks.length === 1) for (const r of ranks) cond.add(r.clause, r.value);
  else if (ranks.length > 1)
    cond.add(`(${ranks.map((r) => r.clause).join(" OR ")})`, ...ranks.map((r) => r.value));
  if (p.field && p.field.length > 0) cond.add("list_has_any(c.fields, ?)", varcharList(p.field));
}
