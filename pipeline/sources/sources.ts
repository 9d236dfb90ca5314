/**
 * Provenance of every upstream source, read from the reviewed data file `sources.yaml` beside this module:
 * repository, commit, licence and the attribution its terms require. Written into every snapshot manifest
 * and credited on pages.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { SourceInfo } from "../../snapshot/records.ts";
import type { SourceId } from "./observations.ts";
import { loadYamlTable } from "./yaml.ts";

/** Where `npm run sync` fetches (part of) a source's folder from. */
const GitOrigin = z.object({
  git: z.string(),
  /** Branch, tag or commit; HEAD follows the remote's default branch. */
  ref: z.string().default("HEAD"),
  /** Repository path → path inside the source's folder ("." for the folder itself). */
  paths: z.record(z.string(), z.string()),
});
const HttpOrigin = z.object({ http: z.string(), to: z.string() });
export const Origin = z.union([GitOrigin, HttpOrigin]);
export type Origin = z.infer<typeof Origin>;

const SourceEntry = z.object({
  name: z.string(),
  /** Folder under UPSTREAM_DIR holding this source's files. */
  dir: z.string(),
  repo: z.string(),
  commit: z.string(),
  license: z.string(),
  attribution: z.string(),
  /** false: the source only cross-checks others and none of its facts is published. */
  publish: z.boolean().default(true),
  /** Date of the copy shipped in UPSTREAM_DIR (its commit's date); sync records newer ones. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** A fixed list edition or an archived repository: never reported as out of date. */
  static: z.boolean().default(false),
  origin: z.array(Origin).default([]),
});
export type SourceEntry = z.infer<typeof SourceEntry>;

export const SOURCES_FILE = new URL("./sources.yaml", import.meta.url);

const SourceTable = z.record(z.string(), SourceEntry);

export const SOURCE_ENTRIES = loadYamlTable(SOURCES_FILE, SourceTable) as Record<SourceId, SourceEntry>;

/** Another sources file of the same form (SYNC_SOURCES_FILE: a mirror's origins); throws naming what is wrong. */
export function readSourcesFile(path: string): Record<string, SourceEntry> {
  return loadYamlTable(pathToFileURL(resolve(path)), SourceTable);
}

type Info = z.infer<typeof SourceInfo>;

export const SOURCES = Object.fromEntries(
  Object.entries(SOURCE_ENTRIES).map(([id, e]) => [
    id,
    SourceInfo.parse({
      id,
      name: e.name,
      repo: e.repo,
      commit: e.commit,
      license: e.license,
      attribution: e.attribution,
    }),
  ]),
) as Record<SourceId, Info>;

/** Sources whose facts may be published (csconferences states no licence: it only cross-checks). */
export function isPublishable(source: string): boolean {
  return SOURCE_ENTRIES[source as SourceId]?.publish ?? true;
}
