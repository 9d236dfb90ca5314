/**
 * Builds the real site (astro build, as `npm run site` does) against a snapshot written for a test. The output
 * goes under test-results/ inside the project: Astro keeps its intermediate files next to an output folder
 * inside the working directory, so two test files can build at the same time without sharing them.
 */
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type RunningServer, type ServerOverrides, startServer } from "../../functions/app.ts";
import { loadConfig } from "../../functions/server-config.ts";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { writeSnapshot } from "../../pipeline/write/write.ts";

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

/** Writes the snapshot and builds the site from it. */
export async function buildSite(
  label: string,
  content: SnapshotContent,
  env: { BUILD_NOW: string; PUBLIC_BASE_URL: string },
): Promise<BuiltSite> {
  const root = await workDir(label);
  const snapshotsDir = join(root, "snapshots");
  const dist = join(root, "dist");
  await writeSnapshot(snapshotsDir, content);
  const seconds = await astroBuild(dist, { ...env, SNAPSHOTS_DIR: snapshotsDir });
  return { root, snapshotsDir, dist, seconds };
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
