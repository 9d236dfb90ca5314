/**
 * The one rule for a conference's current ranks (snapshot/records/current-ranks.ts), on ACISP's and IPSN's rank
 * histories as the 2026-12 build holds them: the claim behind each rank, worded as its list words it.
 */
import { describe, expect, it } from "vitest";
import {
  coreTierOf,
  currentCcfRank,
  currentCoreRank,
  currentQualisRank,
  currentRankClaims,
  type RankHistoryEntry,
} from "../../../snapshot/records.ts";

const claim = (system: RankHistoryEntry["system"], edition: string, rank: string, source: string) => ({
  system,
  edition,
  rank,
  source,
});

// ACISP (366): the reference and mpc say a plain "B"; ICORE2026, the list the rank comes from, "Australasian B".
const ACISP: RankHistoryEntry[] = [
  claim("CCF", "CCF2026", "C", "ccf2026"),
  claim("CCF", "CCF2022", "C", "ccf"),
  claim("CCF", "ccfddl", "C", "ccfddl"),
  claim("CCF", "reference-2026-08-22", "C", "reference"),
  claim("CORE", "reference-2026-08-22", "B", "reference"),
  claim("CORE", "ICORE2026", "Australasian B", "icore"),
  claim("CORE", "CORE2023", "Australasian B", "core"),
  claim("CORE", "CORE-portal", "Australasian B", "core_portal"),
  claim("QUALIS", "QUALIS2017-2020", "A4", "qualis"),
  claim("CORE", "mpc", "B", "mpc"),
];

// IPSN (307): A* in CORE2023, absent from the ICORE2026 copy.
const IPSN: RankHistoryEntry[] = [
  claim("CCF", "CCF2026", "B", "ccf2026"),
  claim("CORE", "CORE2021", "A*", "core"),
  claim("CORE", "CORE2023", "A*", "core"),
  claim("QUALIS", "QUALIS2017-2020", "A2", "qualis"),
];

describe("current ranks", () => {
  it("takes ACISP's core_rank B from ICORE2026's Australasian B, not from a source's plain B", () => {
    expect(currentCoreRank(ACISP)).toEqual({
      tier: "B",
      claim: claim("CORE", "ICORE2026", "Australasian B", "icore"),
    });
    expect(currentCcfRank(ACISP).claim?.edition).toBe("CCF2026");
    expect(currentQualisRank(ACISP)).toEqual({
      tier: "A4",
      claim: claim("QUALIS", "QUALIS2017-2020", "A4", "qualis"),
    });
    expect(currentRankClaims(ACISP).map((c) => `${c.system} ${c.edition} ${c.rank}`)).toEqual([
      "CCF CCF2026 C",
      "CORE ICORE2026 Australasian B",
      "QUALIS QUALIS2017-2020 A4",
    ]);
  });

  it("falls back to CORE2023 for a venue the ICORE2026 copy lacks (IPSN's A*)", () => {
    expect(currentCoreRank(IPSN)).toEqual({ tier: "A*", claim: claim("CORE", "CORE2023", "A*", "core") });
  });

  it("lets the newest listing decide even when it is no tier, and names no claim for an unranked system", () => {
    const national = [
      claim("CORE", "ICORE2026", "National: Australia", "icore"),
      claim("CORE", "CORE2023", "B", "core"),
    ];
    expect(currentCoreRank(national).tier).toBe("");
    expect(currentRankClaims(national)).toEqual([]);
    expect(
      currentCcfRank([claim("CCF", "CCF2026", "N", "ccf2026"), claim("CCF", "CCF2022", "B", "ccf")]),
    ).toEqual({
      tier: "B",
      claim: claim("CCF", "CCF2022", "B", "ccf"),
    });
  });

  it("maps CORE's wording onto the public scale", () => {
    expect(
      ["A*", "a", "Australasian B", "AUSTRALASIAN  C", "Australasian", "National", "TBR"].map(coreTierOf),
    ).toEqual(["A*", "A", "B", "C", "", "", ""]);
  });
});
