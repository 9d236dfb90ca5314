/**
 * Builds the real site (astro build, as `npm run site` does) against a snapshot written for a test. The output
 * goes under test-results/ inside the project: Astro keeps its intermediate files next to an output folder
 * inside the working directory, so two test files can build at the same time without sharing them.
 */
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import { type RunningServer, type ServerOverrides, startServer } from "../../functions/app.ts";
import { loadConfig } from "../../functions/server-config.ts";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { writeSnapshot } from "../../pipeline/write/write.ts";
import { fakeAccess } from "../functions/api/harness.ts";
import { forFile } from "../helpers/for-file.ts";
import { buildQuietly, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";
import { BASE_URL, BUILD_NOW } from "./fixture.ts";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export interface BuiltSite {
  /** Work folder of this build (snapshots and dist inside). */
  root: string;
  snapshotsDir: string;
  dist: string;
  /** Wall-clock seconds of `astro build`. */
  seconds: number;
}

/** Runs `astro build` with the given environment; rejects with the tail of its output on failure. */
export function astroBuild(outDir: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", outDir],
      { cwd: PROJECT_ROOT, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ...env }, stdio: "pipe" },
    );
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", fail);
    child.on("close", (code) => {
      if (code === 0) done((performance.now() - started) / 1000);
      else fail(new Error(`astro build exited with ${code}:\n${output}`));
    });
  });
}

/** A fresh work folder under test-results/ for this process. */
export async function workDir(label: string): Promise<string> {
  const root = join(PROJECT_ROOT, "test-results", `site-${label}-${process.pid}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  return root;
}

/** A site built in a fresh work folder `label` from the snapshot `write` puts in its snapshots folder. */
async function buildSiteOver(
  label: string,
  write: (snapshotsDir: string) => Promise<unknown>,
  env: { BUILD_NOW?: string; PUBLIC_BASE_URL: string },
): Promise<BuiltSite> {
  const root = await workDir(label);
  const snapshotsDir = join(root, "snapshots");
  const dist = join(root, "dist");
  await write(snapshotsDir);
  const seconds = await astroBuild(dist, { ...env, SNAPSHOTS_DIR: snapshotsDir });
  return { root, snapshotsDir, dist, seconds };
}

/** Writes the snapshot and builds the site from it. */
export function buildSite(
  label: string,
  content: SnapshotContent,
  env: { BUILD_NOW: string; PUBLIC_BASE_URL: string },
): Promise<BuiltSite> {
  return buildSiteOver(label, (snapshotsDir) => writeSnapshot(snapshotsDir, content), env);
}

/** A site built from the real upstream data, and the dated snapshot it was built from. */
export interface RealSite extends BuiltSite {
  snapshotDir: string;
}

/**
 * The real upstream data built by the pipeline, on the clock `BUILD_NOW` when given (else now), and the site built
 * from it. The caller removes `root`.
 */
export async function buildRealSite(
  label: string,
  env: { BUILD_NOW?: string; PUBLIC_BASE_URL: string },
): Promise<RealSite> {
  const now = env.BUILD_NOW === undefined ? undefined : new Date(env.BUILD_NOW);
  let snapshotDir = "";
  const site = await buildSiteOver(
    label,
    async (snapshotsDir) => {
      ({ dir: snapshotDir } = await buildQuietly(REAL_UPSTREAM, snapshotsDir, env.PUBLIC_BASE_URL, now));
    },
    env,
  );
  return { ...site, snapshotDir };
}

/** A built site and its snapshot served by the real server on a free port; `env` adds or overrides settings. */
export function serveSite(
  site: BuiltSite,
  publicBaseUrl: string,
  env: Record<string, string> = {},
  overrides?: ServerOverrides,
): Promise<RunningServer> {
  return startServer(
    loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      SNAPSHOTS_DIR: site.snapshotsDir,
      SITE_DIR: site.dist,
      PUBLIC_BASE_URL: publicBaseUrl,
      SNAPSHOT_POLL_MS: "0",
      LOG_LEVEL: "silent",
      ...env,
    }),
    overrides,
  );
}

export interface ServedSite {
  site: BuiltSite;
  server: RunningServer;
}

/** How servedSiteForFile runs the server over the built site. */
export interface SiteServing {
  /** Settings beside the defaults of serveSite, given the built site. */
  env?: (site: BuiltSite) => Record<string, string>;
  overrides?: ServerOverrides;
  /** Watchlists in a real SQLite store in the site's work folder. */
  watchlistStore?: boolean;
}

/**
 * The site built from `content` (at BUILD_NOW for BASE_URL, in work folder `label`) and served by the real server
 * for the tests of the file or describe block this is called in; closed and removed after them.
 */
export function servedSiteForFile(
  label: string,
  content: SnapshotContent,
  serving: SiteServing = {},
): () => ServedSite {
  return forFile(
    async () => {
      const site = await buildSite(label, content, { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL });
      const store = serving.watchlistStore ? await SqliteStore.open({ dir: join(site.root, "state") }) : null;
      const overrides = store ? { ...serving.overrides, watchlistStore: store } : serving.overrides;
      const server = await serveSite(site, BASE_URL, serving.env?.(site) ?? {}, overrides);
      const close = async () => {
        await server.close();
        await store?.close();
        await rm(site.root, { recursive: true, force: true });
      };
      return { site, server, close };
    },
    (served) => served.close(),
  );
}

/** Serving for tests that read details as the access double's one account, on the build clock, unmetered. */
export function asAccountHolder(): SiteServing {
  return {
    env: (site) => ({
      STATE_DIR: join(site.root, "state"),
      ANON_DAILY_QUOTA: "100000",
      RATE_LIMIT_PER_SECOND: "0",
    }),
    // Venue details are for account holders: the access double knows one account.
    overrides: { clock: () => new Date(BUILD_NOW), access: fakeAccess(100_000, 100_000) },
  };
}
