/**
 * How a public table is written: JSON, CSV and Parquet from one pass over its rows, then every table into one
 * DuckDB file. Which tables there are is write.ts's list; their columns are their row schemas'.
 */
import type { Hash } from "node:crypto";
import { type FileHandle, open, rm } from "node:fs/promises";
import { join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import type { z } from "zod";
import { DATABASE } from "../../snapshot/files.ts";
import { tableColumns } from "../../snapshot/records/table-columns.ts";
import { csvBatch } from "./csv-cells.ts";
import { syncPath } from "./durable-files.ts";
import { jsonRecords, jsonTableFrame } from "./json-document.ts";

export type Row = Record<string, unknown>;

/** What writing a table needs to know of it (write.ts's PublicDataset narrows the names). */
export interface TableSpec {
  /** File base name: `<name>.json`, `.csv`, `.parquet`. */
  name: string;
  /** Key of the row array in the JSON file and of the DuckDB table. */
  arrayKey: string;
  /** The row schema: the public fields and (snapshot/records/table-columns.ts) their column types. */
  schema: z.ZodObject;
  /** Which venue page `detail_page` links, the field holding its id, and the field it follows. */
  venueOf: (row: Row) => "conference" | "journal";
  idField: string;
  detailPageAfter: string;
}

/** Public columns in order: the schema fields with `detail_page` right after the dataset's anchor field. */
const columnsOf = new WeakMap<TableSpec, string[]>();

export function publicColumns(dataset: TableSpec): string[] {
  let columns = columnsOf.get(dataset);
  if (!columns) {
    columns = Object.keys(dataset.schema.shape).flatMap((field) =>
      field === dataset.detailPageAfter ? [field, "detail_page"] : [field],
    );
    columnsOf.set(dataset, columns);
  }
  return columns;
}

/** The column type of every public column, in order: the schema's, and text for `detail_page` (not a field). */
export function publicColumnTypes(dataset: TableSpec): Record<string, string> {
  const types = tableColumns(dataset.schema);
  return Object.fromEntries(publicColumns(dataset).map((column) => [column, types[column] ?? "VARCHAR"]));
}

/** A row as published, built once per table written (millions of rows at scale: kept lean). */
export function publicRow(dataset: TableSpec, row: Row, baseUrl: string): Row {
  const detailPage = `${baseUrl}/${dataset.venueOf(row)}/${encodeURIComponent(String(row[dataset.idField]))}`;
  const out: Row = {};
  for (const c of publicColumns(dataset)) out[c] = c === "detail_page" ? detailPage : row[c];
  return out;
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows a table is written in at a time: each batch is made public and turned into JSON text once. */
const TABLE_BATCH_ROWS = 5_000;

/**
 * One public table as JSON, CSV and Parquet, from one pass over its rows: each row's public form and JSON text
 * serve the version hash, the JSON file and the Parquet load file alike.
 */
export async function writeTable(
  db: DuckDBConnection,
  dir: string,
  dataset: TableSpec,
  rows: readonly Row[],
  head: Record<string, unknown>,
  { baseUrl, versionHash }: { baseUrl: string; versionHash: Hash },
): Promise<void> {
  const columns = publicColumns(dataset);
  const load = join(dir, `.load-${dataset.name}.ndjson`);
  const frame = jsonTableFrame(head, dataset.arrayKey, rows.length);
  const handles: FileHandle[] = [];
  try {
    for (const path of [join(dir, `${dataset.name}.json`), join(dir, `${dataset.name}.csv`), load])
      handles.push(await open(path, "wx"));
    const [json, csv, ndjson] = handles as [FileHandle, FileHandle, FileHandle];
    await json.write(frame.start);
    versionHash.update("[");
    // Run once with no rows too: the CSV header is written with the first batch.
    for (let from = 0; from === 0 || from < rows.length; from += TABLE_BATCH_ROWS) {
      const first = from === 0;
      const published = rows
        .slice(from, from + TABLE_BATCH_ROWS)
        .map((row) => publicRow(dataset, row, baseUrl));
      await csv.write(csvBatch(columns, published, first));
      if (published.length === 0) continue;
      const lines = published.map((row) => JSON.stringify(row));
      // Each text of the batch is one join, hashed or written as it is: a separator glued onto it would copy it
      // again (megabytes at scale, in large objects that only a full garbage collection frees).
      if (!first) versionHash.update(",");
      versionHash.update(lines.join(","));
      for (const piece of jsonRecords(lines, first)) await json.write(piece);
      await ndjson.write(lines.join("\n"));
      await ndjson.write("\n");
    }
    versionHash.update("]");
    await json.write(frame.end);
    await csv.write("\n");
    await json.sync();
    await csv.sync();
  } finally {
    for (const handle of handles) await handle.close();
  }
  await loadParquet(db, dir, dataset, load);
}

/**
 * Loads the public rows (the columns of the JSON and CSV files) from the table's NDJSON load file with explicit
 * column types (dates as DATE, cp_index as a STRUCT, lists as LIST), copies them to Parquet and removes the file.
 */
async function loadParquet(db: DuckDBConnection, dir: string, dataset: TableSpec, ndjson: string) {
  const target = join(dir, `${dataset.name}.parquet`);
  const columns = Object.entries(publicColumnTypes(dataset))
    .map(([name, type]) => `${sqlString(name)}: ${sqlString(type)}`)
    .join(", ");
  const select = publicColumns(dataset).map(sqlIdent).join(", ");
  await db.run(
    `COPY (SELECT ${select} FROM read_json(${sqlString(ndjson)}, format = 'newline_delimited', columns = {${columns}}))
     TO ${sqlString(target)} (FORMAT parquet)`,
  );
  await rm(ndjson);
  await syncPath(target);
}

/** Every table in one DuckDB file, copied from the Parquet files just written (same types). */
export async function writeDatabase(db: DuckDBConnection, dir: string, datasets: readonly TableSpec[]) {
  const target = join(dir, DATABASE);
  await db.run(`ATTACH ${sqlString(target)} AS venues`);
  try {
    for (const dataset of datasets) {
      await db.run(
        `CREATE TABLE venues.${sqlIdent(dataset.arrayKey)} AS SELECT * FROM read_parquet(${sqlString(join(dir, `${dataset.name}.parquet`))})`,
      );
    }
  } finally {
    await db.run("DETACH venues");
  }
  await syncPath(target);
}
