/**
 * The column types of the snapshot's tables (Parquet, DuckDB, datapackage.json), derived from the record schemas so
 * a field is typed where it is declared: strings and enums are VARCHAR, whole numbers INTEGER, other numbers
 * DOUBLE, booleans BOOLEAN, arrays lists of their element's type. A schema whose column is none of these (a date,
 * an instant, a 64-bit count, a STRUCT) names its type in `columnTypeOf`.
 */
import { z } from "zod";

/** Column types the record schemas name for themselves (looked up through `.meta()` copies too). */
export const columnTypeOf = z.registry<{ column: string }>();

/** The column type of one field; throws on a kind of schema the tables cannot hold, so it fails the build. */
export function columnType(schema: z.core.$ZodType): string {
  const named = columnTypeOf.get(schema);
  if (named) return named.column;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case "nullable":
    case "optional":
    case "default":
      return columnType(def.innerType);
    case "string":
    case "enum":
    case "literal":
      return "VARCHAR";
    case "union": {
      const types = new Set(def.options.map(columnType));
      if (types.size === 1) return [...types][0] as string;
      break;
    }
    case "boolean":
      return "BOOLEAN";
    case "number":
      return (schema as z.ZodNumber).format === "safeint" ? "INTEGER" : "DOUBLE";
    case "array":
      return `${columnType(def.element)}[]`;
  }
  throw new Error(`no table column type for a ${def.type} schema`);
}

/** The column types of a table's row schema, in field order. */
export const tableColumns = (row: z.ZodObject): Record<string, string> =>
  Object.fromEntries(Object.entries(row.shape).map(([field, schema]) => [field, columnType(schema)]));
