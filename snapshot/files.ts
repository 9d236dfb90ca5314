/**
 * The files of a snapshot folder and the line format of their JSON arrays: the pipeline writes them so and the
 * server reads them so (read/query/record-lines.ts finds a record by where its line sits).
 */

/** The symlink that names the snapshot in service. */
export const LATEST = "latest";
export const MANIFEST = "manifest.json";
/** The one-file database of every public table. */
export const DATABASE = "venues.duckdb";
/** The Frictionless description of every public file. */
export const DATAPACKAGE = "datapackage.json";
/** Every venue's detail record, one per line (internal: the server reads it, the public does not). */
export const DETAILS = "details.json";
/** The id registry, carried from build to build so a venue keeps its id. */
export const IDS = "ids.json";
/** Ids merged away, with the id that now stands for each. */
export const MERGED = "merged.json";
/** The day's changes against the previous snapshot, and every kept day's as an Atom feed (public). */
export const CHANGES_FILE = "changes.json";
export const CHANGES_FEED = "changes.atom";
/** The submission outlook's public table (`<name>.json`, `.csv`, `.parquet`); the next build reads its dates. */
export const OUTLOOK_TABLE = "outlook";

/** How a record line of a JSON array is indented: `    {"id":"…", …},`, one record per line. */
export const RECORD_INDENT = "    ";
/** What separates two record lines. */
export const RECORD_SEPARATOR = `,\n${RECORD_INDENT}`;
