/**
 * `npm start` as a new user runs it: builds the missing snapshot and site, serves them, on the next start
 * builds nothing that is still fresh, and rebuilds both when started on another port (another base URL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../bench/processes.ts";

const ROOT = join(import.meta.dirname, "../..");
// Inside the project: Astro keeps its intermediate files next to an output folder outside the project root,
// where parallel site builds of other tests could meet them.
mkdirSync(join(ROOT, "test-results"), { recursive: true });
const work = mkdtempSync(join(ROOT, "test-results", "start-"));
const env = {
  ...process.env,
  HOST: "127.0.0.1",
  UPSTREAM_DIR: join(ROOT, "test/fixtures/upstream"),
  SNAPSHOTS_DIR: join(work, "snapshots"),
  SITE_DIR: join(work, "dist"),
  STATE_DIR: join(work, "var"),
  LOG_LEVEL: "warn",
};

/** Starts `scripts/start.ts` on `port`; resolves with its output so far and the port once it serves. */
function start(port: number): Promise<{ child: ChildProcess; output: () => string; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
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
  let firstPort: number;
  beforeAll(async () => {
    firstPort = await freePort();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("builds what is missing, then serves pages, API and snapshot files on one port", async () => {
    const { child, output, port } = await start(firstPort);
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
    const { child, output } = await start(firstPort);
    await stop(child);
    expect(output()).not.toContain("▶ snapshot");
    expect(output()).not.toContain("▶ site");
  });

  it("rebuilds snapshot and site on another port: no absolute link names the first port", async () => {
    let secondPort = await freePort();
    while (secondPort === firstPort) secondPort = await freePort();
    const { child, output, port } = await start(secondPort);
    try {
      expect(output()).toContain(`▶ snapshot (snapshot was built for http://localhost:${firstPort})`);
      expect(output()).toMatch(
        /▶ site \(site was built (from another snapshot|for http:\/\/localhost:\d+)\)/,
      );
      const base = `http://127.0.0.1:${port}`;
      const search = await (await fetch(`${base}/api/conferences?per_page=1`)).json();
      const venuePage = new URL(search.data.conferences[0].detail_page);
      expect(venuePage.origin).toBe(`http://localhost:${secondPort}`);
      const paths = [
        "/.well-known/api-catalog",
        "/sitemap.xml",
        "/feeds/deadlines.xml",
        `${venuePage.pathname}.md`,
        "/snapshots/latest/conferences.json",
        "/snapshots/latest/changes.atom",
        "/snapshots/latest/datapackage.json",
      ];
      for (const path of paths) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBe(200);
        const text = await res.text();
        expect(text, path).not.toMatch(new RegExp(`localhost:${firstPort}(?!\\d)`));
        expect(text, path).toContain(`http://localhost:${secondPort}`);
      }
    } finally {
      await stop(child);
    }
  });
});
