import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CompletenessFacts,
  CP_INDEX_VERSION,
  CP_INDEX_WEIGHTS,
  type CpIndexInput,
  computeCpIndex,
  listYear,
} from "../../../pipeline/merge/cp-index.ts";
import { CcfRank, CoreRank, CpIndex, QUALIS_TIERS, QualisRank } from "../../../snapshot/records.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const NO_FACTS: CompletenessFacts = {
  submissionDate: false,
  notificationDate: false,
  conferenceDate: false,
  location: false,
  deadlines: false,
  fields: false,
  editionHistory: false,
};

const EMPTY: CpIndexInput = {
  ranks: { ccf: "", core: "", qualis: "" },
  acceptanceRate: null,
  editionsCount: null,
  views: 0,
  trackers: null,
  facts: NO_FACTS,
};

/** Tiers of each system, best first, "" (unranked) last. */
const CCF_TIERS = ["A", "B", "C", ""] as const;
const CORE_TIERS = ["A*", "A", "B", "C", ""] as const;
const QUALIS_ORDER = [...QUALIS_TIERS, ""] as const;

/** Uniform over 0-1 in steps of 0.001 (fc.double clusters near 0 and would rarely probe the curve's middle). */
const rateArb = fc.integer({ min: 0, max: 1000 }).map((permille) => permille / 1000);

const factsArb: fc.Arbitrary<CompletenessFacts> = fc.record({
  submissionDate: fc.boolean(),
  notificationDate: fc.boolean(),
  conferenceDate: fc.boolean(),
  location: fc.boolean(),
  deadlines: fc.boolean(),
  fields: fc.boolean(),
  editionHistory: fc.boolean(),
});

const inputArb: fc.Arbitrary<CpIndexInput> = fc.record({
  ranks: fc.record({
    ccf: fc.constantFrom(...CCF_TIERS),
    core: fc.constantFrom(...CORE_TIERS),
    qualis: fc.constantFrom(...QUALIS_ORDER),
  }),
  acceptanceRate: fc.option(rateArb),
  editionsCount: fc.option(fc.integer({ min: 0, max: 200 })),
  editionYears: fc.array(fc.integer({ min: 1960, max: 2027 }), { maxLength: 6 }),
  listedIn: fc.array(
    fc.constantFrom(
      "CORE2014",
      "CORE2018",
      "CORE2023",
      "ICORE2026",
      "CCF2022",
      "QUALIS2017-2020",
      "ccfddl",
      "mpc",
    ),
    { maxLength: 4 },
  ),
  views: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000_000 })),
  trackers: fc.option(fc.integer({ min: 0, max: 100_000 })),
  submissions: fc.option(fc.integer({ min: 0, max: 30_000 })),
  facts: factsArb,
});

/** The documented cp-2 score from a breakdown and its confidence. */
const fromBreakdown = (index: CpIndex) =>
  50 + index.confidence * (index.breakdown.reduce((s, f) => s + f.weight * f.value, 0) - 50);

const factor = (index: CpIndex | null, name: string) => index?.breakdown.find((f) => f.name === name);

