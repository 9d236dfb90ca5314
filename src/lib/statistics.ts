/** Distributions shown on the statistics page, computed from the snapshot rows. */
import { RESEARCH_FIELDS } from "../../functions/schema/records.ts";
import type { Bar } from "./charts.ts";
import { impactFactorValue } from "./rankings.ts";
import { conferenceRank, RANK_TIERS } from "./ranks.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The most frequent values, largest first, ties by name. */
function top(values: readonly (string | null)[], count: number): Bar[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label))
    .slice(0, count);
}

/** Impact-factor bins: [lower, upper) bounds, the last open-ended. */
const IF_BINS: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 5],
  [5, 10],
  [10, Number.POSITIVE_INFINITY],
];

export interface Statistics {
  conferences: number;
  journals: number;
  deadlinesByMonth: Bar[];
  countries: Bar[];
  impactFactors: Bar[];
  publishers: Bar[];
  conferenceFields: Bar[];
  journalFields: Bar[];
  openCallsByTier: Bar[];
}

export function statistics(): Statistics {
  const { conferences, journals } = snapshot();
  const today = settings().buildTime.toISOString().slice(0, 10);
  const open = conferences.filter((c) => c.submission_date !== null && c.submission_date >= today);
  const impact = journals.map(impactFactorValue).filter((v): v is number => v !== null);
  const perField = <T extends { fields: string[] }>(rows: readonly T[]) =>
    RESEARCH_FIELDS.map((field) => ({
      label: field,
      value: rows.filter((r) => r.fields.includes(field)).length,
    }))
      .filter((b) => b.value > 0)
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return {
    conferences: conferences.length,
    journals: journals.length,
    deadlinesByMonth: MONTHS.map((label, index) => ({
      label,
      value: conferences.filter(
        (c) => c.submission_date && Number(c.submission_date.slice(5, 7)) === index + 1,
      ).length,
    })),
    countries: top(
      conferences.map((c) => c.country),
      20,
    ),
    impactFactors: IF_BINS.map(([low, high]) => ({
      label: Number.isFinite(high) ? `${low}–${high}` : `${low}+`,
      value: impact.filter((v) => v >= low && v < high).length,
    })),
    publishers: top(
      journals.map((j) => j.publisher),
      15,
    ),
    conferenceFields: perField(conferences),
    journalFields: perField(journals),
    openCallsByTier: RANK_TIERS.filter((t) => t.system !== "QUALIS" || t.tier.startsWith("A")).map(
      (tier) => ({
        label: tier.label,
        value: open.filter((c) => conferenceRank(c, tier.system) === tier.tier).length,
      }),
    ),
  };
}
