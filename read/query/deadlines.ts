/**
 * The upcoming-deadlines list: one row per (venue, round still ahead), read from the venues' submission outlooks
 * (pipeline/estimate/outlook.ts), in the order of every deadline list (read/schema/deadline-order.ts: the date the
 * row prints, then the instant it closes), with the whole result counted as announced and estimated. Every list of
 * upcoming deadlines (REST /api/deadlines, the MCP tool upcoming_deadlines, the pages and feeds) is this one
 * computation.
 */

import { daysAfter } from "../../runtime/clock.ts";
import type { OutlookDeadline } from "../../snapshot/records.ts";
import { oldestDataDate } from "../../snapshot/source-age.ts";
import {
  type DeadlineListData,
  type DeadlineListParams,
  deadlinesPerPage,
  type UpcomingDeadline,
} from "../schema/api.ts";
import { DEADLINES_SUBSCRIBE_PATH, deadlineFilterQuery } from "../schema/feeds.ts";
import type { QueryContext } from "./context.ts";
import { conferenceOutlook, sourceDates } from "./outlooks.ts";
import { detailPage } from "./rows.ts";
import { Conditions, epochSeconds, paramsKey, searchPagination } from "./sql.ts";
import { addVenueFilters } from "./venue-filters.ts";

interface SelectedRound {
  id_num: number;
  cycle_year: number;
  round: number;
}

/**
 * Each venue's rounds with a deadline not yet closed: the first such deadline (the row's `next`, as deadlineRow picks
 * it) by its instant, with the date it prints and whether it is an estimate.
 */
const ROUNDS =
  "SELECT o.id_num, o.cycle_year, o.round, min(o.closes_epoch) AS next_epoch, " +
  "arg_min(o.date, o.closes_epoch) AS next_date, arg_min(o.estimated, o.closes_epoch) AS next_estimated " +
  "FROM outlook o WHERE o.closes_epoch >= ? AND (? OR NOT o.estimated) GROUP BY o.id_num, o.cycle_year, o.round";

/**
 * The list's order (read/schema/deadline-order.ts): the date the row prints, then the instant it closes, then a
 * unique key. Never the instant first: a date ends at another instant in every zone (an estimate's in AoE).
 */
const PAGE_ORDER = "r.next_date, r.next_epoch, r.id_num, r.cycle_year, r.round";

/** A page row with the counts of the whole result; the round's columns are null on a page past the end. */
type CountedRound = { n: number; estimated: number } & {
  [K in keyof SelectedRound]: SelectedRound[K] | null;
};

const RANKED = "(c.ccf_rank <> '' OR c.core_rank <> '' OR c.qualis_rank <> '')";

export function upcomingDeadlines(ctx: QueryContext, p: DeadlineListParams): Promise<DeadlineListData> {
  return ctx.db.cached(
    `upcoming-deadlines ${ctx.baseUrl} ${ctx.now} ${paramsKey(p)}`,
    () => findDeadlines(ctx, p),
    (data) => data.deadlines.length,
  );
}

async function findDeadlines(ctx: QueryContext, p: DeadlineListParams): Promise<DeadlineListData> {
  const cond = new Conditions();
  // A venue matches when it matches any of the given ranking systems (CCF A or B, or CORE A* or A).
  addVenueFilters(cond, p, "any");
  if (p.ranked_only) cond.add(RANKED);
  if (p.within_days !== undefined) cond.add("r.next_date <= ?", daysAfter(ctx.today, p.within_days));
  // The rounds are grouped once: the count and the page both read the one materialized selection, and the count
  // row stands alone (LEFT JOIN) when the page is past the end.
  const sql =
    `WITH matched AS MATERIALIZED (SELECT r.* FROM (${ROUNDS}) r JOIN conferences c ON c.id_num = r.id_num ${cond.where}), ` +
    `page AS (SELECT * FROM matched r ORDER BY ${PAGE_ORDER} LIMIT ? OFFSET ?) ` +
    "SELECT total.n, total.estimated, r.id_num::DOUBLE AS id_num, r.cycle_year, r.round FROM (SELECT " +
    "count(*)::INTEGER AS n, count(*) FILTER (WHERE next_estimated)::INTEGER AS estimated FROM matched) total " +
    `LEFT JOIN page r ON true ORDER BY ${PAGE_ORDER}`;
  const perPage = deadlinesPerPage(p);
  const rows = await ctx.db.all<CountedRound>(sql, [
    epochSeconds(ctx.now),
    p.estimates,
    ...cond.params,
    perPage,
    (p.page - 1) * perPage,
  ]);
  const selected = rows.filter((r): r is CountedRound & SelectedRound => r.id_num !== null);
  const deadlines = await Promise.all(selected.map((s) => deadlineRow(ctx, s, p.estimates)));
  const total = rows[0]?.n ?? 0;
  const estimated = rows[0]?.estimated ?? 0;
  return {
    deadlines: deadlines.flatMap((d) => d ?? []),
    counts: { announced: total - estimated, estimated },
    pagination: searchPagination(total, { page: p.page, per_page: perPage }),
    // The e-mail digest of the same filter, beside the calendar the board names.
    subscribe: `${ctx.baseUrl}${DEADLINES_SUBSCRIBE_PATH}?${deadlineFilterQuery(p)}`,
  };
}

/**
 * The row of one selected round, from the venue's public row and its outlook. Without estimates, its deadlines are the
 * announced ones only (as documented), and its next deadline is picked from them as ROUNDS picked the round's.
 */
async function deadlineRow(
  ctx: QueryContext,
  s: SelectedRound,
  estimates: boolean,
): Promise<UpcomingDeadline | null> {
  const id = String(s.id_num);
  const found = await conferenceOutlook(ctx, id);
  if (!found) return null;
  const { row, outlook } = found;
  const deadlines = outlook.deadlines.filter(
    (d) => d.cycle_year === s.cycle_year && d.round === s.round && (estimates || !d.estimated),
  );
  const ahead = deadlines
    .filter((d) => d.closes_at >= ctx.now)
    .sort((a, b) => a.closes_at.localeCompare(b.closes_at));
  const next = ahead[0] as OutlookDeadline | undefined;
  if (!next) return null;
  return {
    conference_id: id,
    short_name: row.short_name,
    full_name: row.full_name,
    ccf_rank: row.ccf_rank,
    core_rank: row.core_rank,
    qualis_rank: row.qualis_rank,
    ccf_category: row.ccf_category,
    core_for: row.core_for,
    fields: row.fields,
    detail_page: detailPage(ctx.baseUrl, "conference", id),
    outlook_state: outlook.state,
    cycle_year: s.cycle_year,
    round: s.round,
    rounds: next.rounds,
    next,
    deadlines,
    // The outlook names the conference of its next deadline's cycle; another cycle's round has none known here.
    conference: outlook.conference?.year === s.cycle_year ? outlook.conference : null,
    data_as_of: outlook.data_as_of,
    // The data behind the dates this row shows (its deadlines still ahead), which may be older than data_as_of.
    deadline_data_as_of: oldestDataDate(ahead, sourceDates(ctx), outlook.data_as_of),
    stale: outlook.stale,
  };
}
