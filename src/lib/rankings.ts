/**
 * The ranking list pages: open calls, one page per rank tier, the most competitive conferences, the cp_index
 * list and the top journals by SJR and by impact factor. Each list is computed from the snapshot at build.
 */
import type { ConferenceRow, JournalRow } from "../../functions/schema/records.ts";
import { formatNumber, formatPercent } from "./format.ts";
import { conferenceRank, journalRank, RANK_TIERS } from "./ranks.ts";
import { settings } from "./settings.ts";
import { type Snapshot, snapshot } from "./snapshot.ts";

/** An extra column a list is ranked by. */
export interface Metric<T> {
  title: string;
  value: (row: T) => string;
}

export interface OpenIssue {
  journal: JournalRow;
  title: string;
  submission_date: string;
}

export interface RankingList {
  slug: string;
  title: string;
  description: string;
  group: "calls" | "tiers" | "scores";
  conferences: ConferenceRow[];
  journals: JournalRow[];
  conferenceMetric?: Metric<ConferenceRow>;
  journalMetric?: Metric<JournalRow>;
  specialIssues?: OpenIssue[];
}

/** Top lists stop here; tier lists are complete. */
const TOP = 100;

const byName = (a: { short_name: string | null; full_name: string }, b: typeof a) =>
  (a.short_name ?? a.full_name).localeCompare(b.short_name ?? b.full_name, "en");

/** The impact factor as a number; the reference publishes it as text ("3.1", sometimes other notes). */
export function impactFactorValue(row: JournalRow): number | null {
  const value = Number.parseFloat(row.impact_factor ?? "");
  return Number.isFinite(value) ? value : null;
}

function openCalls(data: Snapshot, today: string): RankingList {
  const journalById = data.journalById;
  return {
    slug: "open-calls",
    title: "Open calls for papers",
    description:
      "Conferences whose submission deadline has not passed, soonest first, and open journal special issues.",
    group: "calls",
    conferences: data.conferences
      .filter((c) => c.submission_date !== null && c.submission_date >= today)
      .sort((a, b) => (a.submission_date ?? "").localeCompare(b.submission_date ?? "") || byName(a, b)),
    journals: [],
    specialIssues: data.specialIssues
      .filter((s) => s.submission_date !== null && s.submission_date >= today)
      .flatMap((s) => {
        const journal = journalById.get(s.journal_id);
        return journal ? [{ journal, title: s.title, submission_date: s.submission_date as string }] : [];
      })
      .sort((a, b) => a.submission_date.localeCompare(b.submission_date)),
  };
}

function tierLists(data: Snapshot): RankingList[] {
  return RANK_TIERS.map((tier) => ({
    slug: tier.slug,
    title: `${tier.label} venues`,
    description: `Every venue ranked ${tier.tier} by ${tier.system} in the current snapshot.`,
    group: "tiers",
    conferences: data.conferences.filter((c) => conferenceRank(c, tier.system) === tier.tier).sort(byName),
    journals: data.journals.filter((j) => journalRank(j, tier.system) === tier.tier).sort(byName),
  }));
}

function scoreLists(data: Snapshot): RankingList[] {
  const withRate = data.conferences.filter((c) => c.acceptance_rate !== null);
  const scored = data.conferences.filter((c) => c.cp_index !== null);
  const withSjr = data.journals.filter((j) => j.sjr !== null);
  const withIf = data.journals.filter((j) => impactFactorValue(j) !== null);
  return [
    {
      slug: "most-competitive",
      title: "Most competitive conferences",
      description: `Up to ${TOP} conferences with the lowest latest main-track acceptance rate.`,
      group: "scores",
      conferences: withRate
        .sort((a, b) => (a.acceptance_rate as number) - (b.acceptance_rate as number) || byName(a, b))
        .slice(0, TOP),
      journals: [],
      conferenceMetric: { title: "Acceptance rate", value: (c) => formatPercent(c.acceptance_rate) },
    },
    {
      slug: "cp-index",
      title: "Highest cp_index",
      description: `Up to ${TOP} conferences with the highest cp_index, the service's own 0–100 score.`,
      group: "scores",
      conferences: scored
        .sort((a, b) => (b.cp_index?.score ?? 0) - (a.cp_index?.score ?? 0) || byName(a, b))
        .slice(0, TOP),
      journals: [],
      conferenceMetric: {
        title: "cp_index (confidence)",
        value: (c) => `${formatNumber(c.cp_index?.score ?? null, 1)} (${c.cp_index?.confidence.toFixed(2)})`,
      },
    },
    {
      slug: "journals-sjr",
      title: "Top journals by SJR",
      description: `Up to ${TOP} journals with the highest SCImago Journal Rank (SCImago Journal & Country Rank).`,
      group: "scores",
      conferences: [],
      journals: withSjr.sort((a, b) => (b.sjr as number) - (a.sjr as number) || byName(a, b)).slice(0, TOP),
      journalMetric: {
        title: "SJR (year)",
        value: (j) => `${formatNumber(j.sjr, 3)} (${j.sjr_year ?? "—"})`,
      },
    },
    {
      slug: "journals-impact-factor",
      title: "Top journals by impact factor",
      description: `Up to ${TOP} journals with the highest impact factor as published by the journal.`,
      group: "scores",
      conferences: [],
      journals: withIf
        .sort((a, b) => (impactFactorValue(b) as number) - (impactFactorValue(a) as number) || byName(a, b))
        .slice(0, TOP),
      journalMetric: { title: "Impact factor", value: (j) => j.impact_factor ?? "—" },
    },
  ];
}

let cached: RankingList[] | undefined;

/** Every ranking list of this build, in the order the index page shows them. */
export function rankingLists(): RankingList[] {
  if (!cached) {
    const data = snapshot();
    const today = settings().buildTime.toISOString().slice(0, 10);
    cached = [openCalls(data, today), ...scoreLists(data), ...tierLists(data)];
  }
  return cached;
}
