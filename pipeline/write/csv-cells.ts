/** The CSV form of public rows: cells, quoting, and batches that join into one file. */

type Row = Record<string, unknown>;

/** CSV cell: arrays joined with ";", objects (cp_index) as JSON text, null as an empty cell. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(";");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A CSV field quoted as papaparse's unparse quotes it (the files' format from the start): when it holds a comma,
 * a quote, a line break or a byte-order mark, or starts or ends with a space. Written here because unparse's
 * generic per-cell checks took more than twice as long (test/pipeline/write/write.test.ts holds the two equal).
 */
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Public rows as CSV lines (after the header when `first`): quoting is decided cell by cell, so batches join. */
export function csvBatch(columns: string[], rows: readonly Row[], first: boolean): string {
  const lines = rows.map((row) => columns.map((c) => csvField(csvCell(row[c]))).join(","));
  // A later batch starts with the line break after the previous one, as an empty first line: one join makes the
  // whole batch (a line break glued on in front would copy it again).
  lines.unshift(first ? columns.map(csvField).join(",") : "");
  return lines.join("\n");
}
