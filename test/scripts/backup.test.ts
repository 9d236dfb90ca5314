/**
 * Backups and the state that must not be lost: `npm run backup` copies the SQLite store while it is open (WAL
 * included), `npm run restore` brings accounts, keys and quota counters back after a wipe (the generated login-token
 * secret is left out of backups: test/accounts/store/private-state.test.ts);
 * a store that comes back empty (a Redis restarted without persistence, a deleted database file) is refused at
 * start instead of silently starting over; schema versions newer than this code are refused.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import Redis from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../accounts/auth/accounts.ts";
import { openStore } from "../../accounts/store/index.ts";
import { SQLITE_SCHEMA_VERSION } from "../../accounts/store/sqlite-schema.ts";
import { STATE_FILE_NAME } from "../../accounts/store/sqlite-store.ts";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";
import { runTs } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-");

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("npm run backup and npm run restore (SQLite)", () => {
  it("back up a store in use, wipe it, restore: accounts, keys and quotas come back, the token secret does not", async () => {
    const stateDir = tempDir("backup-state");
    const store = await openStore({ STATE_DIR: stateDir });
    await createUser(store, { email: "keep@example.org", password: "correct horse battery staple" });
    const { key } = await createKey(store, "keep@example.org", "kept");
    for (let i = 0; i < 3; i += 1) await store.consume("quota:account:keep", 200, 86_400);
    await store.getOrInitSetting("jwt_secret", "the-secret-made-before-the-backup");
    // Taken while the store is open, its last writes still in the WAL.
    expect(existsSync(join(stateDir, `${STATE_FILE_NAME}-wal`))).toBe(true);
    const file = join(tempDir("backups"), "state.sqlite");
    const backup = await runTs("scripts/backup.ts", ["--to", file], {
      env: { STATE_DIR: stateDir, REDIS_URL: "" },
    });
    await store.close();
    expect(backup.stderr).toBe("");
    expect(JSON.parse(backup.stdout)).toMatchObject({
      backend: "file",
      file,
      accounts: 1,
      api_keys: 1,
      login_token_key_included: false,
    });

    rmSync(stateDir, { recursive: true, force: true });
    const restore = await runTs("scripts/restore.ts", [file], {
      env: { STATE_DIR: stateDir, REDIS_URL: "" },
    });
    expect(restore.code).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ accounts: 1, api_keys: 1 });

    const restored = await openStore({ STATE_DIR: stateDir });
    try {
      const account = await restored.findAccountByEmail("keep@example.org");
      expect(account).not.toBeNull();
      expect(await restored.findKeyCaller(sha256(key))).toMatchObject({
        accountId: account?.id,
        revokedAt: null,
      });
      expect(await restored.listApiKeys(account?.id ?? "")).toMatchObject([{ label: "kept" }]);
      expect((await restored.peek("quota:account:keep", 200)).used).toBe(3);
      expect(await restored.getOrInitSetting("jwt_secret", "a-new-one")).toBe("a-new-one");
    } finally {
      await restored.close();
    }
  });

  it("names the default backup file under STATE_DIR/backups and refuses a file that is not a state store", async () => {
    const stateDir = tempDir("backup-default");
    await (await openStore({ STATE_DIR: stateDir })).close();
    const made = await runTs("scripts/backup.ts", [], { env: { STATE_DIR: stateDir, REDIS_URL: "" } });
    expect(made.code).toBe(0);
    expect(readdirSync(join(stateDir, "backups"))).toEqual([expect.stringMatching(/^state-.*\.sqlite$/)]);
    const notAStore = join(stateDir, "other.sqlite");
    new DatabaseSync(notAStore).exec("CREATE TABLE t (x)");
    const refused = await runTs("scripts/restore.ts", [notAStore], {
      env: { STATE_DIR: stateDir, REDIS_URL: "" },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not a Venue Directory state store/);
  });
});

describe("a state that comes back empty is refused, never started over silently", () => {
  it("SQLite: the database file deleted under a STATE_DIR that held state", async () => {
    const stateDir = tempDir("lost-file");
    const store = await openStore({ STATE_DIR: stateDir });
    await createUser(store, { email: "gone@example.org", password: "correct horse battery staple" });
    await store.close();
    for (const f of readdirSync(stateDir).filter((n) => n.startsWith(STATE_FILE_NAME)))
      rmSync(join(stateDir, f));
    await expect(openStore({ STATE_DIR: stateDir })).rejects.toThrow(
      /the state store is not the one .*sqlite\.state-id records .*: it was empty/,
    );
  });

  it("SQLite: a database of a newer schema version is refused, naming both versions", async () => {
    const stateDir = tempDir("newer-schema");
    await (await openStore({ STATE_DIR: stateDir })).close();
    const db = new DatabaseSync(join(stateDir, STATE_FILE_NAME));
    db.exec("PRAGMA user_version = 99");
    db.close();
    await expect(openStore({ STATE_DIR: stateDir })).rejects.toThrow(
      new RegExp(`schema version 99, newer than this version's ${SQLITE_SCHEMA_VERSION}`),
    );
  });

  describe.skipIf(skipRedis)("Redis", () => {
    let redis: RedisServer;
    afterAll(async () => redis?.stop());

    const rdbDir = tempDir("rdb");

    it("restarted without persistence: refused at start, with what to do", async () => {
      redis = await startRedis(["--dir", rdbDir]);
      const env = { REDIS_URL: redis.url, REDIS_PREFIX: "lost:", STATE_DIR: tempDir("lost-redis") };
      const store = await openStore(env);
      await createUser(store, { email: "gone@example.org", password: "correct horse battery staple" });
      await store.close();
      const admin = new Redis(redis.url);
      await admin.flushall();
      await expect(openStore(env)).rejects.toThrow(
        /the state store is not the one .*: it was empty\. .*Restore the store from its backup/,
      );
      // The server itself exits non-zero with that message.
      const served = await runTs("scripts/serve.ts", [], {
        env: { ...env, PORT: "4468", LOG_LEVEL: "silent" },
      });
      expect(served.code).toBe(1);
      expect(served.stderr).toMatch(/the state store is not the one .* records/);
      admin.disconnect();
    });

    it("npm run backup runs BGSAVE and says where the RDB file is", async () => {
      const made = await runTs("scripts/backup.ts", [], { env: { REDIS_URL: redis.url } });
      expect(made.stderr).toBe("");
      expect(JSON.parse(made.stdout)).toMatchObject({ backend: "redis", rdb_file: join(rdbDir, "dump.rdb") });
      expect(existsSync(join(rdbDir, "dump.rdb"))).toBe(true);
    });
  });
});