describe("computeCpIndex", () => {
  it("is null when nothing is known", () => {
    expect(computeCpIndex(EMPTY)).toBeNull();
    // Zero views, zero trackers and a 0 editions count are "not stated", not facts.
    expect(computeCpIndex({ ...EMPTY, editionsCount: 0, trackers: 0 })).toBeNull();
    // Nor are undated list entries ("ccfddl", the reference) or a 0 submissions count.
    expect(
      computeCpIndex({ ...EMPTY, listedIn: ["ccfddl", "reference-2026-08-22"], submissions: 0 }),
    ).toBeNull();
  });

  it("scores a well-known venue from its factors", () => {
    const index = computeCpIndex({
      ranks: { ccf: "A", core: "A*", qualis: "A1" },
      acceptanceRate: 0.1,
      editionsCount: 50,
      views: 1_000_000,
      trackers: null,
      facts: { ...NO_FACTS, submissionDate: true, conferenceDate: true, location: true, fields: true },
    });
    expect(CpIndex.parse(index)).toEqual(index);
    // 4 facts given + rank + acceptance rate = 6 of 9.
    expect(factor(index, "completeness")).toMatchObject({ value: 66.7, known: true });
    expect(index?.score).toBe(96.7); // 0.9 × 100 + 0.1 × 66.7
    expect(index?.confidence).toBe(1);
    expect(index?.version).toBe(CP_INDEX_VERSION);
    expect(index?.breakdown.map((f) => f.name)).toEqual(Object.keys(CP_INDEX_WEIGHTS));
  });

  it("scores unknown factors at a neutral 50 and shrinks the score toward 50 by the confidence", () => {
    const index = computeCpIndex({ ...EMPTY, ranks: { ccf: "", core: "C", qualis: "" } });
    expect(factor(index, "recognition")).toMatchObject({ value: 40, known: true });
    expect(factor(index, "selectivity")).toMatchObject({ value: 50, known: false });
    // Rank is 1 of 9 completeness facts.
    expect(factor(index, "completeness")).toMatchObject({ value: 11.1, known: true });
    expect(index?.confidence).toBe(0.45);
    // cp-2: raw 0.35 × 40 + 0.55 × 50 + 0.1 × 11.1 = 42.61 (cp-1's score), shown 50 + 0.45 × (42.61 − 50) = 46.67.
    expect(index?.score).toBe(46.7);
  });

  it("derives longevity from edition years and dated list editions, community from submissions", () => {
    const value = (input: Partial<CpIndexInput>, name: string) =>
      factor(computeCpIndex({ ...EMPTY, ...input }), name);
    // Years on record, first to last, inclusive: 2013-2026 is 14 years (the acceptance history's gaps do not matter).
    expect(value({ editionYears: [2013, 2020, 2026] }, "longevity")).toMatchObject({
      value: 68.9,
      known: true,
    });
    // Listed in CORE2014 and ICORE2026: 13 years. QUALIS2017-2020 counts from 2020, when the range ends.
    expect(value({ listedIn: ["CORE2014", "ICORE2026", "ccfddl"] }, "longevity")?.value).toBe(67.1);
    expect(value({ listedIn: ["QUALIS2017-2020"], editionYears: [2026] }, "longevity")?.value).toBe(52.9);
    // A one-off is a known 1, not an unknown 50.
    expect(value({ editionYears: [2026] }, "longevity")).toMatchObject({ value: 17.6, known: true });
    // The larger of a stated count and the years on record.
    expect(value({ editionsCount: 40, editionYears: [2024, 2025] }, "longevity")?.value).toBe(94.4);
    expect(value({ editionsCount: 2, editionYears: [2001, 2025] }, "longevity")?.value).toBe(82.9);
    expect(value({ submissions: 100 }, "community")).toMatchObject({ value: 33.3, known: true });
    expect(value({ submissions: 10_000 }, "community")?.value).toBe(100);
    // The stronger audience signal counts.
    expect(value({ submissions: 1_000, views: 10_000 }, "community")?.value).toBe(66.7);
    expect(listYear("CORE2008")).toBe(2008);
    expect(listYear("reference-2026-08-22")).toBeNull();
  });

  it("never lets a little-known venue outrank a well-documented top venue", () => {
    // Fully known: CCF A, 25 % accepted, 10 years on record, 1,000 submissions, 7 of 9 facts → 79.4.
    const top = computeCpIndex({
      ...EMPTY,
      ranks: { ccf: "A", core: "", qualis: "" },
      acceptanceRate: 0.25,
      editionYears: [2016, 2025],
      submissions: 1_000,
      facts: {
        ...NO_FACTS,
        submissionDate: true,
        conferenceDate: true,
        location: true,
        fields: true,
        editionHistory: true,
      },
    });
    expect(top?.confidence).toBe(1);
    // The best a venue with no acceptance rate can do (confidence 0.75, every other factor 100, 8 of 9 facts).
    const ALL_FACTS = Object.fromEntries(
      Object.keys(NO_FACTS).map((k) => [k, true]),
    ) as unknown as CompletenessFacts;
    const unproven = computeCpIndex({
      ...EMPTY,
      ranks: { ccf: "A", core: "A*", qualis: "A1" },
      editionsCount: 60,
      views: 10_000_000,
      facts: ALL_FACTS,
    });
    expect(unproven).toMatchObject({ confidence: 0.75, score: 77.3 });
    expect(unproven?.score).toBeLessThan(top?.score ?? 0);
    fc.assert(
      fc.property(inputArb, (input) => {
        const index = computeCpIndex(input);
        // At confidence c the score is at most 50 + 50 c², 78.1 at c = 0.75.
        if (index && index.confidence <= 0.75) expect(index.score).toBeLessThan(top?.score ?? 0);
      }),
      { numRuns: 1000 },
    );
  });

  it("takes the best rank across systems", () => {
    const value = (ranks: CpIndexInput["ranks"]) =>
      factor(computeCpIndex({ ...EMPTY, ranks }), "recognition")?.value;
    expect(value({ ccf: "C", core: "A*", qualis: "B4" })).toBe(100);
    expect(value({ ccf: "B", core: "B", qualis: "B1" })).toBe(80);
    expect(value({ ccf: "", core: "", qualis: "A3" })).toBe(80);
  });

  it("follows the documented selectivity, longevity and community curves", () => {
    const value = (input: Partial<CpIndexInput>, name: string) =>
      factor(computeCpIndex({ ...EMPTY, ...input }), name)?.value;
    expect(value({ acceptanceRate: 0.05 }, "selectivity")).toBe(100);
    expect(value({ acceptanceRate: 0.25 }, "selectivity")).toBe(70);
    expect(value({ acceptanceRate: 0.6 }, "selectivity")).toBe(0);
    expect(value({ editionsCount: 1 }, "longevity")).toBe(17.6);
    expect(value({ editionsCount: 10 }, "longevity")).toBe(61);
    expect(value({ editionsCount: 500 }, "longevity")).toBe(100);
    expect(value({ views: 100 }, "community")).toBe(0);
    expect(value({ views: 10_000 }, "community")).toBe(50);
    expect(value({ views: 10_000, trackers: 1_000 }, "community")).toBe(100);
    expect(value({ trackers: 10 }, "community")).toBe(33.3);
  });

  it("always yields a valid CpIndex with the score in 0-100 and the breakdown reproducing it", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const index = computeCpIndex(input);
        if (index === null) return;
        expect(CpIndex.safeParse(index).success).toBe(true);
        // cp-2: 50 + confidence × (Σ weight × value − 50), from the published (rounded) figures.
        expect(Math.abs(index.score - fromBreakdown(index))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });

  it("confidence equals the share of weight whose factor is known", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const index = computeCpIndex(input);
        if (index === null) return;
        const known = index.breakdown.filter((f) => f.known).reduce((s, f) => s + f.weight, 0);
        expect(index.confidence).toBeCloseTo(known, 2);
        for (const f of index.breakdown) if (!f.known) expect(f.value).toBe(50);
      }),
    );
  });

  it("never falls when a ranked tier improves", () => {
    const tierPair = <T extends string>(tiers: readonly T[]) =>
      fc
        .tuple(fc.nat(tiers.length - 2), fc.nat(tiers.length - 2))
        .map(([a, b]) => [tiers[Math.min(a, b)] as T, tiers[Math.max(a, b)] as T] as const);
    const systemArb = fc.oneof(
      tierPair(CCF_TIERS).map(([better, worse]) => ["ccf", better, worse] as const),
      tierPair(CORE_TIERS).map(([better, worse]) => ["core", better, worse] as const),
      tierPair(QUALIS_ORDER).map(([better, worse]) => ["qualis", better, worse] as const),
    );
    fc.assert(
      fc.property(inputArb, systemArb, (input, [system, better, worse]) => {
        const withRank = (rank: string) =>
          computeCpIndex({ ...input, ranks: { ...input.ranks, [system]: rank } });
        expect(withRank(better)?.score).toBeGreaterThanOrEqual(withRank(worse)?.score ?? Number.NaN);
      }),
      { numRuns: 1000 },
    );
  });

  it("never falls when more years are on record or submissions grow", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1960, max: 2027 }), rateArb, rateArb, (input, year, a, b) => {
        // Among known values (an unknown longevity sits at the neutral 50, which a one-off falls below).
        const longevity = (i: CpIndexInput) => factor(computeCpIndex(i), "longevity");
        const more = { ...input, editionYears: [...(input.editionYears ?? []), year] };
        const before = longevity(input);
        if (before?.known) expect(longevity(more)?.value).toBeGreaterThanOrEqual(before.value);
        const score = (n: number) =>
          computeCpIndex({ ...input, submissions: 1 + Math.round(n * 20_000) })?.score;
        expect(score(Math.max(a, b))).toBeGreaterThanOrEqual(score(Math.min(a, b)) ?? Number.NaN);
      }),
      { numRuns: 1000 },
    );
  });

  it("never falls when the acceptance rate drops", () => {
    fc.assert(
      fc.property(inputArb, rateArb, rateArb, (input, a, b) => {
        const score = (r: number) => computeCpIndex({ ...input, acceptanceRate: r })?.score;
        expect(score(Math.min(a, b))).toBeGreaterThanOrEqual(score(Math.max(a, b)) ?? Number.NaN);
      }),
      { numRuns: 1000 },
    );
  });
});

