/**
 * Backups of the state store. SQLite: SQLite's online backup (node:sqlite `backup`) copies a consistent image of
 * the database — the committed pages in the WAL included — while servers keep running, into a file only the
 * service's user may read (0600), then takes the generated login-token key out of the copy: a backup is copied off
 * the machine, and that key would let whoever reads it sign login tokens for any account. A restore copies a
 * backup back the same way and points this machine's state marker at it; the next start makes a new key, so login
 * tokens from before stop working (API keys are kept: only their hashes are stored). Redis: BGSAVE, waited for,
 * and where the RDB file is (Redis's own persistence keeps it, every key included; the copy off the host is the
 * operator's, docs/operations.md#backups).
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import Redis from "ioredis";
import {
  createPrivateFile,
  ensurePrivateFile,
  ensurePrivatePath,
  writePrivateFile,
} from "../../runtime/private-files.ts";
import { BACKUPS_FOLDER, makeStateDirPrivate } from "./private-state-dir.ts";
import { DEFAULT_REDIS_PREFIX } from "./redis-store.ts";
import { SQLITE_SCHEMA_VERSION } from "./sqlite-schema.ts";
import { STATE_FILE_NAME } from "./sqlite-store.ts";
import { stateMarkerFile } from "./state-identity.ts";
import { LOGIN_TOKEN_KEY_SETTING } from "./types.ts";

export interface SqliteBackupReport {
  backend: "file";
  file: string;
  bytes: number;
  schema_version: number;
  state_id: string | null;
  accounts: number;
  api_keys: number;
  /** Whether the file holds the generated login-token key: never for a backup made by this version. */
  login_token_key_included: boolean;
}

/** What a backup file holds, after SQLite's integrity check; throws naming the file when it is not a usable one. */
function inspect(file: string): Omit<SqliteBackupReport, "backend" | "file" | "bytes"> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const check = db.prepare("PRAGMA integrity_check").get()?.integrity_check;
    if (check !== "ok") throw new Error(`${file} fails SQLite's integrity check: ${String(check)}`);
    const version = Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new Error(
        `${file} has schema version ${version}, newer than this version's ${SQLITE_SCHEMA_VERSION}`,
      );
    }
    const count = (table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0);
    const setting = (key: string) => db.prepare("SELECT value FROM settings WHERE key = ?").get(key)?.value;
    const id = setting("state_id");
    return {
      schema_version: version,
      state_id: typeof id === "string" ? id : null,
      accounts: count("accounts"),
      api_keys: count("api_keys"),
      login_token_key_included: setting(LOGIN_TOKEN_KEY_SETTING) !== undefined,
    };
  } catch (err) {
    if (err instanceof Error && /no such table/.test(err.message)) {
      throw new Error(`${file} is not a Venue Directory state store (${err.message})`);
    }
    throw err;
  } finally {
    db.close();
  }
}

/** Default name of a backup: `STATE_DIR/backups/state-<UTC instant>.sqlite` (`.redis` for a Redis export). */
export function defaultBackupFile(stateDir: string, at: Date, kind: "sqlite" | "redis" = "sqlite"): string {
  return join(stateDir, BACKUPS_FOLDER, `state-${at.toISOString().replace(/[:.]/g, "-")}.${kind}`);
}

/**
 * Makes a fresh copy one self-contained file (it keeps the live file's WAL mode) without the login-token key, and
 * without a trace of it in its bytes: secure_delete zeroes the row's cell, VACUUM rewrites every page (free pages
 * copied from the live file may hold old copies), and the journal and VACUUM's temporary database stay in memory,
 * so no file beside the copy ever holds the key.
 */
function leaveOutLoginTokenKey(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
    copy.exec("PRAGMA journal_mode = MEMORY; PRAGMA temp_store = MEMORY; PRAGMA secure_delete = ON");
    copy.prepare("DELETE FROM settings WHERE key = ?").run(LOGIN_TOKEN_KEY_SETTING);
    copy.exec("VACUUM");
  } finally {
    copy.close();
  }
}

