/**
 * Secrets kept secret (issue 44, M3): under a permissive umask (022, which makes new files 0644), STATE_DIR is 0700
 * and the store, its -wal and -shm, the state marker and every backup 0600, and an older install's 0755 / 0644
 * are put right at start. A backup never holds the generated login-token key (its bytes are searched for it); a
 * restore brings accounts and API keys back, and login tokens signed before it are refused.
 */
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../accounts/store/index.ts";
import { STATE_FILE_NAME } from "../../../accounts/store/sqlite-store.ts";
import { LOGIN_TOKEN_KEY_SETTING } from "../../../accounts/store/types.ts";
import type { SOURCE_ENTRIES } from "../../../pipeline/sources/sources.ts";
import { syncUpstream } from "../../../pipeline/sync/sync.ts";
import {
  bearer,
  freshIp,
  newAccount,
  PASSWORD,
  startTestService,
  type TestService,
} from "../../helpers/accounts-service.ts";
import { type RedisServer, skipRedis, startRedis } from "../../helpers/redis-server.ts";
import { runTs } from "../../helpers/run-ts.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-private-");

/** The permission bits of `path`, as `stat -c %a` prints them. */
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every entry of `dir` with its mode. */
const modesIn = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(join(dir, name))]));

let umask: number;
beforeAll(() => {
  // New files 0644 and folders 0755 unless the service sets their modes itself; the CLIs run as children inherit it.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

const sqliteState = (stateDir: string) => ({ STATE_DIR: stateDir, REDIS_URL: "" });

async function login(svc: TestService, email: string) {
  const { res, body } = await svc.json("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  return body.data.token as string;
}

const detailStatus = async (svc: TestService, credential: string) =>
  (await svc.fetch("/api/conferences/101", { headers: bearer(credential), ip: freshIp() })).status;

async function runBackup(stateDir: string, args: string[] = []) {
  const run = await runTs("scripts/backup.ts", args, { env: sqliteState(stateDir) });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as { file: string; login_token_key_included: boolean };
}

describe("the SQLite state under umask 022", () => {
  it("STATE_DIR 0700, store files and backups 0600; backups leave the token key out; a restore keeps accounts and keys and refuses old tokens", async () => {
    const stateDir = join(tempDir("fresh"), "var");
    let svc = await startTestService(sqliteState(stateDir));
    const account = await newAccount(svc.store);
    const oldToken = await login(svc, account.email);
    expect(await detailStatus(svc, oldToken)).toBe(200);
    const tokenKey = await svc.store.getOrInitSetting(LOGIN_TOKEN_KEY_SETTING, "none-was-made");
    expect(tokenKey).not.toBe("none-was-made");

    // While the server runs: the WAL and its index exist, with the database file's mode.
    expect(modeOf(stateDir)).toBe("700");
    expect(modesIn(stateDir)).toEqual({
      [STATE_FILE_NAME]: "600",
      [`${STATE_FILE_NAME}-wal`]: "600",
      [`${STATE_FILE_NAME}-shm`]: "600",
      "sqlite.state-id": "600",
    });
    // The live store does hold the key (so the searches of the backups below can find it if it is there).
    const live = Buffer.concat(
      [STATE_FILE_NAME, `${STATE_FILE_NAME}-wal`].map((f) => readFileSync(join(stateDir, f))),
    );
    expect(live.includes(tokenKey)).toBe(true);

    // The default backup, in STATE_DIR/backups, and one --to a folder that does not exist yet, off the state.
    const made = await runBackup(stateDir);
    const offsite = join(tempDir("offsite"), "new-folder", "state.sqlite");
    const elsewhere = await runBackup(stateDir, ["--to", offsite]);
    expect(modeOf(join(stateDir, "backups"))).toBe("700");
    for (const backup of [made, elsewhere]) {
      expect(backup.login_token_key_included).toBe(false);
      expect(modeOf(backup.file)).toBe("600");
      expect(readFileSync(backup.file).includes(tokenKey)).toBe(false);
    }
    expect(elsewhere.file).toBe(offsite);
    expect(readdirSync(join(offsite, ".."))).toEqual(["state.sqlite"]);
    expect(modeOf(join(offsite, ".."))).toBe("700");

    // The state wiped (close removes STATE_DIR), then restored from the off-site copy.
    await svc.close();
    const restore = await runTs("scripts/restore.ts", [offsite], { env: sqliteState(stateDir) });
    expect(restore.code).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({
      accounts: 1,
      api_keys: 1,
      login_token_key_included: false,
    });
    expect(modeOf(stateDir)).toBe("700");
    expect(modesIn(stateDir)).toEqual({ [STATE_FILE_NAME]: "600", "sqlite.state-id": "600" });

    svc = await startTestService(sqliteState(stateDir));
    try {
      expect(await detailStatus(svc, oldToken)).toBe(401);
      expect(await detailStatus(svc, account.key)).toBe(200);
      const newToken = await login(svc, account.email);
      expect(await detailStatus(svc, newToken)).toBe(200);
      expect(modeOf(stateDir)).toBe("700");
      for (const mode of Object.values(modesIn(stateDir))) expect(mode).toBe("600");
    } finally {
      await svc.close();
    }
  });

  it("an older install's 0755 folders and 0644 files are made private when the server starts", async () => {
    const stateDir = tempDir("upgrade");
    const store = await openStore(sqliteState(stateDir));
    await newAccount(store);
    await store.close();
    const backups = join(stateDir, "backups");
    const cache = join(stateDir, "upstream-git");
    mkdirSync(backups);
    mkdirSync(cache);
    copyFileSync(join(stateDir, STATE_FILE_NAME), join(backups, "state-old.sqlite"));
    // Not the service's: a STATE_DIR pointed at a folder holding other files leaves their modes alone.
    writeFileSync(join(stateDir, "notes.txt"), "someone else's", { mode: 0o644 });
    for (const dir of [stateDir, backups, cache]) chmodSync(dir, 0o755);
    for (const file of [STATE_FILE_NAME, "sqlite.state-id"]) chmodSync(join(stateDir, file), 0o644);
    chmodSync(join(backups, "state-old.sqlite"), 0o644);

    const svc = await startTestService(sqliteState(stateDir));
    try {
      expect(modeOf(stateDir)).toBe("700");
      expect(modesIn(stateDir)).toMatchObject({
        [STATE_FILE_NAME]: "600",
        "sqlite.state-id": "600",
        backups: "700",
        "upstream-git": "700",
        "notes.txt": "644",
      });
      expect(modesIn(backups)).toEqual({ "state-old.sqlite": "600" });
    } finally {
      await svc.close();
    }
  });

  it("a STATE_DIR every user writes to (sticky bit, like /tmp) is refused, its mode untouched", async () => {
    const shared = tempDir("sticky");
    chmodSync(shared, 0o1777);
    await expect(openStore(sqliteState(shared))).rejects.toThrow(
      /cannot open the state store under STATE_DIR \(.*\): it is a folder every user writes to \(sticky bit/,
    );
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe("1777");
  });

  it("npm run sync makes its cache folder, and a STATE_DIR it creates for it, 0700", async () => {
    const stateDir = join(tempDir("sync"), "var");
    const cacheDir = join(stateDir, "upstream-git");
    await syncUpstream({
      upstreamDir: tempDir("upstream"),
      cacheDir,
      timeoutMs: 1000,
      now: () => new Date(),
      log: () => {},
      sources: {} as typeof SOURCE_ENTRIES,
    });
    expect([modeOf(stateDir), modeOf(cacheDir)]).toEqual(["700", "700"]);
  });
});

describe.skipIf(skipRedis)("Redis: the dump holds whatever Redis holds", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis(["--dir", tempDir("rdb")]);
  });
  afterAll(async () => redis?.stop());

  it("the marker's STATE_DIR is private; the backup says when the dump holds the generated key, never with JWT_SECRET", async () => {
    const backupOf = async (env: Record<string, string>) => {
      const run = await runTs("scripts/backup.ts", [], { env });
      expect(run.stderr).toBe("");
      return JSON.parse(run.stdout).login_token_key_included as boolean;
    };
    for (const [prefix, jwt, included] of [
      ["generated:", {}, true],
      ["configured:", { JWT_SECRET: "k".repeat(40) }, false],
    ] as const) {
      const state = { REDIS_URL: redis.url, REDIS_PREFIX: prefix, STATE_DIR: join(tempDir("redis"), "var") };
      const svc = await startTestService(state, { env: jwt });
      try {
        const account = await newAccount(svc.store);
        expect(await detailStatus(svc, await login(svc, account.email))).toBe(200);
        expect(modeOf(state.STATE_DIR)).toBe("700");
        expect(modesIn(state.STATE_DIR)).toEqual({ [`redis-${prefix.slice(0, -1)}.state-id`]: "600" });
        expect(await backupOf(state)).toBe(included);
      } finally {
        await svc.close();
      }
    }
  });
});
