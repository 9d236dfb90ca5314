/**
 * Settings of the nightly build and of the upstream sync, read from the environment once at start with the same
 * checks as the server's (runtime/env.ts): a bad value stops the command, naming the variable, before
 * anything is fetched or written — and `npm start` checks them too, so a value that would fail at 00:10 fails now.
 */
import { resolve } from "node:path";
import { z } from "zod";
import {
  type Env,
  existingDirectory,
  instant,
  parseEnv,
  wholeNumber,
  writableDirectory,
} from "../runtime/env.ts";
import { readSourcesFile, SOURCE_ENTRIES } from "./sources/sources.ts";
import { SNAPSHOT_KEEP_DAYS_DEFAULT } from "./write/publish.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_UPSTREAM_DIR = resolve(ROOT, "../shared/data/upstream");
const DEFAULT_STATE_DIR = resolve(ROOT, "var");
/** The repository's own snapshots folder, wherever a command is run from. */
export const DEFAULT_SNAPSHOTS_DIR = resolve(ROOT, "snapshots");
export const DEFAULT_SYNC_TIMEOUT_MS = 300_000;

const BuildEnv = z.object({
  UPSTREAM_DIR: existingDirectory("UPSTREAM_DIR", DEFAULT_UPSTREAM_DIR),
  SNAPSHOTS_DIR: writableDirectory("SNAPSHOTS_DIR", DEFAULT_SNAPSHOTS_DIR),
  SNAPSHOT_KEEP_DAYS: wholeNumber("SNAPSHOT_KEEP_DAYS", SNAPSHOT_KEEP_DAYS_DEFAULT, 1),
  BUILD_NOW: instant("BUILD_NOW"),
});

export interface BuildSettings {
  upstreamDir: string;
  snapshotsDir: string;
  keepDays: number;
  /** The build clock: BUILD_NOW when pinned, else the time of the call. */
  now: () => Date;
}

export function readBuildSettings(env: Env): BuildSettings {
  const e = parseEnv(BuildEnv, env);
  return {
    upstreamDir: e.UPSTREAM_DIR,
    snapshotsDir: e.SNAPSHOTS_DIR,
    keepDays: e.SNAPSHOT_KEEP_DAYS,
    now: () => e.BUILD_NOW ?? new Date(),
  };
}

const SyncEnv = z
  .object({
    // Not checked: a folder the sync cannot write is reported as failed, and the build reads the copies there.
    UPSTREAM_DIR: z
      .string()
      .optional()
      .transform((v) => resolve(v?.trim() || DEFAULT_UPSTREAM_DIR)),
    STATE_DIR: z.string().optional(),
    SYNC_CACHE_DIR: z.string().optional(),
    SYNC_TIMEOUT_MS: wholeNumber("SYNC_TIMEOUT_MS", DEFAULT_SYNC_TIMEOUT_MS, 1),
    SYNC_SOURCES_FILE: z.string().optional(),
  })
  .transform((e, ctx) => {
    const fallback = resolve(e.STATE_DIR?.trim() || DEFAULT_STATE_DIR, "upstream-git");
    const cache = writableDirectory("SYNC_CACHE_DIR", fallback).safeParse(e.SYNC_CACHE_DIR);
    for (const issue of cache.error?.issues ?? [])
      ctx.addIssue({ ...issue, code: "custom", path: ["SYNC_CACHE_DIR"] });
    return {
      upstreamDir: e.UPSTREAM_DIR,
      cacheDir: cache.data ?? fallback,
      timeoutMs: e.SYNC_TIMEOUT_MS,
      sources: syncSources(e.SYNC_SOURCES_FILE, ctx),
    };
  });

/** The sources file whose origins the sync follows: SYNC_SOURCES_FILE when set (read and checked now), else the shipped one. */
function syncSources(file: string | undefined, ctx: z.RefinementCtx): typeof SOURCE_ENTRIES {
  if (!file?.trim()) return SOURCE_ENTRIES;
  try {
    return readSourcesFile(file.trim()) as typeof SOURCE_ENTRIES;
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
    ctx.addIssue({
      code: "custom",
      path: ["SYNC_SOURCES_FILE"],
      message: `SYNC_SOURCES_FILE ${file}: ${why}`,
    });
    return SOURCE_ENTRIES;
  }
}

export type SyncSettings = z.output<typeof SyncEnv>;

export function readSyncSettings(env: Env): SyncSettings {
  return parseEnv(SyncEnv, env);
}
