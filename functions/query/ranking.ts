/**
 * The shared shape of a ranking query: fixed SQL from a ranking's definition, an optional join on an activity
 * counter (membership = a non-zero count, order by it), one look-ahead row for `has_more`.
 */
import type { RankingPagination } from "../schema/api.ts";
import type { ActivityMetric, VenueKind } from "./activity.ts";
import type { QueryContext } from "./context.ts";
import type { SqlParam } from "./database.ts";
import { type Conditions, countsTable, type Page, pageWindow, rankingPage } from "./sql.ts";

export interface RankingQuery {
  kind: VenueKind;
  /** Table with its alias, e.g. "conferences c". */
  from: string;
  alias: string;
  columns: string;
  /** Extra joins (code), with their bound values in order. */
  joins: { sql: string; params: SqlParam[] }[];
  conditions: Conditions;
  /** Order by an activity counter: joined as `m(id, n)`, only venues with a count take part. */
  metricCounts?: ReadonlyMap<string, number>;
  order: string;
}

export async function fetchRankingPage<T>(
  ctx: QueryContext,
  q: RankingQuery,
  page: Page,
): Promise<{ rows: T[]; pagination: RankingPagination }> {
  const joins = [...q.joins];
  if (q.metricCounts) {
    const table = countsTable(q.metricCounts);
    joins.push({ sql: `JOIN ${table.sql} m ON m.id = ${q.alias}.id`, params: table.params });
  }
  const sql =
    `SELECT ${q.columns} FROM ${q.from} ${joins.map((j) => j.sql).join(" ")} ` +
    `${q.conditions.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`;
  const params = [...joins.flatMap((j) => j.params), ...q.conditions.params, ...pageWindow(page, 1)];
  return rankingPage(await ctx.db.all<T>(sql, params), page);
}

/** The counters a ranking needs from the activity store, fetched once per request. */
export async function activityCounts(
  ctx: QueryContext,
  kind: VenueKind,
  metrics: readonly ActivityMetric[],
): Promise<Map<ActivityMetric, ReadonlyMap<string, number>>> {
  const entries = await Promise.all(
    [...new Set(metrics)].map(async (m) => [m, await ctx.activity.counts(kind, m)] as const),
  );
  return new Map(entries);
}
