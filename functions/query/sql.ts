/**
 * Small helpers for building queries whose text is fixed by code and whose values are all bound (`?`), plus
 * the paging arithmetic shared by every list.
 */
import { INTEGER, LIST, listValue, VARCHAR } from "@duckdb/node-api";
import type { RankingPagination, SearchPagination } from "../schema/api.ts";
import { type SqlParam, TypedValue } from "./database.ts";

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

  get where(): string {
    return this.clauses.length === 0 ? "" : `WHERE ${this.clauses.join(" AND ")}`;
  }
}

/** Position of a value in a fixed tier order (1 = best), for ORDER BY; the tiers are code constants. */
export function tierPosition(column: string, tiers: readonly string[]): string {
  return `list_position([${tiers.map((t) => `'${t}'`).join(", ")}], ${column})`;
}

export function varcharList(values: readonly string[]): TypedValue {
  return new TypedValue(listValue([...values]), LIST(VARCHAR));
}

/**
 * A derived table `(id, n)` of per-venue counts kept outside the database (the activity store), to join
 * against a venue table.
 */
export function countsTable(counts: ReadonlyMap<string, number>): { sql: string; params: SqlParam[] } {
  return {
    sql: "(SELECT unnest(?::VARCHAR[]) AS id, unnest(?::INTEGER[]) AS n)",
    params: [varcharList([...counts.keys()]), new TypedValue(listValue([...counts.values()]), LIST(INTEGER))],
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
