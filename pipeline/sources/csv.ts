/**
 * The one CSV reader of the build. Upstream lists are small CSV exports with a header row, sometimes with a
 * byte-order mark or CRLF line ends; a file papaparse cannot read cleanly is an error of the whole source
 * (SourceError), not a row to skip, because a misquoted row shifts every later column.
 */
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { SourceError } from "./observations.ts";

export interface CsvOptions {
  /** Field separator; "," unless the source says otherwise. */
  delimiter?: string;
  /** Header names the file must have (checked after trimming). */
  requiredColumns?: readonly string[];
  /**
   * The last column is free text the source writes without quoting ("Regional: Austria, Germany,
   * Netherlands"): a row with too many fields gets its extra fields joined back into the last column instead
   * of failing the file. Only for sources where no other column can hold the delimiter.
   */
  unquotedLastColumn?: boolean;
}

export interface CsvRecord {
  /** 1-based position among the data rows (the header row is not counted), for messages. */
  row: number;
  /** Cells by header name, as published (not trimmed). */
  values: Record<string, string>;
}

/**
 * Where a parse error is. Quote errors carry the character offset, which gives the exact line of the file;
 * a row with the wrong number of fields carries its position among the data rows.
 */
function errorPlace(error: Papa.ParseError, body: string): string {
  if (typeof error.index === "number") return `line ${body.slice(0, error.index).split("\n").length}`;
  return typeof error.row === "number" ? `row ${error.row + 1}` : "header";
}

/** Parses CSV text; `file` names the source in errors (relative to the upstream dir). */
export function parseCsv(text: string, file: string, options: CsvOptions = {}): CsvRecord[] {
  const delimiter = options.delimiter ?? ",";
  const body = text.replace(/^\ufeff/, "");
  const parsed = Papa.parse<Record<string, unknown>>(body, {
    header: true,
    delimiter,
    skipEmptyLines: true,
    transformHeader: (name) => name.trim(),
  });
  const columns = parsed.meta.fields ?? [];
  const error = parsed.errors.find((e) => !(options.unquotedLastColumn && e.code === "TooManyFields"));
  if (error) throw new SourceError(file, errorPlace(error, body), `malformed CSV: ${error.message}`);
  const missing = (options.requiredColumns ?? []).filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new SourceError(file, "header", `missing column(s) ${missing.join(", ")}`);
  }
  return parsed.data.map((values, index) => ({
    row: index + 1,
    values: rejoinExtra(values, columns, delimiter),
  }));
}

/** Papaparse keeps the fields beyond the header under this key. */
const EXTRA = "__parsed_extra";

function rejoinExtra(
  values: Record<string, unknown>,
  columns: string[],
  delimiter: string,
): Record<string, string> {
  // Nearly every row has no extra fields: returned as is, not copied (copying every row cost ~0.25 s a build).
  if (!(EXTRA in values)) return values as Record<string, string>;
  const { [EXTRA]: extra, ...cells } = values;
  const last = columns.at(-1);
  if (!Array.isArray(extra) || last === undefined) return cells as Record<string, string>;
  return { ...cells, [last]: [cells[last], ...extra].join(delimiter) } as Record<string, string>;
}

/** Reads and parses one CSV file; an unreadable file is a SourceError too. */
export async function readCsv(path: string, file: string, options: CsvOptions = {}): Promise<CsvRecord[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new SourceError(file, "file", `cannot read: ${(cause as Error).message}`);
  }
  return parseCsv(text, file, options);
}

/**
 * A numeric cell as published: null when blank, undefined when it is not a number of the wanted kind
 * ("count": a non-negative integer; "decimal": decimal point or the decimal comma of European exports).
 */
export function numberCell(raw: string | undefined, kind: "count" | "decimal"): number | null | undefined {
  const text = raw?.trim() ?? "";
  if (text === "") return null;
  const pattern = kind === "count" ? /^\d+$/ : /^-?\d+(?:[.,]\d+)?$/;
  return pattern.test(text) ? Number(text.replace(",", ".")) : undefined;
}
