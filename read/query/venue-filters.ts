/**
 * The rank and field filters of the venue lists (conference search and upcoming deadlines on the conferences table
 * `c`, journal search on the journals table `j`). Each filter takes several values, any of which matches; `systems`
 * says how filters of different ranking systems combine.
 */
import type { CcfCategory, CoreForCode, ResearchField } from "../../snapshot/records.ts";
import { qualisTiersCondition } from "./qualis-scales.ts";
import type { Conditions } from "./sql.ts";
import type { SqlParam } from "./sql-param.ts";
import { varcharList } from "./sql-param.ts";

/** Tiers in the data's case (the parameter schemas fold them), as the rows hold them. */
export interface VenueFilters {
  ccf_rank?: readonly string[];
  core_rank?: readonly string[];
  qualis_rank?: readonly string[];
  field?: readonly ResearchField[];
  ccf_category?: readonly CcfCategory[];
  core_for?: readonly CoreForCode[];
}

/** What journals are filtered by: they carry CCF ranks, categories and fields, no CORE or QUALIS rank. */
export type JournalFilters = Pick<VenueFilters, "ccf_rank" | "field" | "ccf_category">;

type Systems = "all" | "any";

/**
 * Adds the filters to `cond`: within a system any listed tier matches; across systems every one must match
 * ("all", as search always did) or any one suffices ("any": CCF A or B, or CORE A* or A). Fields: any listed one.
 */
export function addVenueFilters(cond: Conditions, p: VenueFilters, systems: Systems): void;
export function addVenueFilters(cond: Conditions, p: JournalFilters, systems: Systems, alias: "j"): void;
export function addVenueFilters(cond: Conditions, p: VenueFilters, systems: Systems, alias = "c"): void {
  const ranks: [clause: string, ...values: SqlParam[]][] = [];
  for (const [column, tiers] of [
    [`${alias}.ccf_rank`, p.ccf_rank ?? []],
    [`${alias}.core_rank`, p.core_rank ?? []],
  ] as const)
    if (tiers.length > 0) ranks.push([`list_contains(?, ${column})`, varcharList(tiers)]);
  // QUALIS tiers also match the older scale the reference service rates on (qualis-scales.ts).
  const qualis = p.qualis_rank ?? [];
  if (qualis.length > 0) ranks.push(qualisTiersCondition(qualis));
  if (systems === "all" || ranks.length === 1) for (const r of ranks) cond.add(...r);
  else if (ranks.length > 1)
    cond.add(
      `(${ranks.map(([clause]) => clause).join(" OR ")})`,
      ...ranks.flatMap(([, ...values]) => values),
    );
  // Fields and the lists' categories: any listed value matches (each a list column of the venue).
  for (const [column, values] of [
    ["fields", p.field],
    ["ccf_category", p.ccf_category],
    ["core_for", p.core_for],
  ] as const)
    if (values && values.length > 0) cond.add(`list_has_any(${alias}.${column}, ?)`, varcharList(values));
}
