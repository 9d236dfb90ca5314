/**
 * `npm start`: build the snapshot and the site when they are missing or stale, serve everything on one port,
 * and every night sync the upstream data (NIGHTLY_SYNC=false skips it) and rebuild both (the server follows
 * `snapshots/latest` without a restart). ROLE splits this for several instances: `builder` builds (at start and
 * nightly) and serves nothing, `server` serves what a builder publishes and builds nothing; the default `all` does
 * both on one machine. Every build holds the snapshots folder's build lock (pipeline/build-lock.ts).
 *
 * Stale means: the snapshot is from an earlier UTC day, older than an upstream file, or built for another base URL
 * (its manifest's `base_url`); the site was built from another snapshot version than `latest` or for another
 * base URL (both recorded beside the site). Absolute links (detail_page, feeds, sitemap, API catalog) so always
 * name the base URL about to be served, after a change of PORT or PUBLIC_BASE_URL too. Builds run as child
 * processes so their progress shows as it happens.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { stateDirOf } from "../accounts/store/index.ts";
import { withBuildLock } from "../pipeline/build-lock.ts";
import { BUILD_NODE_ARGS } from "../pipeline/node-args.ts";
import { publicBaseUrl } from "../runtime/base-url.ts";
import { recordBuildStep } from "../runtime/build-status.ts";
import { createLineLogger } from "../runtime/logger.ts";
import { syncMissingUpstream } from "./first-sync.ts";
import { runLoggedStep } from "./logged-step.ts";
import { readStartSettings, type StartSettings } from "./start-settings.ts";

/** The build running now (a child process), to pass a stop signal on to. */
let building: ChildProcess | undefined;
/** Set once serve.ts runs: its own SIGTERM/SIGINT handlers close the server and exit. */
let serving = false;
let stopping = false;

/**
 * SIGTERM / SIGINT (docker stop, systemd, kill, Ctrl-C): passed on to a running build (a first install's sync too),
 * and without a server this process exits once the build has (so no build outlives `npm start`); with a server,
 * serve.ts closes it and exits.
 */
function stopOnSignal(signal: NodeJS.Signals): void {
  stopping = true;
  const child = building;
  // The step runs in its own process group (logged-step.ts): the signal reaches its children too (a sync's git).
  if (child?.pid !== undefined) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  }
  if (serving) return;
  if (!child) process.exit(0);
  child.once("exit", () => process.exit(0));
}
process.on("SIGTERM", stopOnSignal);
process.on("SIGINT", stopOnSignal);

// A first install has no upstream data: fetch it before the settings check, which needs UPSTREAM_DIR to exist.
await syncMissingUpstream(process.env, {
  watch: (child) => {
    building = child;
  },
  stopping: () => stopping,
});
let settings: StartSettings;
try {
  settings = readStartSettings(process.env);
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(2);
}
// Every line JSON: the builds' own output goes to files of their own (build-output.ts).
// Whatever LOG_LEVEL: a handful of lines saying what is built, and why a start failed.
const log = createLineLogger("info");
const logsDir = join(stateDirOf(process.env), "logs");
const root = resolve(import.meta.dirname, "..");
const upstreamDir = settings.build?.upstreamDir ?? "";
const { snapshotsDir, siteDir } = settings;
// Beside the built site: the snapshot version and the base URL it was built from and for.
const VERSION_STAMP = ".snapshot-version";
const BASE_URL_STAMP = ".base-url";
// The snapshot's and the site's absolute links must name the port this server listens on.
const baseUrl = publicBaseUrl(process.env);
process.env.PUBLIC_BASE_URL = baseUrl;
// …and the server must serve the folders built here, wherever npm start was run from.
process.env.SNAPSHOTS_DIR = snapshotsDir;
process.env.SITE_DIR = siteDir;
// Minutes after UTC midnight for the nightly rebuild.
const NIGHTLY_MINUTE = 10;

interface ManifestHead {
  version: string;
  date: string;
  generated_at: string;
  base_url?: string;
}

