/**
 * The SQLite store's kept reads (accounts/store/sqlite-read-cache.ts, sqlite-change-watch.ts): a key's caller and a
 * venue's activity are answered from memory between changes; a change made through this store reaches the very
 * next read, one made through another connection (another process, the accounts CLI) within milliseconds; a worker
 * that cannot check for changes is not trusted.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { hashApiKey } from "../../../accounts/auth/api-keys.ts";
import { GENERATION, SHARED_BYTES, sharedViews } from "../../../accounts/store/sqlite-change-watch.ts";
import { ReadCache } from "../../../accounts/store/sqlite-read-cache.ts";
import { SqliteStore, STATE_FILE_NAME } from "../../../accounts/store/sqlite-store.ts";
import { newAccount } from "../../helpers/accounts-service.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-read-cache-");
const stores: SqliteStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** Two stores on one file: two workers, two connections, as two processes would have. */
function twoStores() {
  const dir = tempDir("two");
  const here = new SqliteStore({ dir });
  const there = new SqliteStore({ dir });
  stores.push(here, there);
  return { dir, here, there };
}

/** Milliseconds until `seen()` holds, read as fast as the store answers (gives up after 2 s). */
async function msUntil(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > 2000) throw new Error("never seen");
    await new Promise((r) => setImmediate(r));
  }
  return performance.now() - started;
}

describe("kept reads of the SQLite store", () => {
  it("answers a key's caller again from memory: the same frozen object", async () => {
    const { here } = twoStores();
    const { key } = await newAccount(here);
    const first = await here.findKeyCaller(hashApiKey(key));
    const again = await here.findKeyCaller(hashApiKey(key));
    expect(first).toMatchObject({ revokedAt: null, accountVerified: true });
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("a revocation or a comment through this store reaches the very next read", async () => {
    const { here } = twoStores();
    const account = await newAccount(here);
    const hash = hashApiKey(account.key);
    expect((await here.findKeyCaller(hash))?.revokedAt).toBeNull();
    expect((await here.venueActivity("conference", "101", 20)).comments).toEqual([]);
    await here.revokeApiKey(account.id, account.keyId);
    expect((await here.findKeyCaller(hash))?.revokedAt).toEqual(expect.any(String));
    await here.addComment({
      kind: "conference",
      venueId: "101",
      userId: account.id,
      text: "Fair reviews.",
      demo: false,
    });
    expect((await here.venueActivity("conference", "101", 20)).comments).toHaveLength(1);
  });

  it("a revocation or a comment through another connection reaches the reads within milliseconds", async () => {
    const { here, there } = twoStores();
    const account = await newAccount(there);
    const hash = hashApiKey(account.key);
    expect((await here.findKeyCaller(hash))?.revokedAt).toBeNull();
    expect((await here.venueActivity("journal", "201", 20)).comments).toEqual([]);

    await there.revokeApiKey(account.id, account.keyId);
    const revokedAfter = await msUntil(async () => (await here.findKeyCaller(hash))?.revokedAt !== null);
    await there.addComment({
      kind: "journal",
      venueId: "201",
      userId: account.id,
      text: "Slow.",
      demo: false,
    });
    const commentAfter = await msUntil(
      async () => (await here.venueActivity("journal", "201", 20)).comments.length === 1,
    );
    console.log(
      `another connection's revocation seen after ${revokedAfter.toFixed(1)} ms, its comment after ${commentAfter.toFixed(1)} ms`,
    );
    expect(Math.max(revokedAfter, commentAfter)).toBeLessThan(250);
  });

  it("does not answer from memory while the worker cannot check for changes (stuck behind a lock)", async () => {
    const dir = tempDir("locked");
    const store = new SqliteStore({ dir, busyTimeoutMs: 1000, timeoutMs: 5000 });
    stores.push(store);
    const { key } = await newAccount(store);
    const hash = hashApiKey(key);
    await store.findKeyCaller(hash);
    expect(await store.findKeyCaller(hash)).toBeTruthy();

    const locker = new DatabaseSync(join(dir, STATE_FILE_NAME), { timeout: 0 });
    locker.exec("BEGIN EXCLUSIVE");
    try {
      // A write waits out the busy timeout on the worker; meanwhile it checks nothing.
      const write = store.consume("k", 10, 60).catch(() => "busy");
      await sleep(200);
      const started = performance.now();
      await store.findKeyCaller(hash);
      const waited = performance.now() - started;
      // Answered by the worker once the write gave up, not from memory at once.
      expect(waited).toBeGreaterThan(300);
      expect(await write).toBe("busy");
    } finally {
      locker.exec("ROLLBACK");
      locker.close();
    }
  });
});

describe("ReadCache", () => {
  const shared = () => {
    const buffer = new SharedArrayBuffer(SHARED_BYTES);
    const views = sharedViews(buffer);
    Atomics.store(views.checkedAt, 0, BigInt(Date.now()));
    return { cache: new ReadCache(buffer), ...views };
  };

  it("loads again once the generation moved or the last check is too old, and keeps no failure", async () => {
    const { cache, slots, checkedAt } = shared();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.read("a", load)).toEqual({ n: 1 });
    expect(await cache.read("a", load)).toEqual({ n: 1 });
    Atomics.add(slots, GENERATION, 1);
    expect(await cache.read("a", load)).toEqual({ n: 2 });
    Atomics.store(checkedAt, 0, BigInt(Date.now() - 1000));
    expect(await cache.read("a", load)).toEqual({ n: 3 });
    Atomics.store(checkedAt, 0, BigInt(Date.now()));
    await expect(cache.read("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.read("b", load)).toEqual({ n: 4 });
  });
});
