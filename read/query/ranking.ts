/**
 * The shared shape of a ranking query: fixed SQL from a ranking's definition, an optional join on an activity
 * counter (every venue takes part, a venue without a count as 0, so a popularity list is never empty), one
 * look-ahead row for `has_more`.
 */
import type { RankingPagination } from "../schema/api.ts";
import type { ActivityMetric, VenueKind } from "./activity.ts";
import type { QueryContext } from "./context.ts";
import {
  type Conditions,
  countsTable,
  type Page,
  pagedSelect,
  pageWindow,
  paramsKey,
  rankingPage,
} from "./sql.ts";
import type { SqlParam } from "./sql-param.ts";

export interface RankingQuery {
  kind: VenueKind;
  /** Table with its alias, e.g. "conferences c". */
  from: string;
  alias: string;
  columns: string;
  /** Extra joins (code), with their bound values in order. */
  joins: { sql: string; params: SqlParam[] }[];
  conditions: Conditions;
  /** Order by an activity counter: left-joined as `m(id, n)` (n is NULL for a venue without a count). */
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
    joins.push({ sql: `LEFT JOIN ${table.sql} m ON m.id = ${q.alias}.id`, params: table.params });
  }
  if (joins.length === 0) {
    // One table: deep pages are cut without holding every skipped row (rankings with joins are small lists).
    const [table = ""] = q.from.split(" ");
    const select = pagedSelect(
      { table, alias: q.alias, columns: q.columns, cond: q.conditions, order: q.order, orderParams: [] },
      pageWindow(page, 1),
    );
    return rankingPage(await ctx.db.all<T>(select.sql, select.params), page);
  }
  const sql =
    `SELECT ${q.columns} FROM ${q.from} ${joins.map((j) => j.sql).join(" ")} ` +
    `${q.conditions.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`;
  const params = [...joins.flatMap((j) => j.params), ...q.conditions.params, ...pageWindow(page, 1)];
  return rankingPage(await ctx.db.all<T>(sql, params), page);
}

const countMapIds = new WeakMap<object, number>();
let lastCountMapId = 0;

/**
 * The counters as part of a cache key. The activity store hands out the same map while its counts are current,
 * so a payload computed from a map is reused exactly as long as that map is.
 */
function countsKey(counts: ReadonlyMap<ActivityMetric, ReadonlyMap<string, number>>): string {
  const ids = [...counts].map(([metric, map]) => {
    let id = countMapIds.get(map);
    if (id === undefined) {
      id = ++lastCountMapId;
      countMapIds.set(map, id);
    }
    return `${metric}:${id}`;
  });
  return ids.sort().join(",");
}

/** The activity counters a ranking orders or shows by, each a map of venue id to count. */
export type ActivityCounts = Map<ActivityMetric, ReadonlyMap<string, number>>;

/** The counters a ranking needs from the activity store, fetched once per request. */
async function activityCounts(
  ctx: QueryContext,
  kind: VenueKind,
  metrics: readonly ActivityMetric[],
): Promise<ActivityCounts> {
  const entries = await Promise.all(
    [...new Set(metrics)].map(async (m) => [m, await ctx.activity.counts(kind, m)] as const),
  );
  return new Map(entries);
}

/** One page of a ranking list being computed: which list, its parameters and the counters it needs. */
export interface RankingRun<R extends string, P> {
  ctx: QueryContext;
  ranking: R;
  params: P;
  counts: ActivityCounts;
}

/** The ranking lists of one kind of venue: the counters each needs, how a page is ranked, its row count. */
export interface RankingLists<R extends string, P extends object, D> {
  kind: VenueKind;
  metrics: (ranking: R) => readonly ActivityMetric[];
  rank: (run: RankingRun<R, P>) => Promise<D>;
  rows: (data: D) => number;
}

/**
 * A kind's ranking lists, each page from the payload cache or computed by `rank` from the activity counters it
 * orders or shows by: the key names the list, its parameters and the counters' maps.
 */
export function rankingLists<R extends string, P extends object, D>(
  lists: RankingLists<R, P, D>,
): (ctx: QueryContext, ranking: R, params: P) => Promise<D> {
  return async (ctx, ranking, params) => {
    const counts = await activityCounts(ctx, lists.kind, lists.metrics(ranking));
    return ctx.db.cached(
      `${lists.kind}-ranking ${ctx.baseUrl} ${ctx.today} ${ranking} ${countsKey(counts)} ${paramsKey(params)}`,
      () => lists.rank({ ctx, ranking, params, counts }),
      lists.rows,
    );
  };
}
