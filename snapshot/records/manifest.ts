/** The snapshot's manifest: its version, counts, files and sources. */
import { z } from "zod";
import { IsoDate } from "./scalars.ts";

export const SourceInfo = z.object({
  id: z.string(),
  name: z.string(),
  repo: z.string(),
  commit: z.string(),
  license: z.string(),
  attribution: z.string(),
  /** Date of the data the build read (the origin commit's date, or the file's Last-Modified). */
  date: IsoDate.nullable().default(null),
  /** When `npm run sync` last fetched it; null for the copy shipped in UPSTREAM_DIR. */
  fetched_at: z.string().nullable().default(null),
  /** A fixed list edition or an archived repository: never out of date. */
  static: z.boolean().default(false),
});
export type SourceInfo = z.infer<typeof SourceInfo>;

export const ManifestFile = z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string() });

export const Manifest = z.object({
  version: z.string(),
  date: IsoDate,
  generated_at: z.string(),
  /** The base URL its absolute links (detail_page, feed, data package) name; absent in older snapshots. */
  base_url: z.string().optional(),
  counts: z.object({
    conferences: z.number().int(),
    journals: z.number().int(),
    special_issues: z.number().int(),
    // The bulk tables; absent in snapshots written before they existed.
    deadlines: z.number().int().optional(),
    outlook: z.number().int().optional(),
    editions: z.number().int().optional(),
    acceptance: z.number().int().optional(),
    rank_history: z.number().int().optional(),
    aliases: z.number().int().optional(),
  }),
  /** Files that may be published (served under /snapshots/). */
  files: z.array(ManifestFile),
  /** Build-internal files (details, id registry, report): never served. */
  internal_files: z.array(ManifestFile),
  sources: z.array(SourceInfo),
  terms: z.string(),
});
export type Manifest = z.infer<typeof Manifest>;
