/**
 * Which rank claim of a conference's rank history is its current rank, and how that claim reads on the public
 * scale. The one rule: the build picks `ccf_rank`, `core_rank` and `qualis_rank` with it, and every surface that
 * names where a rank comes from (pages, Markdown, the API detail's `current_ranks`) reads the same claim, so a
 * page can never credit a rank to a list that does not state it (ICORE2026's "Australasian B" is the claim
 * behind core_rank B, not the reference service's plain "B").
 */
import type { z } from "zod";
import { CCF_TIERS, type CcfRank, type CoreRank, QUALIS_TIERS, type QualisRank } from "./ranks.ts";
import type { RankHistoryEntry } from "./venues.ts";

export type RankedSystem = "CCF" | "CORE" | "QUALIS";

/**
 * The CCF claims in the order they win, by edition prefix: the first with an A, B or C decides. CCF 2026 is
 * current; ccfddl and the reference service already follow it; the 2022 list only speaks for venues the others miss.
 */
export const CCF_CURRENT_EDITIONS = ["CCF2026", "ccfddl", "reference", "CCF2022"] as const;
/**
 * The current CORE rank is the newest edition's: ICORE2026, or CORE2023 for venues the ICORE2026 copy lacks.
 * A venue ranked only in older editions is unranked today; those ranks stay in its rank history.
 */
export const CORE_CURRENT_EDITIONS = ["ICORE2026", "CORE2023"] as const;
/** QUALIS: the 2017–2020 list; the reference's older-scale values stay in the history. */
export const QUALIS_CURRENT_EDITION = "QUALIS2017-2020";

const CORE_PUBLIC_TIERS: Record<string, z.infer<typeof CoreRank>> = {
  "A*": "A*",
  A: "A",
  B: "B",
  C: "C",
  // CORE's Australasian tiers are ranks on the same scale, limited to venues of the region: the row's core_rank
  // is B or C (the interface's A*/A/B/C), the claim keeps "Australasian B" for every page that names it.
  "AUSTRALASIAN B": "B",
  "AUSTRALASIAN C": "C",
};

/**
 * A CORE rank as published onto the public scale. Everything that is not a rank on that scale (National,
 * Regional, Unranked, Journal Published, TBR, "B (needs review)", a bare "Australasian"...) gives "".
 */
export function coreTierOf(published: string): z.infer<typeof CoreRank> {
  return CORE_PUBLIC_TIERS[published.replace(/\s+/g, " ").trim().toUpperCase()] ?? "";
}

/** The claim behind a current rank and the tier it gives the row ("" when the deciding claim is no tier). */
export interface CurrentRank<Tier extends string> {
  tier: Tier;
  claim: RankHistoryEntry | null;
}

export function currentCcfRank(history: readonly RankHistoryEntry[]): CurrentRank<z.infer<typeof CcfRank>> {
  for (const edition of CCF_CURRENT_EDITIONS) {
    const claim = history.find((r) => r.system === "CCF" && r.edition.startsWith(edition));
    if (claim && (CCF_TIERS as readonly string[]).includes(claim.rank)) {
      return { tier: claim.rank as z.infer<typeof CcfRank>, claim };
    }
  }
  return { tier: "", claim: null };
}

export function currentCoreRank(history: readonly RankHistoryEntry[]): CurrentRank<z.infer<typeof CoreRank>> {
  for (const edition of CORE_CURRENT_EDITIONS) {
    const claim = history.find((r) => r.system === "CORE" && r.edition === edition);
    // The newest edition listing the venue decides, even when what it says is no tier ("National").
    if (claim) return { tier: coreTierOf(claim.rank), claim };
  }
  return { tier: "", claim: null };
}

export function currentQualisRank(
  history: readonly RankHistoryEntry[],
): CurrentRank<z.infer<typeof QualisRank>> {
  const claim = history.find((r) => r.system === "QUALIS" && r.edition === QUALIS_CURRENT_EDITION);
  if (!claim || !(QUALIS_TIERS as readonly string[]).includes(claim.rank)) return { tier: "", claim: null };
  return { tier: claim.rank as z.infer<typeof QualisRank>, claim };
}

/** The claims behind a conference's three current ranks, ranked systems only, in CCF, CORE, QUALIS order. */
export function currentRankClaims(history: readonly RankHistoryEntry[]): RankHistoryEntry[] {
  return [currentCcfRank(history), currentCoreRank(history), currentQualisRank(history)].flatMap((r) =>
    r.tier && r.claim ? [r.claim] : [],
  );
}
