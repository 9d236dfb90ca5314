/**
 * `npm start` on a first install: when folders of the upstream data are missing (a fresh machine has no
 * UPSTREAM_DIR at all), it fetches them with `npm run sync` before building, saying so; when they are still missing
 * afterwards (no network, an origin down), it names each one with the reason and how to provide it, and exits 1.
 * Every line JSON, like the rest of `npm start`'s output: the sync's own lines (what `npm run sync` prints by hand)
 * go to its output file in `$STATE_DIR/logs/`, as a build's do (logged-step.ts).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { stateDirOf } from "../accounts/store/index.ts";
import { readSyncSettings, type SyncSettings } from "../pipeline/settings.ts";
import { readSyncState } from "../pipeline/sync/state.ts";
import type { Env } from "../runtime/env.ts";
import { createLineLogger } from "../runtime/logger.ts";
import { type LoggedStep, runLoggedStep } from "./logged-step.ts";

const ROOT = resolve(import.meta.dirname, "..");

function missingFolders(settings: SyncSettings): string[] {
  const dirs = new Set(Object.values(settings.sources).map((source) => source.dir));
  return [...dirs].filter((dir) => !existsSync(join(settings.upstreamDir, dir))).sort();
}

/**
 * Resolves once every upstream folder is there; exits 1 with instructions when the sync could not bring them.
 * `stop` lets `npm start` pass a stop signal on to the sync's child process (logged-step.ts).
 */
export async function syncMissingUpstream(
  env: Env,
  stop: Pick<LoggedStep, "watch" | "stopping"> = {},
): Promise<void> {
  if (env.ROLE?.trim() === "server") return;
  let settings: SyncSettings;
  try {
    settings = readSyncSettings(env);
  } catch {
    return; // a bad setting: `npm start` names it with the others next
  }
  const missing = missingFolders(settings);
  if (missing.length === 0) return;
  // Whatever LOG_LEVEL, as start.ts's own lines: a first start says what it is doing.
  const log = createLineLogger("info");
  const { upstreamDir } = settings;
  log.info(
    { upstream_dir: upstreamDir, missing },
    `No upstream data yet in ${upstreamDir} (missing: ${missing.join(", ")}): ` +
      "fetching every source from its origin first (npm run sync) …",
  );
  await runLoggedStep({
    label: "sync (first install)",
    args: ["--import", "tsx", join(ROOT, "scripts/sync.ts")],
    cwd: ROOT,
    env: process.env,
    logsDir: join(stateDirOf(env), "logs"),
    log,
    ...stop,
  }).catch(() => {
    // Logged by the step; the folders it could not bring are named below, with the others.
  });
  const still = missingFolders(settings);
  if (still.length === 0) return;
  const errors = readSyncState(upstreamDir).folders;
  const reasons = Object.fromEntries(still.map((dir) => [dir, errors[dir]?.error ?? "not fetched"]));
  log.fatal(
    { upstream_dir: upstreamDir, missing: reasons },
    [
      `Cannot start: the upstream data the build needs is missing from UPSTREAM_DIR (${upstreamDir}):`,
      `${still.map((dir) => `${dir}: ${reasons[dir]}`).join("; ")}.`,
      "Provide it, then start again: run `npm run sync` once these origins can be reached (pipeline/sources/sources.yaml,",
      "or a mirror named by SYNC_SOURCES_FILE), or copy those folders into that folder from a machine that has them,",
      "or set UPSTREAM_DIR to a folder that holds them (docs/install.md).",
    ].join(" "),
  );
  process.exit(1);
}