function latestManifest(): ManifestHead | null {
  const file = join(snapshotsDir, "latest", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ManifestHead) : null;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Sync's cache, state and work folders are not data the build reads.
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function snapshotStaleness(): string | null {
  const manifest = latestManifest();
  if (!manifest) return "no snapshot yet";
  if (manifest.date < new Date().toISOString().slice(0, 10)) return `snapshot is from ${manifest.date}`;
  if (existsSync(upstreamDir) && newestMtime(upstreamDir) > Date.parse(manifest.generated_at)) {
    return "upstream data changed since the last build";
  }
  if (manifest.base_url !== baseUrl)
    return `snapshot was built for ${manifest.base_url ?? "another base URL"}`;
  return null;
}

/** What the served site records beside itself under `name`; "" when nothing. */
function siteStamp(name: string): string {
  const file = join(siteDir, name);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : "";
}

function siteStaleness(): string | null {
  const manifest = latestManifest();
  if (!existsSync(join(siteDir, "index.html"))) return "no site yet";
  if (manifest && siteStamp(VERSION_STAMP) !== manifest.version)
    return "site was built from another snapshot";
  const builtFor = siteStamp(BASE_URL_STAMP);
  return builtFor === baseUrl ? null : `site was built for ${builtFor || "another base URL"}`;
}

/** Runs one build step as a child process; its output goes to a log file of its own (logged-step.ts). */
const run = (label: string, args: string[]): Promise<void> =>
  runLoggedStep({
    label,
    args,
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
    logsDir,
    log,
    watch: (child) => {
      building = child;
    },
    stopping: () => stopping,
  });

const tsx = (script: string) => ["--import", "tsx", join(root, script)];

async function buildIfStale(force: boolean): Promise<void> {
  const snapshotWhy = force ? "nightly rebuild" : snapshotStaleness();
  if (snapshotWhy)
    await run(`snapshot (${snapshotWhy})`, [...BUILD_NODE_ARGS, ...tsx("scripts/snapshot.ts")]);
  const siteWhy = force ? "nightly rebuild" : siteStaleness();
  if (siteWhy) {
    // Built beside the served site and swapped in whole, so pages never go missing while the server runs.
    const next = `${siteDir}.next`;
    rmSync(next, { recursive: true, force: true });
    await run(`site (${siteWhy})`, [
      join(root, "node_modules/astro/bin/astro.mjs"),
      "build",
      "--outDir",
      next,
    ]);
    const manifest = latestManifest();
    if (manifest) writeFileSync(join(next, VERSION_STAMP), `${manifest.version}\n`);
    writeFileSync(join(next, BASE_URL_STAMP), `${baseUrl}\n`);
    const old = `${siteDir}.old`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(siteDir)) renameSync(siteDir, old);
    renameSync(next, siteDir);
    rmSync(old, { recursive: true, force: true });
  }
}

/**
 * Runs a sync or build (at start or nightly) and records how it ended and how long it took beside the snapshots,
 * where every server's /readyz and /metrics read it.
 */
async function recorded(step: "sync" | "build", work: () => Promise<void>): Promise<void> {
  const started = performance.now();
  const finished = () => ({
    at: new Date().toISOString(),
    duration_ms: Math.round(performance.now() - started),
  });
  try {
    await work();
    recordBuildStep(snapshotsDir, step, { outcome: "ok", ...finished() });
  } catch (err) {
    const message = (err as Error).message;
    recordBuildStep(snapshotsDir, step, { outcome: "failed", ...finished(), message });
    throw err;
  }
}

/** Brings the upstream copies up to date first; a failed sync never blocks the build from the last good copies. */
async function syncUpstream(): Promise<void> {
  if (!settings.nightlySync) return;
  await recorded("sync", () => run("sync", tsx("scripts/sync.ts"))).catch((err: Error) =>
    log.error({ err: err.message }, "sync failed: building from the last good upstream copies"),
  );
}

/**
 * Builds under the lock of the snapshots folder, so two processes never build into one folder; what is stale is
 * decided once the lock is held, so a second builder that waited finds the first one's build fresh and builds
 * nothing (a nightly build runs once).
 */
const underBuildLock = (work: () => Promise<void>) =>
  withBuildLock(snapshotsDir, work, { log: (line) => log.warn(line) });

/**
 * Queues the e-mail digests due from the snapshot just published (scripts/send-digests.ts). Safe to run again: each
 * message has its dedupeKey, so a second builder or a restart queues nothing twice. A failure never stops serving.
 */
async function queueDigests(): Promise<void> {
  if (!latestManifest()) return;
  await run("digests", tsx("scripts/send-digests.ts")).catch((err: Error) =>
    log.error({ err: err.message }, "queueing the digests failed; the next build tries again"),
  );
}

function scheduleNightly(): void {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, NIGHTLY_MINUTE);
  const timer = setTimeout(() => {
    underBuildLock(() => syncUpstream().then(() => recorded("build", () => buildIfStale(false))))
      .then(queueDigests)
      .catch((err: Error) =>
        log.error({ err: err.message }, "nightly rebuild failed; still serving the previous snapshot"),
      )
      .finally(scheduleNightly);
  }, next - now.getTime());
  // A builder has nothing else to keep it running; with a server, the server does.
  if (settings.role !== "builder") timer.unref();
}

async function firstBuild(): Promise<void> {
  try {
    // `npm start -- --force` rebuilds both whatever their age: after an upgrade that changes what a build writes.
    await underBuildLock(() => recorded("build", () => buildIfStale(process.argv.includes("--force"))));
  } catch (err) {
    if (!latestManifest()) {
      log.fatal({ err: (err as Error).message }, `Cannot start: ${(err as Error).message}`);
      process.exit(1);
    }
    log.error({ err: (err as Error).message }, "build failed; serving the previous build");
  }
  await queueDigests();
}

/** Hands over to the server (scripts/serve.ts), whose signal handlers stop it. */
async function serve(): Promise<void> {
  serving = true;
  await import("./serve.ts");
}

if (settings.role === "server") {
  await serve();
} else {
  await firstBuild();
  scheduleNightly();
  if (settings.role === "all") await serve();
  else
    log.info({ snapshotsDir }, `Venue Directory builder: nightly sync and build at 00:${NIGHTLY_MINUTE} UTC`);
}
