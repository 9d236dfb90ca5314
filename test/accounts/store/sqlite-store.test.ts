/** What only the embedded store must show: sharing one file between processes, and how openStore chooses. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../../accounts/store/index.ts";
import { SqliteStore, STATE_FILE_NAME } from "../../../accounts/store/sqlite-store.ts";
import { StoreUnavailable } from "../../../accounts/store/types.ts";
import { skipRedis, startRedis } from "../../helpers/redis-server.ts";
import { runTs } from "../../helpers/run-ts.ts";

const worker = join(import.meta.dirname, "fixtures", "consume-worker.ts");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "vd-sqlite-store-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("SQLite store", () => {
  it("never admits past the limit when four processes consume from the same file at the same time", async () => {
    const dir = tempDir();
    await new SqliteStore({ dir }).close(); // create the schema once, as a server start would
    const startAt = String(Date.now() + 3000);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => runTs(worker, [dir, "ip:1.2.3.4:2025-03-10", "500", "150", startAt])),
    );
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const reports = runs.map(
      (r) => JSON.parse(r.stdout) as { allowed: number; startedAt: number; finishedAt: number },
    );
    // All four were running at one moment, so their writes really contended.
    expect(Math.max(...reports.map((r) => r.startedAt))).toBeLessThan(
      Math.min(...reports.map((r) => r.finishedAt)),
    );
    expect(reports.reduce((sum, r) => sum + r.allowed, 0)).toBe(500);
    const store = new SqliteStore({ dir });
    expect(await store.peek("ip:1.2.3.4:2025-03-10", 500)).toMatchObject({ used: 500, remaining: 0 });
    await store.close();
  });

  it("writes a WAL-mode database under the state directory", async () => {
    const dir = tempDir();
    const store = new SqliteStore({ dir: join(dir, "nested") });
    await store.consume("k", 1, 60);
    expect(existsSync(join(dir, "nested", STATE_FILE_NAME))).toBe(true);
    expect(existsSync(join(dir, "nested", `${STATE_FILE_NAME}-wal`))).toBe(true);
    await store.close();
  });

  it("runs off the main thread: a locked file fails calls with StoreUnavailable while the event loop keeps going", async () => {
    const dir = tempDir();
    const store = new SqliteStore({ dir, timeoutMs: 1500, busyTimeoutMs: 300 });
    await store.consume("k", 10, 60);
    const locker = new DatabaseSync(join(dir, STATE_FILE_NAME), { timeout: 0 });
    locker.exec("BEGIN EXCLUSIVE");
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 10);
    try {
      const started = performance.now();
      // A write meets the lock (busy), a read does not (WAL).
      await expect(store.consume("k", 10, 60)).rejects.toBeInstanceOf(StoreUnavailable);
      const ms = performance.now() - started;
      expect(ms).toBeLessThan(1500);
      expect(ticks).toBeGreaterThan(ms / 10 / 3); // the loop ran while the worker waited on the lock
      expect((await store.peek("k", 10)).used).toBe(1);
    } finally {
      clearInterval(ticker);
      locker.exec("ROLLBACK");
      locker.close();
    }
    expect((await store.consume("k", 10, 60)).used).toBe(2);
    await store.close();
    await expect(store.peek("k", 10)).rejects.toBeInstanceOf(StoreUnavailable);
  });
});

describe("openStore", () => {
  it("uses the file store under STATE_DIR when REDIS_URL is unset", async () => {
    const dir = tempDir();
    const store = await openStore({ STATE_DIR: dir, REDIS_URL: " " });
    expect(store.backend).toBe("file");
    expect(existsSync(join(dir, STATE_FILE_NAME))).toBe(true);
    await store.close();
  });

  it("fails clearly when STATE_DIR cannot be used", async () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "");
    await expect(openStore({ STATE_DIR: join(file, "state") })).rejects.toThrow(
      /cannot open the state store/,
    );
  });

  it("fails clearly when REDIS_URL points nowhere", async () => {
    await expect(openStore({ REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(/cannot connect to Redis/);
  });

  it.skipIf(skipRedis)("uses Redis when REDIS_URL is set", async () => {
    const redis = await startRedis();
    try {
      const store = await openStore({ REDIS_URL: redis.url, STATE_DIR: tempDir() });
      expect(store.backend).toBe("redis");
      expect((await store.consume("k", 2, 60)).used).toBe(1);
      await store.close();
    } finally {
      await redis.stop();
    }
  });
});
