/**
 * Conference search and the 13 conference ranking lists. Orders are documented in docs/api.md; every list ends
 * its ORDER BY with the numeric id so pages are stable.
 */

import { daysAfter } from "../../runtime/clock.ts";
import { CCF_TIERS, CORE_TIERS, type ConferenceRow, QUALIS_TIERS } from "../../snapshot/records.ts";
import type {
  ConferenceRanking,
  ConferenceRankingData,
  ConferenceRankingParams,
  ConferenceSearchData,
  ConferenceSearchParams,
  RankedConference,
} from "../schema/api.ts";
import type { ActivityMetric } from "./activity.ts";
import type { QueryContext } from "./context.ts";
import { fetchRankingPage, popularity, type RankingRun, rankingLists } from "./ranking.ts";
import { type ConferenceRecord, type Selected, selectedId, selectedRows, toConference } from "./rows.ts";
import { filteredPage, type MatchedSelect, matchedPage } from "./search.ts";
import { Conditions, epochSeconds, paramsKey, searchPagination, tierPosition } from "./sql.ts";
import { addVenueFilters } from "./venue-filters.ts";

/** Open calls soonest first, then closed calls most recent first, then undated; two `?` bound to today. */
const DEADLINE_ORDER =
  "CASE WHEN c.submission_date >= ? THEN 0 WHEN c.submission_date IS NOT NULL THEN 1 ELSE 2 END, " +
  "CASE WHEN c.submission_date >= ? THEN c.submission_date END, c.submission_date DESC";

/**
 * Ties among equal name matches: the better CCF tier, then CORE, then QUALIS (unranked last), then an open call,
 * then the longer edition history (docs/api.md). One `?` bound to today.
 */
const RELEVANCE_TIEBREAK =
  `${tierPosition("c.ccf_rank", CCF_TIERS)} NULLS LAST, ${tierPosition("c.core_rank", CORE_TIERS)} NULLS LAST, ` +
  `${tierPosition("c.qualis_rank", QUALIS_TIERS)} NULLS LAST, ` +
  "CASE WHEN c.submission_date >= ? THEN 0 ELSE 1 END, c.editions_count DESC NULLS LAST";

export function searchConferences(
  ctx: QueryContext,
  p: ConferenceSearchParams,
): Promise<ConferenceSearchData> {
  return ctx.db.cached(
    `conference-search ${ctx.baseUrl} ${p.deadline_within_days === undefined ? ctx.today : ctx.now} ${paramsKey(p)}`,
    () => findConferences(ctx, p),
    (data) => data.conferences.length,
    p.query ? "name searches" : "payloads",
  );
}

async function findConferences(ctx: QueryContext, p: ConferenceSearchParams): Promise<ConferenceSearchData> {
  const cond = new Conditions();
  addVenueFilters(cond, p, "all");
  if (p.submission_date_start) cond.add("c.submission_date >= ?", p.submission_date_start);
  if (p.submission_date_end) cond.add("c.submission_date <= ?", p.submission_date_end);
  if (p.conference_date_start) cond.add("c.conference_date >= ?", p.conference_date_start);
  if (p.conference_date_end) cond.add("c.conference_date <= ?", p.conference_date_end);
  if (p.updated_since) cond.add("c.updated_at >= ?", p.updated_since);
  if (p.deadline_within_days !== undefined) {
    // The outlook's next submission deadline: the earliest of its deadlines not yet closed, announced or estimated.
    cond.add(
      "EXISTS (SELECT 1 FROM outlook o WHERE o.id_num = c.id_num AND o.closes_epoch >= ? AND o.date <= ?)",
      epochSeconds(ctx.now),
      daysAfter(ctx.today, p.deadline_within_days),
    );
  }

  // Without a query: every conference meeting the filters, by deadline; name matches tie by relevance first.
  const byDeadline: MatchedSelect = {
    kind: "conferences",
    alias: "c",
    cond,
    order: `${DEADLINE_ORDER}, c.id_num`,
    orderParams: [ctx.today, ctx.today],
  };
  const { rows, total } = p.query
    ? await matchedPage<ConferenceRecord>(
        ctx,
        p.query,
        {
          ...byDeadline,
          order: `${RELEVANCE_TIEBREAK}, ${byDeadline.order}`,
          orderParams: [ctx.today, ...byDeadline.orderParams],
        },
        p,
      )
    : await filteredPage<ConferenceRecord>(ctx, byDeadline, p);
  return {
    conferences: rows.map((r) => toConference(r, ctx.baseUrl)),
    pagination: searchPagination(total, p),
  };
}

type ConferenceExtra = "trackers_count" | "attendees_count" | "acceptance_rate" | "views_30d";

const EXTRA_METRIC: Record<Exclude<ConferenceExtra, "acceptance_rate">, ActivityMetric> = {
  trackers_count: "trackers",
  attendees_count: "attendees",
  views_30d: "views_30d",
};