export async function backupSqlite(stateDir: string, to: string): Promise<SqliteBackupReport> {
  const live = join(stateDir, STATE_FILE_NAME);
  if (!existsSync(live)) throw new Error(`no state store at ${live} (STATE_DIR)`);
  if (existsSync(to)) throw new Error(`${to} exists already; name another file`);
  makeStateDirPrivate(stateDir);
  ensurePrivatePath(dirname(to));
  // 0600 before the first byte is copied; SQLite gives the copy's journal the same mode.
  createPrivateFile(to);
  try {
    const source = new DatabaseSync(live, { readOnly: true });
    try {
      await backup(source, to);
    } finally {
      source.close();
    }
    leaveOutLoginTokenKey(to);
    return { backend: "file", file: to, bytes: statSync(to).size, ...inspect(to) };
  } catch (err) {
    // Half a backup is no backup, and it may still hold the key.
    for (const partial of [to, `${to}-journal`, `${to}-wal`, `${to}-shm`]) rmSync(partial, { force: true });
    throw err;
  }
}

/**
 * Copies a backup over the state store of STATE_DIR (servers stopped: a running one would keep serving from the
 * state it had in memory for keys and settings it cached) and records its state id as this machine's marker.
 */
export async function restoreSqlite(stateDir: string, from: string): Promise<SqliteBackupReport> {
  if (!existsSync(from)) throw new Error(`no backup at ${from}`);
  const contents = inspect(from);
  makeStateDirPrivate(stateDir);
  const live = join(stateDir, STATE_FILE_NAME);
  ensurePrivateFile(live);
  const source = new DatabaseSync(from, { readOnly: true });
  try {
    await backup(source, live);
  } finally {
    source.close();
  }
  if (contents.state_id) writePrivateFile(stateMarkerFile(stateDir, null), `${contents.state_id}\n`);
  return { backend: "file", file: live, bytes: statSync(live).size, ...contents };
}

export interface RedisBackupReport {
  backend: "redis";
  /** When the RDB file was last written (LASTSAVE), ISO. */
  saved_at: string;
  /** Path of the RDB file on the Redis host, when Redis tells (CONFIG may be disabled). */
  rdb_file: string | null;
  /** Whether the dump holds the generated login-token key (JWT_SECRET never set): a dump cannot leave it out. */
  login_token_key_included: boolean;
}

/** Runs BGSAVE and waits until Redis has written its RDB file. */
export async function backupRedis(
  url: string,
  prefix = DEFAULT_REDIS_PREFIX,
  timeoutMs = 300_000,
): Promise<RedisBackupReport> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, keyPrefix: prefix });
  try {
    await redis.connect();
    await redis.bgsave();
    const deadline = Date.now() + timeoutMs;
    const persistence = async (field: string) =>
      new RegExp(`^${field}:(\\S+)`, "m").exec(await redis.info("persistence"))?.[1];
    while ((await persistence("rdb_bgsave_in_progress")) !== "0") {
      if (Date.now() > deadline) throw new Error(`Redis did not finish BGSAVE within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const status = await persistence("rdb_last_bgsave_status");
    if (status !== "ok")
      throw new Error(`Redis BGSAVE failed (rdb_last_bgsave_status: ${status}); see Redis's log`);
    const saved = await redis.lastsave();
    const config = async (name: string) => ((await redis.config("GET", name).catch(() => [])) as string[])[1];
    const [dir, file] = [await config("dir"), await config("dbfilename")];
    return {
      backend: "redis",
      saved_at: new Date(saved * 1000).toISOString(),
      rdb_file: dir && file ? join(dir, file) : null,
      login_token_key_included: (await redis.exists(`setting:${LOGIN_TOKEN_KEY_SETTING}`)) === 1,
    };
  } finally {
    redis.disconnect();
  }
}
