/**
 * datapackage.json (Frictionless Data Package with Table Schemas) for the public snapshot files: every file with
 * its format, size and sha256, every column with its type, and the licences and attribution of the sources.
 * Column types come from the writer's Parquet types, so the description cannot drift from the files.
 */
import type { z } from "zod";
import type { ManifestFile, SourceInfo } from "../../snapshot/records.ts";

export interface PackagedTable {
  /** File base name (`conferences` → conferences.json / .csv / .parquet). */
  name: string;
  title: string;
  description: string;
  /** Key of the row array in the JSON file. */
  jsonRowsKey: string;
  /** Columns in file order with their DuckDB / Parquet type. */
  columns: { name: string; type: string }[];
  primaryKey?: string;
}

/** Table Schema field type of a DuckDB type; lists and structs keep their DuckDB spelling in `duckdb_type`. */
function fieldType(duckType: string): string {
  if (duckType.endsWith("[]")) return "array";
  if (duckType.startsWith("STRUCT")) return "object";
  switch (duckType) {
    case "DATE":
      return "date";
    case "TIMESTAMP WITH TIME ZONE":
      return "datetime";
    case "BOOLEAN":
      return "boolean";
    case "INTEGER":
    case "BIGINT":
      return "integer";
    case "DOUBLE":
      return "number";
    default:
      return "string";
  }
}

const FORMATS = [
  { ext: "json", mediatype: "application/json", note: "rows under the key named by jsonRowsKey" },
  {
    ext: "csv",
    mediatype: "text/csv",
    note: 'header row; lists joined with ";", cp_index as JSON text, null as an empty cell',
  },
  {
    ext: "parquet",
    mediatype: "application/vnd.apache.parquet",
    note: "typed columns (DATE, TIMESTAMP WITH TIME ZONE, BOOLEAN, STRUCT, LIST)",
  },
] as const;

/** A public file that is not a table (the changes file, its feed): described by name, format and media type. */
export interface PackagedDocument {
  name: string;
  path: string;
  title: string;
  description: string;
  format: string;
  mediatype: string;
}

export function dataPackage(options: {
  version: string;
  date: string;
  baseUrl: string;
  terms: string;
  sources: readonly SourceInfo[];
  tables: readonly PackagedTable[];
  files: readonly z.infer<typeof ManifestFile>[];
  database?: { name: string; tables: readonly string[] };
  documents?: readonly PackagedDocument[];
}) {
  const fileByName = new Map(options.files.map((f) => [f.name, f]));
  const described = (name: string) => {
    const file = fileByName.get(name);
    return file ? { bytes: file.bytes, hash: `sha256:${file.sha256}` } : {};
  };
  const resources: Record<string, unknown>[] = options.tables.flatMap((table) => {
    const schema = {
      fields: table.columns.map((c) => ({ name: c.name, type: fieldType(c.type), duckdb_type: c.type })),
      ...(table.primaryKey ? { primaryKey: table.primaryKey } : {}),
    };
    return FORMATS.map((format) => ({
      name: `${table.name}-${format.ext}`,
      path: `${table.name}.${format.ext}`,
      title: table.title,
      description: `${table.description} (${format.note})`,
      format: format.ext,
      mediatype: format.mediatype,
      ...(format.ext === "json" ? { jsonRowsKey: table.jsonRowsKey } : {}),
      ...described(`${table.name}.${format.ext}`),
      schema,
    }));
  });
  if (options.database) {
    resources.push({
      name: "database",
      path: options.database.name,
      title: "All tables in one DuckDB database",
      description: `duckdb -c "ATTACH '${options.database.name}' AS venues; SHOW ALL TABLES" (tables: ${options.database.tables.join(", ")})`,
      format: "duckdb",
      mediatype: "application/octet-stream",
      ...described(options.database.name),
    });
  }
  for (const document of options.documents ?? [])
    resources.push({ ...document, ...described(document.path) });
  return {
    profile: "data-package",
    name: "venue-directory",
    title: "Venue Directory snapshot",
    version: options.version,
    created: options.date,
    homepage: options.baseUrl,
    description: `Daily snapshot of the Venue Directory. ${options.terms}`,
    licenses: options.sources.map((s) => ({ name: s.license, title: s.name, path: s.repo })),
    sources: options.sources.map((s) => ({ title: s.name, path: s.repo, attribution: s.attribution })),
    attribution: `Venue Directory (${options.baseUrl}). Link each venue's detail_page when you reuse its data.`,
    resources,
  };
}
