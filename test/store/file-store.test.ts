/** What only the embedded store must show: sharing one file between processes, and how openStore chooses. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileStore, STATE_FILE_NAME } from "../../functions/store/file-store.ts";
import { openStore } from "../../functions/store/index.ts";
import { redisAvailable, startRedis } from "./redis-server.ts";
import { runTs } from "./run-ts.ts";

const worker = join(import.meta.dirname, "fixtures", "consume-worker.ts");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "vd-file-store-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("file store", () => {
  it("never admits past the limit when four processes consume from the same file at the same time", async () => {
    const dir = tempDir();
    await new FileStore({ dir }).close(); // create the schema once, as a server start would
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
    const store = new FileStore({ dir });
    expect(await store.peek("ip:1.2.3.4:2025-03-10", 500)).toMatchObject({ used: 500, remaining: 0 });
    await store.close();
  });

  it("writes a WAL-mode database under the state directory", async () => {
    const dir = tempDir();
    const store = new FileStore({ dir: join(dir, "nested") });
    await store.consume("k", 1, 60);
    expect(existsSync(join(dir, "nested", STATE_FILE_NAME))).toBe(true);
    expect(existsSync(join(dir, "nested", `${STATE_FILE_NAME}-wal`))).toBe(true);
    await store.close();
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

  it("fails clearly when REDIS_URL points nowhere", async () => {
    await expect(openStore({ REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(/cannot connect to Redis/);
  });

  it.skipIf(!redisAvailable)("uses Redis when REDIS_URL is set", async () => {
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
