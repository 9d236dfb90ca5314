/** The CSV a snapshot table file must hold: one papaparse unparse of its JSON rows in the documented cell format. */
import Papa from "papaparse";

/** Lists joined with ";", objects as JSON text, null as an empty cell. */
const cell = (value: unknown) =>
  value === null
    ? ""
    : Array.isArray(value)
      ? value.join(";")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

export function unparsedCsv(rows: readonly Record<string, unknown>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  return `${Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => cell(row[c]))) }, { newline: "\n" })}\n`;
}
