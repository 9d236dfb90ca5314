/** A value bound to a SQL parameter of the snapshot database. */
import type { DuckDBType, DuckDBValue } from "@duckdb/node-api";

/** A bound value with its DuckDB type spelled out (needed where inference fails, e.g. an empty list). */
export class TypedValue {
  constructor(
    readonly value: DuckDBValue,
    readonly type: DuckDBType,
  ) {}
}

export type SqlParam = DuckDBValue | TypedValue;
