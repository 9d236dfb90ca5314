/**
 * `npm start` stopped as a supervisor stops it (docker stop, systemd, `kill $PID`): SIGTERM or SIGINT to npm's own
 * PID stops the server, or the build running, and leaves no process of its group behind. Its output is JSON lines
 * only (a build's own output goes to a file of its own, STATE_DIR/logs/).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitUntil } from "../helpers/eventually.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { servedFixture } from "../helpers/served-fixture.ts";

/** Processes whose process group is `pgid` (Linux /proc). */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of stat is the process group; the command name (field 2) may hold spaces, so split after it.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") members.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/** `npm start` as a group leader of its own (so the group is exactly what it started). */
function npmStart(env: Record<string, string>) {
  const child = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, output: () => out, exited };
}

/** Sends `signal` to npm's PID only, then expects its whole group gone within 10 s. */
async function stopAndExpectNoOrphan(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const pgid = child.pid ?? 0;
  expect(groupMembers(pgid).length).toBeGreaterThan(1);
  child.kill(signal);
  try {
    await waitUntil("the group's processes gone", () => groupMembers(pgid).length === 0, 10_000);
  } finally {
    // Whatever is left is ours: stopped so it cannot outlive the test.
    for (const pid of groupMembers(pgid)) process.kill(pid, "SIGKILL");
  }
}

describe("npm start and stop signals", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const clean of cleanups) await clean();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`serving (ROLE=server): ${signal} to npm's PID stops the server, nothing left`, async () => {
      const fixture = await servedFixture({ "index.html": "<!doctype html><title>Venues</title>" });
      const state = await mkdtemp(join(tmpdir(), "vd-signals-"));
      cleanups.push(
        () => fixture.remove(),
        () => rm(state, { recursive: true, force: true }),
      );
      const run = npmStart({ ...fixture.env, ROLE: "server", STATE_DIR: state });
      await waitUntil("serving", () => /bound to port \d+/.test(run.output()), 60_000);
      await stopAndExpectNoOrphan(run.child, signal);
      await run.exited;
      // Every line it wrote is JSON (jq reads it whole).
      for (const line of run
        .output()
        .split("\n")
        .filter((l) => l.trim() !== "")) {
        expect(() => JSON.parse(line), line).not.toThrow();
      }
    }, 90_000);
  }

  it("building (ROLE=builder): SIGTERM to npm's PID stops the build too, nothing left", async () => {
    const work = await mkdtemp(join(tmpdir(), "vd-signals-build-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const run = npmStart({
      ROLE: "builder",
      PUBLIC_BASE_URL: "https://venues.test",
      NIGHTLY_SYNC: "false",
      UPSTREAM_DIR: join(REPO_ROOT, "test/fixtures/upstream"),
      SNAPSHOTS_DIR: join(work, "snapshots"),
      SITE_DIR: join(work, "dist"),
      STATE_DIR: join(work, "var"),
    });
    await waitUntil("the snapshot build started", () => /▶ snapshot/.test(run.output()), 60_000);
    // The build's output is in a file of its own, not in npm start's.
    const started = JSON.parse(
      run
        .output()
        .split("\n")
        .find((l) => l.includes("▶ snapshot")) ?? "{}",
    );
    expect(started.output).toMatch(/\/var\/logs\/snapshot-.*\.log$/);
    await stopAndExpectNoOrphan(run.child, "SIGTERM");
    await run.exited;
  }, 90_000);
});
