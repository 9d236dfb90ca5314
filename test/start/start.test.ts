/**
 * `npm start` as a new user runs it: builds the missing snapshot and site, serves them, and on the next start
 * builds nothing that is still fresh.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
// Inside the project: Astro keeps its intermediate files next to an output folder outside the project root,
// where parallel site builds of other tests could meet them.
mkdirSync(join(ROOT, "test-results"), { recursive: true });
const work = mkdtempSync(join(ROOT, "test-results", "start-"));
const env = {
  ...process.env,
  PORT: "0",
  PUBLIC_BASE_URL: "https://venues.test",
  HOST: "127.0.0.1",
  UPSTREAM_DIR: join(ROOT, "test/fixtures/upstream"),
  SNAPSHOTS_DIR: join(work, "snapshots"),
  SITE_DIR: join(work, "dist"),
  STATE_DIR: join(work, "var"),
  LOG_LEVEL: "warn",
};

/** Starts `scripts/start.ts`; resolves with its output so far and the port once it serves. */
function start(): Promise<{ child: ChildProcess; output: () => string; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env,
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const bound = output.match(/bound to port (\d+)/);
      if (bound) resolve({ child, output: () => output, port: Number(bound[1]) });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`start exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

describe("npm start", () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("builds what is missing, then serves pages, API and snapshot files on one port", async () => {
    const { child, output, port } = await start();
    try {
      expect(output()).toContain("▶ snapshot (no snapshot yet)");
      expect(output()).toContain("▶ site (no site yet)");
      expect(existsSync(join(work, "dist/index.html"))).toBe(true);
      const base = `http://127.0.0.1:${port}`;
      const stats = await (await fetch(`${base}/api/statistics`)).json();
      expect(stats.code).toBe(200);
      expect(stats.data.conferences_total).toBeGreaterThan(0);
      expect((await fetch(`${base}/`)).headers.get("content-type")).toContain("text/html");
      expect((await fetch(`${base}/snapshots/latest/manifest.json`)).status).toBe(200);
    } finally {
      await stop(child);
    }
  });

  it("builds nothing on the next start when snapshot and site are fresh", async () => {
    const { child, output } = await start();
    await stop(child);
    expect(output()).not.toContain("▶ snapshot");
    expect(output()).not.toContain("▶ site");
  });
});
