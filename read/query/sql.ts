/**
 * Small helpers for building queries whose text is fixed by code and whose values are all bound (`?`), plus
 * the paging arithmetic shared by every list.
 */
import { INTEGER, LIST, listValue } from "@duckdb/node-api";
import type { RankingPagination, SearchPagination } from "../schema/api.ts";
import type { QueryContext } from "./context.ts";
import { type SqlParam, TypedValue, varcharList } from "./sql-param.ts";

/** AND-ed conditions with their bound values, in placeholder order. */
export class Conditions {
  private readonly clauses: string[] = [];
  readonly params: SqlParam[] = [];

  /** `clause` is code, never caller input; it holds one `?` per value. */
  add(clause: string, ...values: SqlParam[]): this {
    this.clauses.push(clause);
    this.params.push(...values);
    return this;
  }

  /** A copy with one more clause, this one left as it is. */
  with(clause: string, ...values: SqlParam[]): Conditions {
    const copy = new Conditions();
    copy.clauses.push(...this.clauses);
    copy.params.push(...this.params);
    return copy.add(clause, ...values);
  }

  get where(): string {
    return this.clauses.length === 0 ? "" : `WHERE ${this.clauses.join(" AND ")}`;
  }
}

/** Position of a value in a fixed tier order (1 = best), for ORDER BY; the tiers are code constants. */
export function tierPosition(column: string, tiers: readonly string[]): string {
  return `list_position([${tiers.map((t) => `'${t}'`).join(", ")}], ${column})`;
}

/**
 * A derived table `(id, n)` of per-venue counts made outside the database (the activity store), to join
 * against a venue table.
 */
export function countsTable(counts: ReadonlyMap<string, number>): { sql: string; params: SqlParam[] } {
  return {
    sql: "(SELECT unnest(?::VARCHAR[]) AS id, unnest(?::INTEGER[]) AS n)",
    params: [varcharList([...counts.keys()]), new TypedValue(listValue([...counts.values()]), LIST(INTEGER))],
  };
}

/**
 * Parameters as part of a cache key: their defined members in name order, so two requests that differ only in
 * parameter order or in absent options share an entry.
 */
export function paramsKey(params: object): string {
  const defined = Object.entries(params).filter(([, value]) => value !== undefined);
  return JSON.stringify(defined.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A bound value as a cache key reads it: a typed value by its value, a bigint spelled out. */
const keyOfValue = (_key: string, value: unknown) =>
  value instanceof TypedValue ? value.value : typeof value === "bigint" ? `${value}n` : value;

/**
 * How many rows of `from` ("conferences c") meet the conditions. Keyed by the conditions themselves (their SQL and
 * every bound value, the page not among them), so every page of one search counts once, and a condition bound to
 * the time (a deadline window) counts again when its bound moves, as the rows do.
 */
export function countMatches(ctx: QueryContext, from: string, cond: Conditions): Promise<number> {
  return ctx.db.cached(
    `count ${from} ${cond.where} ${JSON.stringify(cond.params, keyOfValue)}`,
    async () => {
      const [row] = await ctx.db.all<{ n: number }>(
        `SELECT count(*)::INTEGER AS n FROM ${from} ${cond.where}`,
        cond.params,
      );
      return row?.n ?? 0;
    },
    () => 0,
  );
}

/**
 * From this many skipped rows on, a page is cut from row numbers over the sort keys instead of a Top-N: a Top-N
 * holds every skipped row whole (about 200 MB for page 1,000 of a 370,000-venue catalogue), the numbering only
 * row ids and keys. Shallow pages stay on the Top-N, which is faster there.
 */
export const DEEP_OFFSET = 10_000n;

/** One page of one table (no joins), sorted; the table's alias qualifies `columns`, `where` and `order`. */
export interface PagedSelect {
  table: string;
  alias: string;
  columns: string;
  cond: Conditions;
  /** ORDER BY list; ends with a unique key, so the order is total. */
  order: string;
  orderParams: readonly SqlParam[];
}

/** SQL and values for rows `offset + 1 … offset + limit` of the sorted selection. */
export function pagedSelect(
  q: PagedSelect,
  [limit, offset]: [bigint, bigint],
): { sql: string; params: SqlParam[] } {
  const from = `${q.table} ${q.alias}`;
  if (offset < DEEP_OFFSET) {
    return {
      sql: `SELECT ${q.columns} FROM ${from} ${q.cond.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`,
      params: [...q.cond.params, ...q.orderParams, limit, offset],
    };
  }
  return {
    sql:
      `WITH page AS (SELECT ${q.alias}.rowid AS page_row, row_number() OVER (ORDER BY ${q.order}) AS page_pos ` +
      `FROM ${from} ${q.cond.where} QUALIFY page_pos > ? AND page_pos <= ?) ` +
      `SELECT ${q.columns} FROM page JOIN ${from} ON ${q.alias}.rowid = page.page_row ORDER BY page.page_pos`,
    params: [...q.orderParams, ...q.cond.params, offset, offset + limit],
  };
}

export interface Page {
  page: number;
  per_page: number;
}

/** LIMIT and OFFSET values; `extra` rows beyond the page let a ranking tell whether more follow. */
export function pageWindow({ page, per_page }: Page, extra = 0): [bigint, bigint] {
  return [BigInt(per_page + extra), BigInt(page - 1) * BigInt(per_page)];
}

export function searchPagination(total: number, { page, per_page }: Page): SearchPagination {
  return { total, total_pages: Math.ceil(total / per_page), page, per_page };
}

/** Cuts the look-ahead row off a ranking page and reports whether it existed. */
export function rankingPage<T>(
  rows: T[],
  { page, per_page }: Page,
): { rows: T[]; pagination: RankingPagination } {
  const pageRows = rows.slice(0, per_page);
  return {
    rows: pageRows,
    pagination: { count: pageRows.length, has_more: rows.length > per_page, page, per_page },
  };
}

/** An ISO instant as whole seconds since the epoch (the outlook table's `closes_epoch`). */
export const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
