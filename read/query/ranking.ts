/**
 * The shared shape of a ranking query: fixed SQL from a ranking's definition, an optional join on an activity
 * counter (a venue without a count takes part as 0 and follows the counted ones, unless the list keeps only counted
 * venues), one look-ahead row for `has_more`; a popularity list also says how many venues it counted.
 */
import type { Popularity, RankingPagination } from "../schema/api.ts";
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
  /** Only venues the counter counts (above 0): trending lists no venue nobody viewed. */
  countedOnly?: boolean;
  order: string;
}

/** A ranking page; `counted` (popularity lists) is how many venues of the whole list have a count above 0. */
export interface RankingPageRows<T> {
  rows: T[];
  pagination: RankingPagination;
  counted?: number;
}

export async function fetchRankingPage<T>(
  ctx: QueryContext,
  q: RankingQuery,
  page: Page,
): Promise<RankingPageRows<T>> {
  const joins = [...q.joins];
  if (q.metricCounts) {
    const table = countsTable(q.metricCounts);
    joins.push({ sql: `LEFT JOIN ${table.sql} m ON m.id = ${q.alias}.id`, params: table.params });
    const counted = await countCounted(ctx, q, joins);
    const conditions = q.countedOnly ? withCounted(q.conditions) : q.conditions;
    return { ...(await joinedPage<T>(ctx, { ...q, conditions }, joins, page)), counted };
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
  return joinedPage<T>(ctx, q, joins, page);
}

type Join = RankingQuery["joins"][number];

async function joinedPage<T>(ctx: QueryContext, q: RankingQuery, joins: Join[], page: Page) {
  const sql =
    `SELECT ${q.columns} FROM ${q.from} ${joins.map((j) => j.sql).join(" ")} ` +
    `${q.conditions.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`;
  const params = [...joins.flatMap((j) => j.params), ...q.conditions.params, ...pageWindow(page, 1)];
  return rankingPage(await ctx.db.all<T>(sql, params), page);
}

/** The list's conditions and "counted above 0" (`m` joined). */
const withCounted = (conditions: Conditions): Conditions => conditions.with("m.n > 0");

/** How many members of the whole list (every page, its filters applied) the counter counts above 0. */
async function countCounted(ctx: QueryContext, q: RankingQuery, joins: Join[]): Promise<number> {
  const cond = withCounted(q.conditions);
  const [row] = await ctx.db.all<{ n: number }>(
    `SELECT count(*)::INTEGER AS n FROM ${q.from} ${joins.map((j) => j.sql).join(" ")} ${cond.where}`,
    [...joins.flatMap((j) => j.params), ...cond.params],
  );
  return row?.n ?? 0;
}

/** The row field each counter shows as, and what a list with nothing counted says instead of an order. */
const COUNTERS: Record<ActivityMetric, { field: Popularity["counter"]; none: string }> = {
  views_30d: { field: "views_30d", none: "No views recorded in the last 30 days" },
  trackers: { field: "trackers_count", none: "No researcher profile tracks any of these venues yet" },
  attendees: {
    field: "attendees_count",
    none: "No researcher profile lists any of these venues as attended yet",
  },
};

/** What a popularity list says about its order: its counter, how many venues it counted, and a note when none. */
export function popularity(metric: ActivityMetric, counted: number, countedOnly: boolean): Popularity {
  const { field, none } = COUNTERS[metric];
  const rest = countedOnly
    ? "so nothing is listed"
    : "so this is no popularity order: every venue follows at 0 by the snapshot's all-time page views, then id";
  return { counter: field, counted, note: counted === 0 ? `${none}, ${rest}.` : null };
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