const REFERENCE_DIR = join(REAL_UPSTREAM, "conference-partner");

/** Every conference row of the reference snapshot, one per id, keeping the richest version (with years/clicked). */
function referenceConferences(): Record<string, unknown>[] {
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const file of readdirSync(REFERENCE_DIR).filter((f) => f.endsWith(".json"))) {
    const doc = JSON.parse(readFileSync(join(REFERENCE_DIR, file), "utf8"));
    for (const row of doc.conferences ?? []) byId.set(row.id, { ...byId.get(row.id), ...row });
  }
  return [...byId.values()];
}

describeOnRealUpstream("computeCpIndex on the reference snapshot", () => {
  const scored = referenceConferences().map((row) => ({
    row,
    index: computeCpIndex({
      ranks: {
        ccf: CcfRank.parse(row.ccf_rank),
        core: CoreRank.parse(row.core_rank),
        qualis: QualisRank.parse(row.qualis_rank),
      },
      acceptanceRate: null,
      editionsCount: typeof row.years === "number" ? row.years : null,
      views: typeof row.clicked === "number" ? row.clicked : 0,
      trackers: null,
      facts: {
        ...NO_FACTS,
        submissionDate: row.submission_date != null,
        notificationDate: row.notification_date != null,
        conferenceDate: row.conference_date != null,
        location: row.location != null,
      },
    }),
  }));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const recognition = (index: CpIndex | null) => factor(index, "recognition");

  it("scores every ranked conference with a valid CpIndex", () => {
    expect(scored.length).toBeGreaterThan(1000);
    for (const { row, index } of scored) {
      if (row.ccf_rank || row.core_rank || row.qualis_rank) expect(CpIndex.parse(index)).toEqual(index);
    }
  });

  it("puts top-tier venues well above low-tier ones on average", () => {
    const scoresWhere = (test: (value: number) => boolean) =>
      scored.flatMap(({ index }) => {
        const r = recognition(index);
        return index && r?.known && test(r.value) ? [index.score] : [];
      });
    const top = scoresWhere((v) => v === 100);
    const low = scoresWhere((v) => v <= 40);
    expect(top.length).toBeGreaterThan(50);
    expect(low.length).toBeGreaterThan(50);
    expect(mean(top) - mean(low)).toBeGreaterThan(10);
  });
});
