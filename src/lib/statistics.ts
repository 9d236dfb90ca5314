/**
 * The statistics page's figures: the `/api/statistics` payload of the build's snapshot and date, only
 * arranged for charts (calendar months summed over years, fields largest first, the open calls of the tiers
 * the site has pages for). No figure is computed here.
 */
import type { KeyCount } from "../../read/schema/api.ts";
import type { Bar } from "./charts.ts";
import { RANK_TIERS, type RankSystem } from "./ranks.ts";
import { queryLayer } from "./snapshot.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** How many countries the chart shows (the API lists every country). */
const TOP_COUNTRIES = 20;

export interface Statistics {
  conferences: number;
  journals: number;
  deadlinesByMonth: Bar[];
  countries: Bar[];
  /** The API's impact-factor buckets, without "none" (counted in `journalsWithoutImpactFactor`). */
  impactFactors: Bar[];
  journalsWithoutImpactFactor: number;
  /** The API's top publishers, without "other" (counted in `otherPublishers`). */
  publishers: Bar[];
  otherPublishers: number;
  conferenceFields: Bar[];
  journalFields: Bar[];
  openCallsByTier: Bar[];
}

const bars = (rows: readonly KeyCount[]): Bar[] =>
  rows.map(({ key, count }) => ({ label: key, value: count }));

const countOf = (rows: readonly KeyCount[], key: string) => rows.find((r) => r.key === key)?.count ?? 0;

/** Largest first, ties by name; fields no venue has are left out. */
const largestFirst = (rows: readonly KeyCount[]): Bar[] =>
  bars(rows.filter((r) => r.count > 0)).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));

let cached: Promise<Statistics> | undefined;

export function statistics(): Promise<Statistics> {
  cached ??= load();
  return cached;
}

async function load(): Promise<Statistics> {
  const api = await (await queryLayer()).statistics();
  const openBy: Record<RankSystem, KeyCount[]> = {
    CCF: api.conference_open_cfp_by_ccf_rank,
    CORE: api.conference_open_cfp_by_core_rank,
    QUALIS: api.conference_open_cfp_by_qualis_rank,
  };
  return {
    conferences: api.conferences_total,
    journals: api.journals_total,
    // The API counts by year and month ("2026-03"); the chart sums each calendar month over the years.
    deadlinesByMonth: MONTHS.map((label, index) => ({
      label,
      value: api.conference_deadline_by_month
        .filter((r) => Number(r.key.slice(5, 7)) === index + 1)
        .reduce((sum, r) => sum + r.count, 0),
    })),
    countries: bars(api.conference_country_distribution.slice(0, TOP_COUNTRIES)),
    impactFactors: bars(api.journal_impact_factor_distribution.filter((r) => r.key !== "none")).map(
      (bar) => ({
        ...bar,
        label: bar.label.replace("-", "–"),
      }),
    ),
    journalsWithoutImpactFactor: countOf(api.journal_impact_factor_distribution, "none"),
    publishers: bars(api.journal_publisher_distribution.filter((r) => r.key !== "other")),
    otherPublishers: countOf(api.journal_publisher_distribution, "other"),
    conferenceFields: largestFirst(api.conference_field_distribution),
    journalFields: largestFirst(api.journal_field_distribution),
    openCallsByTier: RANK_TIERS.filter((t) => t.system !== "QUALIS" || t.tier.startsWith("A")).map(
      (tier) => ({ label: tier.label, value: countOf(openBy[tier.system], tier.tier) }),
    ),
  };
}
