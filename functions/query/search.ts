/**
 * One page of a name search: the venues the name index matched (with their tiers, joined as `m(id, n)`), narrowed
 * by the search's filters and sorted by tier first. Shared by conference and journal search.
 */
import type { QueryContext } from "./context.ts";
import type { SqlParam } from "./database.ts";
import { matchNames, type SearchKind } from "./search-index.ts";
import { type Conditions, numberedTable, type Page, pageWindow, paramsKey } from "./sql.ts";

export interface MatchedSelect {
  kind: SearchKind;
  alias: string;
  columns: string;
  cond: Conditions;
  /** ORDER BY after the match tier (`m.n`); ends with a unique key. */
  order: string;
  orderParams: readonly SqlParam[];
}

export async function matchedPage<T>(
  ctx: QueryContext,
  query: string,
  q: MatchedSelect,
  p: Page & object,
): Promise<{ rows: T[]; total: number }> {
  const matches = await matchNames(ctx.db, q.kind, query);
  if (matches.size === 0) return { rows: [], total: 0 };
  const m = numberedTable(matches);
  const from = `${q.kind} ${q.alias} JOIN ${m.sql} m ON m.id_num = ${q.alias}.id_num`;
  const [limit, offset] = pageWindow(p);
  const { page: _page, per_page: _perPage, ...filters } = p;
  const [rows, total] = await Promise.all([
    ctx.db.all<T>(
      `SELECT ${q.columns} FROM ${from} ${q.cond.where} ORDER BY m.n, ${q.order} LIMIT ? OFFSET ?`,
      [...m.params, ...q.cond.params, ...q.orderParams, limit, offset],
    ),
    // Without filters every match counts; else counted once per search, shared by its pages.
    q.cond.where === ""
      ? matches.size
      : ctx.db.cached(
          `count matched ${q.kind} ${paramsKey(filters)}`,
          async () => {
            const [row] = await ctx.db.all<{ n: number }>(
              `SELECT count(*)::INTEGER AS n FROM ${from} ${q.cond.where}`,
              [...m.params, ...q.cond.params],
            );
            return row?.n ?? 0;
          },
          () => 0,
        ),
  ]);
  return { rows, total };
}
