/**
 * The upcoming-deadlines list: one row per (venue, round still ahead), read from the venues' submission outlooks
 * (pipeline/estimate/outlook.ts), sorted by when the round's next deadline closes. Every list of upcoming deadlines (REST
 * /api/deadlines, the MCP tool upcoming_deadlines, the pages and feeds) is this one computation.
 */

import { daysAfter } from "../../runtime/clock.ts";
import type { OutlookDeadline } from "../../snapshot/records.ts";
import type { DeadlineListData, DeadlineListParams, UpcomingDeadline } from "../schema/api.ts";
import type { QueryContext } from "./context.ts";
import { conferenceOutlook } from "./outlooks.ts";
import { detailPage } from "./rows.ts";
import { Conditions, epochSeconds, paramsKey, searchPagination } from "./sql.ts";
import { addVenueFilters } from "./venue-filters.ts";

interface SelectedRound {
  id_num: number;
  cycle_year: number;
  round: number;
}

/** Each venue's rounds with a deadline not yet closed: the first such deadline's instant and date. */
const ROUNDS =
  "SELECT o.id_num, o.cycle_year, o.round, min(o.closes_epoch) AS next_epoch, " +
  "arg_min(o.date, o.closes_epoch) AS next_date FROM outlook o WHERE o.closes_epoch >= ? AND (? OR NOT o.estimated) " +
  "GROUP BY o.id_num, o.cycle_year, o.round";

/** The list's order: soonest closing first, then a unique key. */
const PAGE_ORDER = "r.next_epoch, r.id_num, r.cycle_year, r.round";

/** A page row with the total it was counted from; the round's columns are null on a page past the end. */
type CountedRound = { n: number } & { [K in keyof SelectedRound]: SelectedRound[K] | null };

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
    "SELECT total.n, r.id_num::DOUBLE AS id_num, r.cycle_year, r.round " +
    `FROM (SELECT count(*)::INTEGER AS n FROM matched) total LEFT JOIN page r ON true ORDER BY ${PAGE_ORDER}`;
  const rows = await ctx.db.all<CountedRound>(sql, [
    epochSeconds(ctx.now),
    p.estimates,
    ...cond.params,
    p.page_size,
    (p.page - 1) * p.page_size,
  ]);
  const selected = rows.filter((r): r is SelectedRound & { n: number } => r.id_num !== null);
  const deadlines = await Promise.all(selected.map((s) => deadlineRow(ctx, s, p.estimates)));
  return {
    deadlines: deadlines.flatMap((d) => d ?? []),
    pagination: searchPagination(rows[0]?.n ?? 0, { page: p.page, per_page: p.page_size }),
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
  const next = deadlines
    .filter((d) => d.closes_at >= ctx.now)
    .sort((a, b) => a.closes_at.localeCompare(b.closes_at))[0] as OutlookDeadline | undefined;
  if (!next) return null;
  return {
    conference_id: id,
    short_name: row.short_name,
    full_name: row.full_name,
    ccf_rank: row.ccf_rank,
    core_rank: row.core_rank,
    qualis_rank: row.qualis_rank,
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
    stale: outlook.stale,
  };
}
