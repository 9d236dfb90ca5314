/**
 * The rank systems a conference carries and their tiers, best first, each with the query parameter that filters
 * by it and the slug of its tier pages and feeds: one list for the site's ranking pages and calendars and the
 * server-rendered filters.
 */
import { CCF_TIERS, CORE_TIERS, QUALIS_TIERS } from "../../snapshot/records.ts";
import { rankTierSlug } from "./feeds.ts";

/** `ranksJournals`: CCF ranks journals too; CORE and QUALIS rank conferences only. */
export const RANK_SYSTEMS = [
  { system: "CCF", param: "ccf_rank", tiers: CCF_TIERS, ranksJournals: true },
  { system: "CORE", param: "core_rank", tiers: CORE_TIERS, ranksJournals: false },
  { system: "QUALIS", param: "qualis_rank", tiers: QUALIS_TIERS, ranksJournals: false },
] as const;

export type RankSystem = (typeof RANK_SYSTEMS)[number]["system"];

/** The systems' names as MCP arguments spell them (ccf, core, qualis), in list order: the tuple z.enum takes. */
export const RANK_SYSTEM_NAMES = RANK_SYSTEMS.map(({ system }) => system.toLowerCase()) as [
  Lowercase<RankSystem>,
  ...Lowercase<RankSystem>[],
];

/** A system's tiers, best first, by its lower-case name; undefined for a name that is no system. */
export const tiersOfSystemNamed = (name: string | undefined): readonly string[] | undefined =>
  RANK_SYSTEMS.find(({ system }) => system.toLowerCase() === name)?.tiers;
/** The query parameter (and conference row column) of a system: ccf_rank, core_rank, qualis_rank. */
export type RankParam = (typeof RANK_SYSTEMS)[number]["param"];

export interface RankTier {
  slug: string;
  system: RankSystem;
  param: RankParam;
  tier: string;
}

/** Every tier of every system, CCF first: `ccf-a` … `qualis-c`. */
export const RANK_TIERS: readonly RankTier[] = RANK_SYSTEMS.flatMap(({ system, param, tiers }) =>
  tiers.map((tier) => ({ slug: rankTierSlug(system, tier), system, param, tier })),
);
