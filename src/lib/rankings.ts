/**
 * The ranking list pages: open calls, the top lists and one page per rank tier. Each list is an answer of the
 * query layer that serves `/api` (membership and order), asked once per build; `api` names the request that
 * gives the same list, which the agreement test compares. Rows are then shown from the snapshot's own rows.
 */
import type { ConferenceSearchParams, JournalSearchParams } from "../../read/schema/api.ts";
import type { MessageKey } from "../../render/i18n.ts";
import { type ConferenceRow, currentCoreRank, type JournalRow } from "../../snapshot/records.ts";
import { formatNumber, formatPercent } from "./format.ts";
import { RANK_TIERS, type RankTier } from "./ranks.ts";
import { queryLayer, snapshot } from "./snapshot.ts";

/** An extra column a list is ranked by. */
export interface Metric<T> {
  /** The column's name in the message files. */
  title: MessageKey;
  value: (row: T) => string;
}

export interface OpenIssue {
  journal: JournalRow;
  title: string;
  submission_date: string;
}

/** What a list is, known without querying: enough for links, the sitemap and llms.txt. */
export interface RankingListInfo {
  slug: string;
  title: string;
  description: string;
  group: "calls" | "tiers" | "scores";
  /**
   * The API requests (path and query, without paging) answering the same conferences and journals in the same
   * order; absent for the one list no API ranking gives (journals by SJR).
   */
  api: { conferences?: string; journals?: string };
}

export interface RankingList extends RankingListInfo {
  conferences: ConferenceRow[];
  journals: JournalRow[];
  conferenceMetric?: Metric<ConferenceRow>;
  journalMetric?: Metric<JournalRow>;
  specialIssues?: OpenIssue[];
  /** A CORE tier's list: where its venues' current rank comes from, so the page says what the list holds. */
  coreSources?: CoreSources;
}

/** How many venues of a CORE tier take their rank from each edition, and how many a regional tier gives. */
export interface CoreSources {
  icore: number;
  core2023: number;
  /** Ranked "Australasian B" or "Australasian C" by their list: CORE's tiers for venues of the region. */
  australasian: number;
}

/** Counts the claims behind the CORE ranks of `rows` (the contract's rule, as the build chose them). */
function coreSourcesOf(rows: readonly ConferenceRow[]): CoreSources {
  const details = snapshot().conferenceDetails;
  const claims = rows.map((r) => currentCoreRank(details.get(r.id)?.rank_history ?? []).claim);
  const from = (edition: string) => claims.filter((c) => c?.edition === edition).length;
  return {
    icore: from("ICORE2026"),
    core2023: from("CORE2023"),
    australasian: claims.filter((c) => c && /^australasian\b/i.test(c.rank)).length,
  };
}

/** Top lists stop here; tier lists and open calls are complete. */
export const TOP = 100;
/** One page holding a whole list (the layer takes any page size; the API pages by at most 100). */
const WHOLE = 1_000_000;

/** The tier's filter as a query string (the API reads rank tiers in either case; CCF's are written in lower case). */
const tierParam = ({ system, param, tier }: RankTier) =>
  `${param}=${encodeURIComponent(system === "CCF" ? tier.toLowerCase() : tier)}`;

const LISTS: readonly RankingListInfo[] = [
  {
    slug: "open-calls",
    title: "Open calls for papers",
    description:
      "Conferences whose submission deadline has not passed, soonest first, and journals with an open special issue (the soonest call of each).",
    group: "calls",
    api: { conferences: "/api/conferences/rankings/cfp", journals: "/api/journals/rankings/cfp" },
  },
  {
    slug: "most-competitive",
    title: "Most competitive conferences",
    description: `Up to ${TOP} conferences with the lowest latest main-track acceptance rate.`,
    group: "scores",
    api: { conferences: "/api/conferences/rankings/most_competitive" },
  },
  {
    slug: "cp-index",
    title: "Highest cp_index",
    description: `Up to ${TOP} conferences with the highest cp_index, the service's own 0–100 score.`,
    group: "scores",
    api: { conferences: "/api/conferences/rankings/cp_index" },
  },
  {
    slug: "journals-sjr",
    title: "Top journals by SJR",
    description: `Up to ${TOP} journals with the highest SCImago Journal Rank (SCImago Journal & Country Rank).`,
    group: "scores",
    api: {},
  },
  {
    slug: "journals-impact-factor",
    title: "Top journals by impact factor",
    description: `Up to ${TOP} journals with the highest impact factor as published by the journal.`,
    group: "scores",
    api: { journals: "/api/journals/rankings/highest_if" },
  },
  ...RANK_TIERS.map(
    (tier): RankingListInfo => ({
      slug: tier.slug,
      title: `${tier.label} venues`,
      description: `Every venue ranked ${tier.tier} by ${tier.system} in the current snapshot${tier.system === "CORE" ? " (ICORE2026's rank where ICORE2026 lists the venue, else CORE2023's)" : ""}: open calls soonest first, then the most recent deadlines.`,
      group: "tiers",
      api: {
        conferences: `/api/conferences?${tierParam(tier)}`,
        ...(tier.system === "CCF" ? { journals: `/api/journals?${tierParam(tier)}` } : {}),
      },
    }),
  ),
];

