/**
 * The state store's room (store/storage-watch.ts) on a real file system and a real SQLite store: STATE_MIN_FREE is
 * read as a share or an amount (bad values refused, naming the variable), the figures come from statfs and the
 * store's files (SQLite; Redis's used memory against a maxmemory set on a real redis-server), and a warning is
 * raised exactly when the room left is under the threshold.
 */
import { statfs } from "node:fs/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisStore } from "../../../accounts/store/redis-store.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import { minFreeEnv, storageWatch } from "../../../accounts/store/storage-watch.ts";
import { withRedis } from "../../helpers/redis-server.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-storage-watch-");
let dir: string;
let store: SqliteStore;

beforeAll(async () => {
  dir = tempDir("state");
  store = await SqliteStore.open({ dir });
});
afterAll(async () => {
  await store?.close();
});

describe("STATE_MIN_FREE", () => {
  const read = (value: string | undefined) => minFreeEnv("STATE_MIN_FREE").safeParse(value);

  it("takes a share or an amount, 5 % by default", () => {
    expect(read(undefined).data).toEqual({ percent: 5 });
    expect(read("").data).toEqual({ percent: 5 });
    expect(read("12.5%").data).toEqual({ percent: 12.5 });
    expect(read("1GB").data).toEqual({ bytes: 1e9 });
    expect(read("500 mb").data).toEqual({ bytes: 5e8 });
    expect(read("4096").data).toEqual({ bytes: 4096 });
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["101%", "-5%", "5 percent", "1GiB", "lots"]) {
      const parsed = read(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain("STATE_MIN_FREE must be");
    }
  });
});

describe("the room figures", () => {
  it("are the file system's and the store's, with a warning only under the threshold", async () => {
    const fs = await statfs(dir);
    const roomy = await storageWatch(dir, store, { bytes: 1 })();
    expect(roomy.warnings).toEqual([]);
    expect(roomy.diskTotalBytes).toBe(fs.blocks * fs.bsize);
    expect(roomy.diskFreeBytes).toBeGreaterThan(0);
    expect(roomy.storeBytes).toBeGreaterThan(0);
    expect(roomy.storeMaxBytes).toBeNull();

    const tight = await storageWatch(dir, store, { bytes: roomy.diskTotalBytes + 1 })();
    expect(tight.warnings).toEqual([
      expect.stringMatching(/^the file system of STATE_DIR has .* free of .*, under STATE_MIN_FREE/),
    ]);
    expect((await storageWatch(dir, store, { percent: 100 })()).warnings).toHaveLength(1);
    expect((await storageWatch(dir, store, { percent: 0 })()).warnings).toEqual([]);
  });
});

withRedis((url) => {
  it("warns when Redis's used memory leaves less than the threshold of its maxmemory", async () => {
    const redis = await RedisStore.connect({ url: url(), keyPrefix: "room:" });
    const admin = new Redis(url());
    try {
      expect((await storageWatch(dir, redis, { bytes: 1 })()).storeMaxBytes).toBeNull();
      const used = (await redis.storageUse()).bytes;
      // 2 % above what it uses now: under a 5 % threshold.
      await admin.config("SET", "maxmemory", String(Math.round(used * 1.02)));
      const tight = await storageWatch(dir, redis, { percent: 5 })();
      expect(tight.storeMaxBytes).toBe(Math.round(used * 1.02));
      expect(tight.warnings).toEqual([
        expect.stringMatching(/^Redis uses .* of its maxmemory .* under STATE_MIN_FREE \(5 %\) left$/),
      ]);
      await admin.config("SET", "maxmemory", String(used * 100));
      expect((await storageWatch(dir, redis, { percent: 5 })()).warnings).toEqual([]);
    } finally {
      await admin.config("SET", "maxmemory", "0");
      admin.disconnect();
      await redis.close();
    }
  });
});
