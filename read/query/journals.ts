/** Journal search and the 6 journal ranking lists (orders documented in docs/api.md). */

import { CCF_TIERS } from "../../snapshot/records.ts";
import type {
  JournalRanking,
  JournalRankingData,
  JournalRankingParams,
  JournalSearchData,
  JournalSearchParams,
  RankedJournal,
} from "../schema/api.ts";
import type { ActivityMetric } from "./activity.ts";
import type { QueryContext } from "./context.ts";
import { fetchRankingPage, popularity, type RankingQuery, type RankingRun, rankingLists } from "./ranking.ts";
import { type JournalRecord, type Selected, selectedId, selectedRows, toJournal } from "./rows.ts";
import { filteredPage, type MatchedSelect, matchedPage } from "./search.ts";
import { Conditions, paramsKey, searchPagination, tierPosition } from "./sql.ts";
import { addVenueFilters } from "./venue-filters.ts";

const CCF_ORDER = `${tierPosition("j.ccf_rank", CCF_TIERS)} NULLS LAST`;

export function searchJournals(ctx: QueryContext, p: JournalSearchParams): Promise<JournalSearchData> {
  return ctx.db.cached(
    `journal-search ${ctx.baseUrl} ${paramsKey(p)}`,
    () => findJournals(ctx, p),
    (data) => data.journals.length,
    p.query ? "name searches" : "payloads",
  );
}

async function findJournals(ctx: QueryContext, p: JournalSearchParams): Promise<JournalSearchData> {
  const cond = new Conditions();
  addVenueFilters(cond, p, "all", "j");
  if (p.issn) cond.add("(j.issn = ? OR list_contains(j.issns, ?))", p.issn, p.issn);
  if (p.updated_since) cond.add("j.updated_at >= ?", p.updated_since);

  // Without a query: every journal meeting the filters, best CCF tier first, then by name.
  const select: MatchedSelect = {
    kind: "journals",
    alias: "j",
    cond,
    order: `${CCF_ORDER}, j.full_lc, j.id_num`,
    orderParams: [],
  };
  const { rows, total } = p.query
    ? await matchedPage<JournalRecord>(ctx, p.query, select, p)
    : await filteredPage<JournalRecord>(ctx, select, p);
  return {
    journals: rows.map((r) => toJournal(r, ctx.baseUrl)),
    pagination: searchPagination(total, p),
  };
}

/** Each journal's open special issue with the soonest deadline (ties by title); `?` bound to today. */
const OPEN_SPECIAL_ISSUE_JOIN =
  "JOIN (SELECT journal_id, title, submission_date, CAST(data_as_of AS VARCHAR) AS data_as_of, stale, " +
  "row_number() OVER (PARTITION BY journal_id ORDER BY submission_date, title) AS rn " +
  "FROM special_issues WHERE submission_date >= ?) s ON s.journal_id = j.id AND s.rn = 1";

interface JournalRankingSpec {
  where?: string;
  /** Joins the soonest open special issue as `s` (membership: journals with one). */
  openSpecialIssue?: boolean;
  metric?: ActivityMetric;
  order: string;
}

export const JOURNAL_RANKING_SPECS: Record<JournalRanking, JournalRankingSpec> = {
  cfp: { openSpecialIssue: true, order: "s.submission_date, j.id_num" },
  ccf: { where: "j.ccf_rank <> ''", order: `${CCF_ORDER}, j.full_lc, j.id_num` },
  highest_if: { where: "j.if_num IS NOT NULL", order: "j.if_num DESC, j.id_num" },
  // Popularity: every journal by its count, the uncounted (0) after them by all-time views, then id (docs/api.md).
  most_viewed: { metric: "views_30d", order: "COALESCE(m.n, 0) DESC, j.views DESC, j.id_num" },
  most_tracked: { metric: "trackers", order: "COALESCE(m.n, 0) DESC, j.views DESC, j.id_num" },
  all: { order: "j.full_lc, j.id_num" },
};

/** A ranked journal as selected: its id and the soonest open special issue the ranking joined, if any. */
type SelectedJournal = Selected & {
  si_title: string | null;
  si_date: string | null;
  si_data_as_of: string | null;
  si_stale: boolean | null;
};

type JournalRankingRun = RankingRun<JournalRanking, JournalRankingParams>;

async function rankJournals(run: JournalRankingRun): Promise<JournalRankingData> {
  const { ctx, ranking, params, counts } = run;
  const spec = JOURNAL_RANKING_SPECS[ranking];
  const cond = new Conditions();
  if (spec.where) cond.add(spec.where);
  addVenueFilters(cond, params, "all", "j");
  const query: RankingQuery = {
    kind: "journal",
    from: "journals j",
    alias: "j",
    columns: spec.openSpecialIssue
      ? `${selectedId("j")}, s.title AS si_title, s.submission_date AS si_date, s.data_as_of AS si_data_as_of, s.stale AS si_stale`
      : `${selectedId("j")}, NULL AS si_title, NULL AS si_date, NULL AS si_data_as_of, NULL AS si_stale`,
    joins: spec.openSpecialIssue ? [{ sql: OPEN_SPECIAL_ISSUE_JOIN, params: [ctx.today] }] : [],
    conditions: cond,
    metricCounts: spec.metric ? counts.get(spec.metric) : undefined,
    order: spec.order,
  };
  const { rows: selected, pagination, counted } = await fetchRankingPage<SelectedJournal>(ctx, query, params);
  const records = selectedRows<JournalRecord>(ctx.db, "journals", selected);
  const journals = selected.map(({ si_title, si_date, si_data_as_of, si_stale }, i): RankedJournal => {
    const r = records[i] as JournalRecord;
    const row: RankedJournal = toJournal(r, ctx.baseUrl);
    if (si_title !== null && si_date !== null)
      row.special_issue = {
        title: si_title,
        submission_date: si_date,
        data_as_of: si_data_as_of,
        stale: si_stale ?? false,
      };
    if (spec.metric === "trackers") row.trackers_count = counts.get("trackers")?.get(r.id) ?? 0;
    if (spec.metric === "views_30d") row.views_30d = counts.get("views_30d")?.get(r.id) ?? 0;
    return row;
  });
  return {
    ranking,
    journals,
    pagination,
    ...(spec.metric && { popularity: popularity(spec.metric, counted ?? 0, false) }),
  };
}

export const listJournals = rankingLists({
  kind: "journal",
  metrics: (ranking: JournalRanking) => {
    const { metric } = JOURNAL_RANKING_SPECS[ranking];
    return metric ? [metric] : [];
  },
  rank: rankJournals,
  rows: (data) => data.journals.length,
});
