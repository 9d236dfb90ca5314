/**
 * `npm run sync`: brings every upstream folder up to date from the origins in pipeline/sources/sources.yaml. Each folder
 * is assembled beside the live one (the previous copy, then the fetched files over it, so derived files that no
 * origin produces carry over) and swapped in by rename; a folder whose fetch fails keeps its last good copy.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDirectory } from "../../runtime/private-files.ts";
import { type Origin, SOURCE_ENTRIES } from "../sources/sources.ts";
import { extractGit, fetchGit } from "./fetch-git.ts";
import { fetchHttp } from "./fetch-http.ts";
import { type FolderState, type OriginState, readSyncState, writeSyncState } from "./state.ts";

export interface SyncOptions {
  upstreamDir: string;
  /** Shallow git repositories kept between runs. */
  cacheDir: string;
  timeoutMs: number;
  now: () => Date;
  log: (line: string) => void;
  /** Only these folders or source ids (all when empty). */
  only?: string[];
  /** The source registry (tests pass their own). */
  sources?: typeof SOURCE_ENTRIES;
}

export type FolderOutcome = "updated" | "unchanged" | "failed" | "no-origin";

export interface FolderResult {
  folder: string;
  outcome: FolderOutcome;
  message: string;
}

/** One entry per folder: the origins of the sources that live in it. */
function foldersOf(sources: typeof SOURCE_ENTRIES): Map<string, { ids: string[]; origins: Origin[] }> {
  const folders = new Map<string, { ids: string[]; origins: Origin[] }>();
  for (const [id, entry] of Object.entries(sources)) {
    const folder = folders.get(entry.dir) ?? { ids: [], origins: [] };
    folder.ids.push(id);
    folder.origins.push(...entry.origin);
    folders.set(entry.dir, folder);
  }
  return folders;
}

const originUrl = (o: Origin) => ("git" in o ? o.git : o.http);
const short = (commit: string | null) => (commit ? commit.slice(0, 7) : "no commit");

/** Copies `from` (a file or folder, "." = the folder's contents) over `to`, replacing what stood there. */
function place(from: string, to: string): void {
  if (!existsSync(from)) throw new Error(`${from} is missing from what was fetched`);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

async function syncFolder(
  opts: SyncOptions,
  folder: string,
  origins: Origin[],
  previous: FolderState | undefined,
): Promise<{ state: FolderState; outcome: "updated" | "unchanged" }> {
  const live = join(opts.upstreamDir, folder);
  const work = mkdtempSync(join(opts.upstreamDir, `.sync-${folder}-`));
  try {
    const fetched = join(work, "fetched");
    const next = join(work, "next");
    mkdirSync(fetched);
    if (existsSync(live)) cpSync(live, next, { recursive: true });
    else mkdirSync(next);
    const states: OriginState[] = [];
    let changed = !existsSync(live);
    let dataDate = previous?.data_date ?? "";
    for (const [i, origin] of origins.entries()) {
      const url = originUrl(origin);
      const before = previous?.origins.find((o) => o.url === url);
      const into = join(fetched, String(i));
      mkdirSync(into);
      if ("git" in origin) {
        const { commit, date } = await fetchGit(opts.cacheDir, url, origin.ref, opts.timeoutMs);
        states.push({ url, commit, etag: null, last_modified: null });
        if (commit === before?.commit && existsSync(live)) continue;
        await extractGit(opts.cacheDir, url, commit, Object.keys(origin.paths), into, opts.timeoutMs);
        for (const [from, to] of Object.entries(origin.paths)) {
          if (to === ".")
            for (const name of readdirSync(join(into, from))) place(join(into, from, name), join(next, name));
          else place(join(into, from), join(next, to));
        }
        changed = true;
        // biome-ignore lint/complexity/useMathMinMax: ISO date strings, compared as text
        dataDate = date > dataDate ? date : dataDate;
      } else {
        const result = await fetchHttp(url, join(into, "file"), before, opts.timeoutMs, opts.now());
        if (!result.changed) {
          if (before) states.push(before);
          continue;
        }
        states.push({ url, commit: null, etag: result.etag, last_modified: result.lastModified });
        place(join(into, "file"), join(next, origin.to));
        changed = true;
        // biome-ignore lint/complexity/useMathMinMax: ISO date strings, compared as text
        dataDate = result.date > dataDate ? result.date : dataDate;
      }
    }
    if (changed) {
      const old = join(work, "old");
      if (existsSync(live)) renameSync(live, old);
      renameSync(next, live);
    }
    const at = opts.now().toISOString();
    const commit = states.find((s) => s.commit)?.commit ?? null;
    return {
      outcome: changed ? "updated" : "unchanged",
      state: {
        data_date: dataDate || at.slice(0, 10),
        commit,
        fetched_at: at,
        origins: states,
        error: null,
        attempted_at: at,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function syncUpstream(opts: SyncOptions): Promise<FolderResult[]> {
  const sources = opts.sources ?? SOURCE_ENTRIES;
  const folders = foldersOf(sources);
  const known = new Set([...folders.keys(), ...Object.keys(sources)]);
  const unknown = (opts.only ?? []).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown source or folder: ${unknown.join(", ")} (known: ${[...known].sort().join(", ")})`,
    );
  }
  // A first install has no upstream folder yet: every source is fetched into a new one.
  mkdirSync(opts.upstreamDir, { recursive: true });
  const state = readSyncState(opts.upstreamDir);
  // The service's own folder, by default under STATE_DIR: created (with STATE_DIR if missing) and kept 0700.
  ensurePrivateDirectory(opts.cacheDir);
  const results: FolderResult[] = [];
  for (const [folder, { ids, origins }] of folders) {
    if (opts.only?.length && !opts.only.some((o) => o === folder || ids.includes(o))) continue;
    const previous = state.folders[folder];
    if (origins.length === 0) {
      results.push({
        folder,
        outcome: "no-origin",
        message: `${folder}: no origin to follow; kept as it is`,
      });
      continue;
    }
    try {
      const { state: next, outcome } = await syncFolder(opts, folder, origins, previous);
      state.folders[folder] = next;
      const what = `${short(next.commit)}, data of ${next.data_date}`;
      results.push({
        folder,
        outcome,
        message:
          outcome === "updated"
            ? `${folder}: updated${previous?.commit && previous.commit !== next.commit ? ` from ${short(previous.commit)}` : ""} (${what})`
            : `${folder}: up to date (${what})`,
      });
    } catch (err) {
      const message = (err as Error).message;
      const at = opts.now().toISOString();
      // A folder never synced gets a record too, so its last error is on file.
      const never = { data_date: null, commit: null, fetched_at: null, origins: [] };
      state.folders[folder] = { ...(previous ?? never), error: message, attempted_at: at };
      const kept = previous?.fetched_at
        ? `${short(previous.commit)}, fetched ${previous.fetched_at.slice(0, 10)}`
        : "the copy shipped in UPSTREAM_DIR";
      results.push({
        folder,
        outcome: "failed",
        message: `${folder}: sync FAILED (${message}); keeping the last good copy (${kept})`,
      });
    }
    try {
      writeSyncState(opts.upstreamDir, state);
    } catch (err) {
      opts.log(`✗ cannot record the sync state in ${opts.upstreamDir}: ${(err as Error).message}`);
    }
    opts.log(`${results.at(-1)?.outcome === "failed" ? "✗" : "✓"} ${results.at(-1)?.message}`);
  }
  return results;
}
