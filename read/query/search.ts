/**
 * One page of a name search: the venues the name index matched, narrowed by the search's filters and sorted by
 * match tier, then by the kind's tie order (search-order.ts). Only the page's rows are read, from the snapshot's
 * JSON file of the kind (DuckDB has no cheap lookup of a list of rows). Shared by conference and journal search,
 * as is the page of a search without a name (`filteredPage`).
 */
import type { QueryContext } from "./context.ts";
import type { SnapshotDatabase } from "./database.ts";
import { type Selected, selectedId, selectedRows } from "./rows.ts";
import { type NameIndex, nameIndex, type SearchKind } from "./search-index.ts";
import { FilterBits, SearchOrder } from "./search-order.ts";
import { type Conditions, countMatches, type Page, pagedSelect, pageWindow } from "./sql.ts";
import type { SqlParam } from "./sql-param.ts";

export interface MatchedSelect {
  kind: SearchKind;
  alias: string;
  cond: Conditions;
  /** ORDER BY among venues of one match tier; ends with a unique key. */
  order: string;
  orderParams: readonly SqlParam[];
}

export async function matchedPage<T extends object>(
  ctx: QueryContext,
  query: string,
  q: MatchedSelect,
  p: Page & object,
): Promise<{ rows: T[]; total: number }> {
  const index = await nameIndex(ctx.db, q.kind);
  const matches = index.match(query);
  try {
    if (matches.size === 0) return { rows: [], total: 0 };
    const [order, allowed] = await Promise.all([
      searchOrder(ctx.db, index, q),
      q.cond.where === "" ? undefined : filterBits(ctx.db, index, q),
    ]);
    const [limit, offset] = pageWindow(p);
    const { positions, total } = order.page(matches, allowed, Number(limit), Number(offset));
    const rows = ctx.db.tableRows(
      q.kind,
      positions.map((pos) => index.idOf(pos)),
    );
    return { rows: rows as T[], total };
  } finally {
    matches.release();
  }
}

/** Without a name: one page of every venue of the kind meeting the filters, in `q.order`, and their count. */
export async function filteredPage<T>(
  ctx: QueryContext,
  q: MatchedSelect,
  p: Page,
): Promise<{ rows: T[]; total: number }> {
  const page = pagedSelect({ ...q, table: q.kind, columns: selectedId(q.alias) }, pageWindow(p));
  const [total, selected] = await Promise.all([
    countMatches(ctx, `${q.kind} ${q.alias}`, q.cond),
    ctx.db.all<Selected>(page.sql, page.params),
  ]);
  return { rows: selectedRows<T>(ctx.db, q.kind, selected), total };
}

/**
 * The tie order of a kind, a memo of the snapshot rather than an entry of its payload cache (a few megabytes at
 * scale 100 that every search needs) and made again when its key changes with the day (an open call closes).
 */
function searchOrder(db: SnapshotDatabase, index: NameIndex, q: MatchedSelect): Promise<SearchOrder> {
  const memo = db.memo(`search order ${q.kind}`, () => ({
    key: "",
    order: undefined as Promise<SearchOrder> | undefined,
  }));
  const key = `${q.order} ${JSON.stringify(q.orderParams)}`;
  if (memo.key === key && memo.order) return memo.order;
  const order = idList(
    db,
    `SELECT list(${q.alias}.id_num::DOUBLE ORDER BY ${q.order}) AS ids FROM ${q.kind} ${q.alias}`,
    q.orderParams,
  ).then((ids) => new SearchOrder(index, ids));
  memo.key = key;
  memo.order = order;
  // A failed computation is forgotten, so the next search tries again.
  order.catch(() => {
    if (memo.order === order) memo.order = undefined;
  });
  return order;
}

/** The venues meeting the search's filters, read once per distinct filter set and shared by its searches. */
function filterBits(db: SnapshotDatabase, index: NameIndex, q: MatchedSelect): Promise<FilterBits> {
  return db.cached(
    `search filter ${q.kind} ${q.cond.where} ${JSON.stringify(q.cond.params)}`,
    async () =>
      new FilterBits(
        index,
        await idList(
          db,
          `SELECT list(${q.alias}.id_num::DOUBLE) AS ids FROM ${q.kind} ${q.alias} ${q.cond.where}`,
          q.cond.params,
        ),
      ),
    // Weighed as cached rows of about a kilobyte each.
    (bits) => Math.ceil(bits.bytes / 1024),
  );
}

/** The numeric ids a `SELECT list(…) AS ids` returns (an empty list when no row qualifies). */
async function idList(db: SnapshotDatabase, sql: string, params: readonly SqlParam[]): Promise<number[]> {
  const [row] = await db.all<{ ids: number[] | null }>(sql, params);
  return row?.ids ?? [];
}
