/**
 * The SQLite database's two connections to one file under STATE_DIR, opened in WAL mode so a running server and the
 * accounts CLI can share it. synchronous=FULL makes every write of accounts, keys and profiles durable before the
 * call returns; quota counters and view counts, written on every request, go through a second connection with
 * synchronous=NORMAL (in WAL mode durable across a crash or restart of the process, not across power loss), which
 * takes an fsync off every request. A short busy timeout lets a writer wait a little for another process, then fail
 * (→ 503). Every call blocks its thread until SQLite is done (see sqlite-database.ts).
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { ensurePrivateDirectory, ensurePrivateFile } from "../../../runtime/private-files.ts";
import { MIGRATIONS, SQLITE_SCHEMA_VERSION } from "../sqlite-schema.ts";
import type { StorageUse, StoreOptions } from "../types.ts";
import { num } from "./rows.ts";

export const STATE_FILE_NAME = "state.sqlite";
/** How long a write waits for another connection's lock before it fails with SQLITE_BUSY. */
export const DEFAULT_BUSY_TIMEOUT_MS = 1000;

/** What the database under `dir` takes on disk: the file, its WAL and its shared-memory index. */
export async function sqliteStorageUse(dir: string): Promise<StorageUse> {
  const sizes = await Promise.all(
    ["", "-wal", "-shm"].map((suffix) =>
      stat(join(dir, `${STATE_FILE_NAME}${suffix}`)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return { bytes: sizes.reduce((a, b) => a + b, 0), maxBytes: null };
}

export interface SqliteDatabaseOptions extends StoreOptions {
  /** Directory holding the database file; created when missing. */
  dir: string;
  /** ms; default DEFAULT_BUSY_TIMEOUT_MS. */
  busyTimeoutMs?: number;
}

/** The connections, the clock and the statements every capability (sqlite/*.ts) runs on. */
export class SqliteConnections {
  /** Connection for durable records: accounts, keys, profiles, feedback, watchlists, settings. */
  readonly db: DatabaseSync;
  /** Connection for the per-request meters (counters, views, key uses, login addresses). */
  readonly meters: DatabaseSync;
  readonly now: () => number;
  /** Statements run on every request, prepared once per connection. */
  private readonly statements = new Map<DatabaseSync, Map<string, StatementSync>>();

  constructor(options: SqliteDatabaseOptions) {
    // Only the service's user reads the state; SQLite gives the -wal and -shm files the database file's mode.
    ensurePrivateDirectory(options.dir);
    ensurePrivateFile(join(options.dir, STATE_FILE_NAME));
    this.now = options.now ?? Date.now;
    const timeout = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    this.db = new DatabaseSync(join(options.dir, STATE_FILE_NAME), {
      enableForeignKeyConstraints: true,
      timeout,
    });
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    this.transaction(this.db, () => this.migrate());
    this.meters = new DatabaseSync(join(options.dir, STATE_FILE_NAME), { timeout });
    this.meters.exec("PRAGMA synchronous = NORMAL;");
  }

  /** Brings the schema to SQLITE_SCHEMA_VERSION; inside the opening transaction, so two processes never both do. */
  private migrate(): void {
    const version = num(this.db.prepare("PRAGMA user_version").get()?.user_version);
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new Error(
        `${STATE_FILE_NAME} has state-store schema version ${version}, newer than this version's ${SQLITE_SCHEMA_VERSION}: run the newer version, or restore a backup made by this one`,
      );
    }
    if (version === SQLITE_SCHEMA_VERSION) return;
    for (const migration of MIGRATIONS.slice(version)) this.db.exec(migration);
    this.db.exec(`PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}`);
  }

  private prepared(connection: DatabaseSync, sql: string): StatementSync {
    let cache = this.statements.get(connection);
    if (!cache) {
      cache = new Map();
      this.statements.set(connection, cache);
    }
    let statement = cache.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** A prepared statement on the meters connection, prepared once. */
  meter(sql: string): StatementSync {
    return this.prepared(this.meters, sql);
  }

  /** A prepared statement on the main connection, prepared once: for reads every detail request makes. */
  read(sql: string): StatementSync {
    return this.prepared(this.db, sql);
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front, so two processes never both read and then fail to upgrade.
   * Only synchronous work may run inside.
   */
  transaction<T>(connection: DatabaseSync, work: () => T): T {
    connection.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      connection.exec("COMMIT");
      return result;
    } catch (error) {
      connection.exec("ROLLBACK");
      throw error;
    }
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  /**
   * SQLite's data_version on the meters connection: it moves when any other connection commits (another process,
   * or the main connection, which writes keys, accounts, profiles, ratings and comments), never for the meters' own
   * writes. The worker's ChangeWatch (sqlite-change-watch.ts) reads it.
   */
  dataVersion(): number {
    return num(this.meter("PRAGMA data_version").get()?.data_version);
  }

  close(): void {
    if (this.meters.isOpen) this.meters.close();
    if (this.db.isOpen) this.db.close();
  }
}
