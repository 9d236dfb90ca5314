/**
 * cp_index: the service's own 0-100 score for a conference (algorithm "cp-2", documented in docs/cp-index.md).
 * Five weighted factors; a factor the data cannot support is scored at a neutral 50 and marked unknown, and
 * `confidence` says how much of the weight rested on known facts. The published score is the weighted sum shrunk
 * toward the neutral 50 by that confidence, so a little-known venue stays near the middle of the scale.
 */
import type { z } from "zod";
import type { CcfRank, CoreRank, CpIndex, QualisRank } from "../../snapshot/records.ts";

/** Bump whenever a weight, curve or tier value changes: scores of different versions are not comparable. */
export const CP_INDEX_VERSION = "cp-2";

type FactorName = CpIndex["breakdown"][number]["name"];

export const CP_INDEX_WEIGHTS: Readonly<Record<FactorName, number>> = {
  recognition: 0.35,
  selectivity: 0.25,
  longevity: 0.15,
  community: 0.15,
  completeness: 0.1,
};

const NEUTRAL = 50;

/** Tier values per ranking system: the top tier of each system is 100, equivalent tiers line up across systems. */
export const RANK_VALUES = {
  ccf: { A: 100, B: 80, C: 60 },
  core: { "A*": 100, A: 80, B: 60, C: 40 },
  qualis: { A1: 100, A2: 90, A3: 80, A4: 70, B1: 60, B2: 50, B3: 40, B4: 30, B5: 20, C: 10 },
} as const;

/** Facts the completeness factor counts besides the rank and acceptance rate (which it reads from the input). */
export interface CompletenessFacts {
  submissionDate: boolean;
  notificationDate: boolean;
  conferenceDate: boolean;
  location: boolean;
  /** Typed deadlines of the current edition. */
  deadlines: boolean;
  /** At least one research field. */
  fields: boolean;
  /** At least one past edition on record. */
  editionHistory: boolean;
}

export interface CpIndexInput {
  ranks: { ccf: z.infer<typeof CcfRank>; core: z.infer<typeof CoreRank>; qualis: z.infer<typeof QualisRank> };
  /** Latest main-track acceptance rate, 0-1. */
  acceptanceRate: number | null;
  /** Editions held as a source states it; 0 is how the reference snapshot writes "not stated", so it counts as unknown. */
  editionsCount: number | null;
  /** Years the series is on record: its edition history and the years of its acceptance figures. */
  editionYears?: readonly number[];
  /**
   * Dated ranking-list editions that list the venue, whatever the rank ("CORE2014", "ICORE2026", "CCF2022",
   * "QUALIS2017-2020"): each proves the series existed by that list's year. Undated entries are ignored.
   */
  listedIn?: readonly string[];
  /** All-time page views; 0 means unknown. */
  views: number;
  /** People tracking the venue; null or 0 means unknown. */
  trackers: number | null;
  /** Main-track submissions in the latest year that states them; null or 0 means unknown. */
  submissions?: number | null;
  facts: CompletenessFacts;
}

interface FactorScore {
  /** 0-100, or null when the input says nothing about this factor. */
  value: number | null;
}

