/**
 * `npm start` on a first install: when folders of the upstream data are missing (a fresh machine has no
 * UPSTREAM_DIR at all), it fetches them with `npm run sync` before building, saying so; when they are still missing
 * afterwards (no network, an origin down), it names each one with the reason and how to provide it, and exits 1.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { readSyncSettings, type SyncSettings } from "../pipeline/settings.ts";
import { readSyncState } from "../pipeline/sync/state.ts";
import type { Env } from "../runtime/env.ts";

const ROOT = resolve(import.meta.dirname, "..");

function missingFolders(settings: SyncSettings): string[] {
  const dirs = new Set(Object.values(settings.sources).map((source) => source.dir));
  return [...dirs].filter((dir) => !existsSync(join(settings.upstreamDir, dir))).sort();
}

function runSync(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/sync.ts")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    child.on("error", fail);
    // A failed folder is reported below with the others; exit 1 alone is not the end of the start.
    child.on("exit", () => done());
  });
}

/** Resolves once every upstream folder is there; exits 1 with instructions when the sync could not bring them. */
export async function syncMissingUpstream(env: Env): Promise<void> {
  if (env.ROLE?.trim() === "server") return;
  let settings: SyncSettings;
  try {
    settings = readSyncSettings(env);
  } catch {
    return; // a bad setting: `npm start` names it with the others next
  }
  const missing = missingFolders(settings);
  if (missing.length === 0) return;
  console.log(
    `No upstream data yet in ${settings.upstreamDir} (missing: ${missing.join(", ")}): ` +
      "fetching every source from its origin first (npm run sync) …",
  );
  await runSync();
  const still = missingFolders(settings);
  if (still.length === 0) return;
  const errors = readSyncState(settings.upstreamDir).folders;
  const lines = still.map((dir) => `  ${dir}: ${errors[dir]?.error ?? "not fetched"}`);
  console.error(
    [
      `Cannot start: the upstream data the build needs is missing from UPSTREAM_DIR (${settings.upstreamDir}):`,
      ...lines,
      "Provide it, then start again: run `npm run sync` once these origins can be reached (pipeline/sources/sources.yaml,",
      "or a mirror named by SYNC_SOURCES_FILE), or copy those folders into that folder from a machine that has them,",
      "or set UPSTREAM_DIR to a folder that holds them (docs/install.md).",
    ].join("\n"),
  );
  process.exit(1);
}
