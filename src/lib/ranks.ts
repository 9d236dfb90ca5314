/**
 * Rank systems and their tiers as the site names them: one slug per tier (`ccf-a`, `core-astar`,
 * `qualis-a1`...) shared by the ranking pages and the per-tier calendars.
 */
import {
  CCF_TIERS,
  CORE_TIERS,
  type ConferenceRow,
  type JournalRow,
  QUALIS_TIERS,
} from "../../functions/schema/records.ts";

export type RankSystem = "CCF" | "CORE" | "QUALIS";

export interface RankTier {
  slug: string;
  system: RankSystem;
  tier: string;
  label: string;
}

const TIERS_BY_SYSTEM: Record<RankSystem, readonly string[]> = {
  CCF: CCF_TIERS,
  CORE: CORE_TIERS,
  QUALIS: QUALIS_TIERS,
};

const slugOf = (system: RankSystem, tier: string) =>
  `${system.toLowerCase()}-${tier.toLowerCase().replace("*", "star")}`;

export const RANK_TIERS: readonly RankTier[] = (Object.keys(TIERS_BY_SYSTEM) as RankSystem[]).flatMap(
  (system) =>
    TIERS_BY_SYSTEM[system].map((tier) => ({
      slug: slugOf(system, tier),
      system,
      tier,
      label: `${system === "CORE" ? "CORE (ICORE)" : system} ${tier}`,
    })),
);

/** The rank a conference row holds in a system ("" when unranked). */
export function conferenceRank(row: ConferenceRow, system: RankSystem): string {
  if (system === "CCF") return row.ccf_rank;
  if (system === "CORE") return row.core_rank;
  return row.qualis_rank;
}

/** Journals carry only a CCF rank. */
export const journalRank = (row: JournalRow, system: RankSystem): string =>
  system === "CCF" ? row.ccf_rank : "";

/** Position of a tier within its system scaled to 0-1 (best 1); null when unranked. */
function tierLevel(system: RankSystem, tier: string): number | null {
  const tiers = TIERS_BY_SYSTEM[system];
  const index = tiers.indexOf(tier);
  return index < 0 ? null : 1 - index / tiers.length;
}

const mean = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};

/** One number for "how highly ranked" a conference is: the mean of its known tier levels. */
export const conferenceLevel = (row: ConferenceRow): number | null =>
  mean((["CCF", "CORE", "QUALIS"] as const).map((s) => tierLevel(s, conferenceRank(row, s))));

const QUARTILE_LEVEL: Record<string, number> = { Q1: 1, Q2: 0.75, Q3: 0.5, Q4: 0.25 };

/** The same for a journal: its CCF tier and SCImago quartile. */
export const journalLevel = (row: JournalRow): number | null =>
  mean([
    tierLevel("CCF", row.ccf_rank),
    row.sjr_quartile ? (QUARTILE_LEVEL[row.sjr_quartile] ?? null) : null,
  ]);

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
