/**
 * The single truth for the snapshot's record types. The nightly build validates every record it writes
 * against these schemas; the query layer, REST, MCP and the site read the same types. Each part is defined in a
 * file of its own under records/.
 */
export * from "./records/bulk-tables.ts";
export * from "./records/categories.ts";
export * from "./records/current-ranks.ts";
export * from "./records/deadlines.ts";
export * from "./records/manifest.ts";
export * from "./records/outlook.ts";
export * from "./records/ranks.ts";
export * from "./records/research-fields.ts";
export * from "./records/scalars.ts";
export * from "./records/venues.ts";