interface ConferenceRankingSpec {
  /** Condition on `c`; each `?` is bound to today. */
  where?: string;
  /** Ranked by an activity counter (joined as `m`). */
  metric?: ActivityMetric;
  /** Only venues the counter counts above 0. */
  countedOnly?: boolean;
  order: string;
  extras: ConferenceExtra[];
}

/** A tier list: the tier's open calls (as the reference defines it since 2.0.0), best tier, then soonest deadline. */
const tierRanking = (column: string, tiers: readonly string[]): ConferenceRankingSpec => ({
  where: `${column} <> '' AND c.submission_date >= ?`,
  order: `${tierPosition(column, tiers)}, c.submission_date, c.id_num`,
  extras: [],
});

const POPULARITY_ORDER = "COALESCE(m.n, 0) DESC, c.views DESC, c.id_num";

export const CONFERENCE_RANKING_SPECS: Record<ConferenceRanking, ConferenceRankingSpec> = {
  cfp: { where: "c.submission_date >= ?", order: "c.submission_date, c.id_num", extras: [] },
  past_cfp: { where: "c.submission_date < ?", order: "c.submission_date DESC, c.id_num", extras: [] },
  ccf: tierRanking("c.ccf_rank", CCF_TIERS),
  core: tierRanking("c.core_rank", CORE_TIERS),
  qualis: tierRanking("c.qualis_rank", QUALIS_TIERS),
  cp_index: { where: "c.cp_score IS NOT NULL", order: "c.cp_score DESC, c.id_num", extras: [] },
  // Popularity: every conference by its count, the uncounted (0) after them by all-time views, then id; trending
  // only the viewed ones (docs/api.md).
  most_viewed: { metric: "views_30d", order: POPULARITY_ORDER, extras: ["views_30d"] },
  most_tracked: { metric: "trackers", order: POPULARITY_ORDER, extras: ["trackers_count"] },
  most_attended: { metric: "attendees", order: POPULARITY_ORDER, extras: ["attendees_count"] },
  most_competitive: {
    where: "c.acceptance_rate IS NOT NULL",
    order: "c.acceptance_rate, c.id_num",
    extras: ["acceptance_rate"],
  },
  upcoming: { where: "c.conference_date >= ?", order: "c.conference_date, c.id_num", extras: [] },
  past: { where: "c.conference_date < ?", order: "c.conference_date DESC, c.id_num", extras: [] },
  trending: { metric: "views_30d", countedOnly: true, order: POPULARITY_ORDER, extras: ["views_30d"] },
};

/** The counters a conference list needs: the one it is ranked by and those its rows show. */
function conferenceMetrics(ranking: ConferenceRanking): ActivityMetric[] {
  const spec = CONFERENCE_RANKING_SPECS[ranking];
  const activityExtras = spec.extras.flatMap((e) => (e === "acceptance_rate" ? [] : [EXTRA_METRIC[e]]));
  return spec.metric ? [spec.metric, ...activityExtras] : activityExtras;
}

type ConferenceRankingRun = RankingRun<ConferenceRanking, ConferenceRankingParams>;

async function rankConferences(run: ConferenceRankingRun): Promise<ConferenceRankingData> {
  const { ctx, ranking, params, counts } = run;
  const spec = CONFERENCE_RANKING_SPECS[ranking];
  const cond = new Conditions();
  if (spec.where) {
    const todayParams = spec.where.split("?").length - 1;
    cond.add(spec.where, ...Array<string>(todayParams).fill(ctx.today));
  }
  addVenueFilters(cond, params, "all");
  const {
    rows: selected,
    pagination,
    counted,
  } = await fetchRankingPage<Selected>(
    ctx,
    {
      kind: "conference",
      from: "conferences c",
      alias: "c",
      columns: selectedId("c"),
      joins: [],
      conditions: cond,
      metricCounts: spec.metric ? counts.get(spec.metric) : undefined,
      countedOnly: spec.countedOnly,
      order: spec.order,
    },
    params,
  );
  const conferences = selectedRows<ConferenceRow>(ctx.db, "conferences", selected).map(
    (r): RankedConference => {
      const row: RankedConference = toConference(r, ctx.baseUrl);
      for (const extra of spec.extras) {
        if (extra === "acceptance_rate") {
          if (r.acceptance_rate !== null) row.acceptance_rate = r.acceptance_rate;
          // The rate's year beside it: a 2019 rate ranks beside a 2026 one, and a reader must see which is which.
          if (r.acceptance_rate_year != null) row.acceptance_rate_year = r.acceptance_rate_year;
        } else {
          row[extra] = counts.get(EXTRA_METRIC[extra])?.get(r.id) ?? 0;
        }
      }
      return row;
    },
  );
  return {
    ranking,
    conferences,
    pagination,
    ...(spec.metric && { popularity: popularity(spec.metric, counted ?? 0, spec.countedOnly === true) }),
  };
}

export const listConferences = rankingLists({
  kind: "conference",
  metrics: conferenceMetrics,
  rank: rankConferences,
  rows: (data) => data.conferences.length,
});