/** Every ranking list of this build, in the order the index page shows them (no query needed). */
export function rankingLists(): readonly RankingListInfo[] {
  return LISTS;
}

/** The snapshot rows of the ids the layer answered, in its order. */
function rowsOf<T>(ids: readonly { id: string }[], byId: ReadonlyMap<string, T>): T[] {
  return ids.map(({ id }) => {
    const row = byId.get(id);
    if (!row) throw new Error(`the query layer answered venue ${id}, which the snapshot files do not hold`);
    return row;
  });
}

async function contents(info: RankingListInfo): Promise<RankingList> {
  const layer = await queryLayer();
  const data = snapshot();
  const conferences = (list: { id: string }[]) => rowsOf(list, data.conferenceById);
  const journals = (list: { id: string }[]) => rowsOf(list, data.journalById);
  const top = { page: 1, per_page: TOP };
  const whole = { page: 1, per_page: WHOLE };
  const search = { query: undefined, ...whole };
  switch (info.slug) {
    case "open-calls": {
      const [calls, issues] = await Promise.all([
        layer.listConferences("cfp", whole),
        layer.listJournals("cfp", whole),
      ]);
      return {
        ...info,
        conferences: conferences(calls.conferences),
        journals: [],
        specialIssues: issues.journals.flatMap((j) =>
          j.special_issue ? [{ journal: journals([j])[0] as JournalRow, ...j.special_issue }] : [],
        ),
      };
    }
    case "most-competitive":
      return {
        ...info,
        conferences: conferences((await layer.listConferences("most_competitive", top)).conferences),
        journals: [],
        // The year beside each rate: the list ranks each venue by its latest known year, old or new.
        conferenceMetric: {
          title: "metric.acceptance",
          value: (c) =>
            c.acceptance_rate_year === null
              ? formatPercent(c.acceptance_rate)
              : `${formatPercent(c.acceptance_rate)} (${c.acceptance_rate_year})`,
        },
      };
    case "cp-index":
      return {
        ...info,
        conferences: conferences((await layer.listConferences("cp_index", top)).conferences),
        journals: [],
        conferenceMetric: {
          title: "metric.cp_index",
          value: (c) =>
            `${formatNumber(c.cp_index?.score ?? null, 1)} (${c.cp_index?.confidence.toFixed(2)})`,
        },
      };
    case "journals-sjr":
      // No API ranking orders journals by SJR: the site's own list, ordered as the API orders its lists
      // (the metric, then the numeric id).
      return {
        ...info,
        conferences: [],
        journals: data.journals
          .filter((j) => j.sjr !== null)
          .sort((a, b) => (b.sjr as number) - (a.sjr as number) || Number(a.id) - Number(b.id))
          .slice(0, TOP),
        journalMetric: {
          title: "metric.sjr",
          value: (j) => `${formatNumber(j.sjr, 3)} (${j.sjr_year ?? "—"})`,
        },
      };
    case "journals-impact-factor":
      return {
        ...info,
        conferences: [],
        journals: journals((await layer.listJournals("highest_if", top)).journals),
        journalMetric: { title: "metric.impact_factor", value: (j) => j.impact_factor ?? "—" },
      };
  }
  const tier = RANK_TIERS.find((t) => t.slug === info.slug);
  if (!tier) throw new Error(`no query answers the ranking list ${info.slug}`);
  const filter = { [tier.param]: [tier.tier] } as Partial<ConferenceSearchParams>;
  const [tierConferences, tierJournals] = await Promise.all([
    layer.searchConferences({ ...filter, ...search }),
    tier.system === "CCF"
      ? layer.searchJournals({
          ccf_rank: [tier.tier] as JournalSearchParams["ccf_rank"],
          ...search,
        })
      : null,
  ]);
  const tierRows = conferences(tierConferences.conferences);
  return {
    ...info,
    conferences: tierRows,
    ...(tier.system === "CORE" ? { coreSources: coreSourcesOf(tierRows) } : {}),
    journals: tierJournals ? journals(tierJournals.journals) : [],
  };
}

let cached: Promise<RankingList[]> | undefined;

/** Every ranking list with its venues, each asked of the query layer once per build. */
export function rankingListContents(): Promise<RankingList[]> {
  cached ??= Promise.all(LISTS.map(contents));
  return cached;
}