const clamp100 = (x: number): number => Math.min(100, Math.max(0, x));
const round = (x: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

/** 0 at `floor`, 100 at `ceiling`, linear in log10 between (both bounds > 0). */
function logScale(x: number, floor: number, ceiling: number): number {
  return clamp100((100 * (Math.log10(x) - Math.log10(floor))) / (Math.log10(ceiling) - Math.log10(floor)));
}

function recognition(ranks: CpIndexInput["ranks"]): FactorScore {
  const values = [
    ranks.ccf === "" ? null : RANK_VALUES.ccf[ranks.ccf],
    ranks.core === "" ? null : RANK_VALUES.core[ranks.core],
    ranks.qualis === "" ? null : RANK_VALUES.qualis[ranks.qualis],
  ].filter((v): v is NonNullable<typeof v> => v !== null);
  return { value: values.length === 0 ? null : Math.max(...values) };
}

/** 100 at ≤10 % accepted, 0 at ≥60 %, linear between. */
function selectivity(rate: number | null): FactorScore {
  if (rate === null) return { value: null };
  return { value: clamp100((100 * (0.6 - rate)) / 0.5) };
}

/** "CORE2014", "ICORE2026", "CCF2022" → that year; "QUALIS2017-2020" → 2020 (listed at some point by then). */
const LIST_YEAR = /^(?:I?CORE|CCF|QUALIS)(\d{4})(?:-(\d{4}))?$/;

export function listYear(edition: string): number | null {
  const m = LIST_YEAR.exec(edition);
  return m ? Number(m[2] ?? m[1]) : null;
}

/**
 * How long the series has run: the larger of the editions a source states and its years on record (first to
 * last year any source places it in, inclusive). ln(1 + n) / ln(1 + 50): 1 ≈ 18, 10 ≈ 61, 25 ≈ 83, 50+ = 100.
 */
function longevity(input: CpIndexInput): FactorScore {
  const years = [
    ...(input.editionYears ?? []),
    ...(input.listedIn ?? []).map(listYear).filter((y) => y !== null),
  ].filter((y) => Number.isInteger(y) && y > 0);
  const span = years.length === 0 ? 0 : Math.max(...years) - Math.min(...years) + 1;
  const n = Math.max(input.editionsCount ?? 0, span);
  if (n <= 0) return { value: null };
  return { value: clamp100((100 * Math.log1p(n)) / Math.log1p(50)) };
}

/**
 * Views on a log scale from 100 (0) to 1,000,000 (100); trackers from 1 (0) to 1,000 (100); main-track
 * submissions from 10 (0) to 10,000 (100). All measure the size of the community, so the stronger signal counts:
 * a venue whose views or trackers are unpublished is not penalised.
 */
function community(input: CpIndexInput): FactorScore {
  const { views, trackers, submissions } = input;
  const signals: number[] = [];
  if (views > 0) signals.push(logScale(views, 100, 1_000_000));
  if (trackers !== null && trackers > 0) signals.push(logScale(trackers, 1, 1_000));
  if (submissions != null && submissions > 0) signals.push(logScale(submissions, 10, 10_000));
  return { value: signals.length === 0 ? null : Math.max(...signals) };
}

/** Share of the key facts known; unknown (not 0) when none is, so an empty record stays unscored. */
function completeness(input: CpIndexInput): FactorScore {
  const { ranks, acceptanceRate, facts } = input;
  const known = [
    ...Object.values(facts),
    ranks.ccf !== "" || ranks.core !== "" || ranks.qualis !== "",
    acceptanceRate !== null,
  ];
  const count = known.filter(Boolean).length;
  return { value: count === 0 ? null : (100 * count) / known.length };
}

/**
 * The cp-2 score of one conference, or null when not one factor is known. The weighted sum of the factors is
 * shrunk toward the neutral 50 by the confidence: score = 50 + confidence × (Σ weight × value − 50).
 */
export function computeCpIndex(input: CpIndexInput): CpIndex | null {
  const factors: Record<FactorName, FactorScore> = {
    recognition: recognition(input.ranks),
    selectivity: selectivity(input.acceptanceRate),
    longevity: longevity(input),
    community: community(input),
    completeness: completeness(input),
  };
  const breakdown = (Object.keys(CP_INDEX_WEIGHTS) as FactorName[]).map((name) => {
    const { value } = factors[name];
    return {
      name,
      value: value === null ? NEUTRAL : round(value, 1),
      weight: CP_INDEX_WEIGHTS[name],
      known: value !== null,
    };
  });
  if (!breakdown.some((f) => f.known)) return null;
  // The score is computed from the rounded values and confidence shown, so anyone can reproduce it from them.
  const raw = breakdown.reduce((sum, f) => sum + f.weight * f.value, 0);
  const confidence = round(
    breakdown.reduce((sum, f) => sum + (f.known ? f.weight : 0), 0),
    2,
  );
  // Shrinkage toward the prior: a venue known by little of the weight cannot ride a few strong facts to the top.
  const score = NEUTRAL + confidence * (raw - NEUTRAL);
  return { score: round(score, 1), confidence, version: CP_INDEX_VERSION, breakdown };
}
