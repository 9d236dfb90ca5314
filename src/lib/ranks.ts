/**
 * Rank systems and their tiers as the site names them: one slug per tier (`ccf-a`, `core-astar`,
 * `qualis-a1`...) shared by the ranking pages and the per-tier calendars.
 */
import {
  type RankTier as QueryRankTier,
  type RankSystem,
  RANK_TIERS as TIERS,
} from "../../read/schema/rank-tiers.ts";

export type { RankSystem };

export interface RankTier extends QueryRankTier {
  label: string;
}

/**
 * The query layer's tiers (read/schema/rank-tiers.ts) with the name the site shows. A CORE tier is the current
 * CORE rank, ICORE2026's or else CORE2023's, so it is labelled "CORE", not "ICORE" (IPSN's A* is CORE2023's).
 */
export const RANK_TIERS: readonly RankTier[] = TIERS.map((t) => ({ ...t, label: `${t.system} ${t.tier}` }));

/** Readable name of a rank-history edition: lists keep their names, source claims name the source. */
export function editionLabel(edition: string): string {
  const reference = edition.match(/^reference-(\d{4}-\d{2}-\d{2})$/);
  if (reference) return `Conference Partner (myhuiban.com) list of ${reference[1]}`;
  const claims: Record<string, string> = {
    ccfddl: "ccfddl/ccf-deadlines",
    hf: "huggingface/ai-deadlines",
    "CORE-portal": "CORE portal (mixed editions)",
  };
  return claims[edition] ?? edition;
}

/**
 * Where a current rank comes from, as pages and renditions say it: the list edition, and the rank in that list's
 * words when they are not the tier itself ("ICORE2026: Australasian B" beside CORE B).
 */
export function rankFromLabel(cell: { edition: string | null; listed: string | null }): string {
  if (!cell.edition) return "";
  return `${editionLabel(cell.edition)}${cell.listed ? `: ${cell.listed}` : ""}`;
}
