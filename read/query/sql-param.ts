/** A value bound to a SQL parameter of the snapshot database. */
import { type DuckDBType, type DuckDBValue, LIST, listValue, VARCHAR } from "@duckdb/node-api";

/** A bound value with its DuckDB type spelled out (needed where inference fails, e.g. an empty list). */
export class TypedValue {
  constructor(
    readonly value: DuckDBValue,
    readonly type: DuckDBType,
  ) {}
}

export type SqlParam = DuckDBValue | TypedValue;

/** A list of strings bound as VARCHAR[] (typed, so an empty list binds too). */
export function varcharList(values: readonly string[]): TypedValue {
  return new TypedValue(listValue([...values]), LIST(VARCHAR));
}
