/**
 * Several instances on one machine, as docs/operations.md sets them up: builds of one snapshots folder never run
 * at once (the build lock), servers started with ROLE=server build nothing and follow what a build publishes without
 * a restart, and the per-second limit holds across servers that share Redis.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const ROOT = join(import.meta.dirname, "../..");
const UPSTREAM = join(ROOT, "test/fixtures/upstream");
const tempDir = tempDirsForFile("vd-roles-");

interface Run {
  child: ChildProcess;
  output: () => string;
  /** When each line matching a pattern first appeared (ms since the epoch). */
  seen: Map<string, number>;
  exited: Promise<number | null>;
}

function start(script: string, env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  let output = "";
  const seen = new Map<string, number>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const mark of ["Building snapshot", "Snapshot /"])
      if (!seen.has(mark) && output.includes(mark)) seen.set(mark, Date.now());
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, output: () => output, seen, exited };
}

const build = (snapshotsDir: string, day: string) =>
  start("scripts/snapshot.ts", {
    UPSTREAM_DIR: UPSTREAM,
    SNAPSHOTS_DIR: snapshotsDir,
    BUILD_NOW: `${day}T06:00:00Z`,
  });

describe("the build lock", () => {
  it("two builds of one folder started together run one after the other, both complete", async () => {
    const snapshotsDir = tempDir("lock");
    const [a, b] = [build(snapshotsDir, "2026-11-20"), build(snapshotsDir, "2026-11-20")];
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    const [first, second] = [a, b].sort(
      (x, y) => (x.seen.get("Building snapshot") ?? 0) - (y.seen.get("Building snapshot") ?? 0),
    );
    // The second began building only after the first had finished.
    expect(second?.seen.get("Building snapshot")).toBeGreaterThanOrEqual(
      first?.seen.get("Snapshot /") ?? Infinity,
    );
  }, 120_000);
});

describe("ROLE=builder", () => {
  it("builds what is stale under the lock, then waits for the nightly build without serving", async () => {
    const snapshotsDir = tempDir("builder");
    // A snapshot of an earlier day: stale, so the builder rebuilds it, then builds the site from it.
    expect(await build(snapshotsDir, "2026-11-20").exited).toBe(0);
    const site = join(tempDir("builder-site"), "dist");
    const builder = start("scripts/start.ts", {
      ROLE: "builder",
      PUBLIC_BASE_URL: "https://venues.test",
      UPSTREAM_DIR: UPSTREAM,
      SNAPSHOTS_DIR: snapshotsDir,
      SITE_DIR: site,
      STATE_DIR: tempDir("builder-state"),
    });
    try {
      await expect
        .poll(builder.output, { timeout: 30_000 })
        .toContain("Venue Directory builder: nightly sync and build");
      expect(builder.output()).not.toContain("bound to port");
      expect(builder.child.exitCode).toBeNull();
    } finally {
      builder.child.kill("SIGTERM");
      await builder.exited;
    }
  }, 120_000);
});

describe.skipIf(skipRedis)("two servers and a builder on one machine, sharing Redis", () => {
  let redis: RedisServer;
  const servers: Run[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.child.kill("SIGTERM");
      await s.exited;
    }
    await redis?.stop();
  });

  it("servers follow each build without a restart, and the per-second limit holds across both", async () => {
    redis = await startRedis();
    const snapshotsDir = tempDir("shared");
    expect(await build(snapshotsDir, "2026-11-20").exited).toBe(0);
    const site = tempDir("site");
    for (const name of ["a", "b"]) {
      servers.push(
        start("scripts/start.ts", {
          ROLE: "server",
          PORT: "0",
          HOST: "127.0.0.1",
          PUBLIC_BASE_URL: "https://venues.test",
          SNAPSHOTS_DIR: snapshotsDir,
          SITE_DIR: site,
          STATE_DIR: tempDir(`state-${name}`),
          REDIS_URL: redis.url,
          REDIS_PREFIX: "roles:",
          SNAPSHOT_POLL_MS: "300",
          TRUST_PROXY: "1",
          RATE_LIMIT_PER_SECOND: "1",
          RATE_LIMIT_BURST: "4",
          READY_MAX_SNAPSHOT_AGE_HOURS: "0",
        }),
      );
    }
    const urls = await Promise.all(
      servers.map(async (s) => {
        await expect
          .poll(() => /bound to port (\d+)/.exec(s.output())?.[1], { timeout: 30_000 })
          .toBeTruthy();
        return `http://127.0.0.1:${/bound to port (\d+)/.exec(s.output())?.[1]}`;
      }),
    );
    expect(servers.map((s) => s.output())).not.toContain("▶ snapshot");
    const served = (url: string, ip: string) =>
      fetch(`${url}/readyz`, { headers: { "x-forwarded-for": ip } }).then(
        async (r) => (await r.json()).snapshot?.date,
      );
    expect(await Promise.all(urls.map((u, i) => served(u, `10.0.0.${i + 1}`)))).toEqual([
      "2026-11-20",
      "2026-11-20",
    ]);

    // A build (what the builder runs every night) publishes a new snapshot; both servers switch to it.
    expect(await build(snapshotsDir, "2026-11-21").exited).toBe(0);
    let probe = 10;
    for (const url of urls) {
      await expect.poll(() => served(url, `10.0.1.${probe++}`), { timeout: 20_000 }).toBe("2026-11-21");
    }

    // Six requests from one address within a second, three to each server: the shared bucket admits four (five if
    // a token refills meanwhile); buckets per process would have admitted all six.
    const statuses = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((i) =>
        fetch(`${urls[i]}/healthz`, { headers: { "x-forwarded-for": "203.0.113.77" } }).then((r) => r.status),
      ),
    );
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(4);
    expect(admitted).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBe(6 - admitted);
  }, 180_000);
});
