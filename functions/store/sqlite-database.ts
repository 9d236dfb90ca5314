/**
 * The SQLite database itself: one file under STATE_DIR, opened in WAL mode so a running server and the accounts CLI
 * can share it. synchronous=FULL makes every write of accounts, keys and profiles durable before the call returns;
 * quota counters and view counts, written on every request, go through a second connection with synchronous=NORMAL
 * (in WAL mode durable across a crash or restart of the process, not across power loss), which takes an fsync off
 * every request. A short busy timeout lets a writer wait a little for another process, then fail (→ 503).
 *
 * Every call here blocks its thread until SQLite is done, so the server never runs this class on the main thread:
 * SqliteStore (sqlite-store.ts) runs it on a worker thread (sqlite-worker.ts) and awaits the answers.
 */
import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync, type SQLOutputValue, type StatementSync } from "node:sqlite";
import { ensurePrivateDirectory, ensurePrivateFile } from "../runtime/private-files.ts";
import {
  assertRating,
  countResult,
  emptyHistogram,
  grantOf,
  KEY_USE_WRITER_KEPT_MS,
  peekResult,
  recentDays,
  recordReaders,
  refusedLease,
  reservedOne,
  summarizeRatings,
  utcDay,
  VIEW_RETENTION_DAYS,
  VIEW_WINDOW_DAYS,
} from "./shared.ts";
import { MIGRATIONS, SQLITE_SCHEMA_VERSION } from "./sqlite-schema.ts";
import type {
  Account,
  ApiKeyRecord,
  Comment,
  CommentInput,
  ConsumeResult,
  KeyCaller,
  KeyUseBatch,
  LeaseResult,
  LeaseUpdate,
  Profile,
  RatingInput,
  ReserveResult,
  StorageUse,
  Store,
  StoreOptions,
  VenueActivityRecord,
  VenueCounts,
  VenueKind,
  VenueViews,
  Watchlist,
} from "./types.ts";
import { DuplicateEmailError } from "./types.ts";

export const STATE_FILE_NAME = "state.sqlite";
/** How long a write waits for another connection's lock before it fails with SQLITE_BUSY. */
export const DEFAULT_BUSY_TIMEOUT_MS = 1000;
/** Expired watchlists deleted per statement, so a long backlog never holds the write lock for long. */
const WATCHLIST_SWEEP_BATCH = 500;

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

type Row = Record<string, SQLOutputValue>;

const str = (v: SQLOutputValue | undefined): string => String(v);
const strOrNull = (v: SQLOutputValue | undefined): string | null =>
  v === null || v === undefined ? null : String(v);
const num = (v: SQLOutputValue | undefined): number => Number(v ?? 0);

/** SQLite returns integers for the 0/1 flags and counts, null for absent text. */
const records = recordReaders<Row>((r) => ({
  text: (name) => str(r[name]),
  optionalText: (name) => strOrNull(r[name]),
  count: (name) => num(r[name]),
  flag: (name) => num(r[name]) === 1,
}));

export interface SqliteDatabaseOptions extends StoreOptions {
  /** Directory holding the database file; created when missing. */
  dir: string;
  /** ms; default DEFAULT_BUSY_TIMEOUT_MS. */
  busyTimeoutMs?: number;
}

/** Blocking: run it on a worker thread (see the top of this file). */
export class SqliteDatabase implements Store {
  readonly backend = "file";
  private readonly db: DatabaseSync;
  /** Connection for the per-request meters (counters, views). */
  private readonly meters: DatabaseSync;
  /** Statements run on every request, prepared once per connection. */
  private readonly statements = new Map<DatabaseSync, Map<string, StatementSync>>();
  private readonly now: () => number;
  private readonly dir: string;
  private prunedViewsOn = "";

  constructor(options: SqliteDatabaseOptions) {
    // Only the service's user reads the state; SQLite gives the -wal and -shm files the database file's mode.
    ensurePrivateDirectory(options.dir);
    ensurePrivateFile(join(options.dir, STATE_FILE_NAME));
    this.dir = options.dir;
    this.now = options.now ?? Date.now;
    const timeout = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    this.db = new DatabaseSync(join(options.dir, STATE_FILE_NAME), {
      enableForeignKeyConstraints: true,
      timeout,
    });
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    this.transaction(this.db, () => this.migrate());
    this.db.prepare("DELETE FROM counters WHERE expires_at <= ?").run(this.now());
    this.db.prepare("DELETE FROM login_addresses WHERE expires_at <= ?").run(this.now());
    this.db
      .prepare("DELETE FROM key_use_writers WHERE written_at <= ?")
      .run(this.now() - KEY_USE_WRITER_KEPT_MS);
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
  private meter(sql: string): StatementSync {
    return this.prepared(this.meters, sql);
  }

  /** A prepared statement on the main connection, prepared once: for reads every detail request makes. */
  private read(sql: string): StatementSync {
    return this.prepared(this.db, sql);
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front, so two processes never both read and then fail to upgrade.
   * Only synchronous work may run inside.
   */
  private transaction<T>(connection: DatabaseSync, work: () => T): T {
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

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  async createAccount(a: Account): Promise<void> {
    try {
      this.db
        .prepare(
          `INSERT INTO accounts (id, email, name, institution, password_hash, password_salt, verified, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          a.id,
          a.email,
          a.name,
          a.institution,
          a.passwordHash,
          a.passwordSalt,
          a.verified ? 1 : 0,
          a.createdAt,
        );
    } catch (error) {
      if (error instanceof Error && /UNIQUE constraint failed: accounts\.email/.test(error.message)) {
        throw new DuplicateEmailError(a.email);
      }
      throw error;
    }
  }

  async getAccount(id: string): Promise<Account | null> {
    const row = this.db.prepare("SELECT * FROM accounts WHERE id = ?").get(id);
    return row ? records.account(row) : null;
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const row = this.db.prepare("SELECT * FROM accounts WHERE email = ?").get(email);
    return row ? records.account(row) : null;
  }

  async createApiKey(k: Omit<ApiKeyRecord, "usageCount" | "lastUsedAt" | "revokedAt">): Promise<void> {
    this.db
      .prepare("INSERT INTO api_keys (id, account_id, hash, label, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(k.id, k.accountId, k.hash, k.label, k.createdAt);
  }

  /**
   * SQLite's data_version on the meters connection: it moves when any other connection commits (another process,
   * or this database's main connection, which writes keys, accounts, profiles, ratings and comments), never for the
   * meters' own writes. Not a Store method: the worker's ChangeWatch (sqlite-change-watch.ts) reads it.
   */
  dataVersion(): number {
    return num(this.meter("PRAGMA data_version").get()?.data_version);
  }

  async findKeyCaller(hash: string): Promise<KeyCaller | null> {
    // Read on every keyed request: a statement prepared once (any connection reads the same committed state).
    const row = this.meter(
      `SELECT k.id, k.account_id, k.revoked_at, a.verified
       FROM api_keys k LEFT JOIN accounts a ON a.id = k.account_id WHERE k.hash = ?`,
    ).get(hash);
    return row ? records.keyCaller(row) : null;
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.db
      .prepare("SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, rowid")
      .all(accountId)
      .map(records.apiKey);
  }

  async revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const row = this.db
      .prepare(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?)
         WHERE id = ? AND account_id = ? RETURNING *`,
      )
      .get(this.isoNow(), keyId, accountId);
    return row ? records.apiKey(row) : null;
  }

  async recordKeyUses({ writer, sequence, uses }: KeyUseBatch): Promise<void> {
    // A meter like the quota counters: on the NORMAL connection.
    this.transaction(this.meters, () => {
      const claimed = this.meter(
        `INSERT INTO key_use_writers (writer, sequence, written_at) VALUES (?, ?, ?)
         ON CONFLICT(writer) DO UPDATE SET sequence = excluded.sequence, written_at = excluded.written_at
         WHERE excluded.sequence > key_use_writers.sequence`,
      ).run(writer, sequence, this.now());
      if (Number(claimed.changes) === 0) return;
      // ISO instants order as text; a key never used has '' as its last use here.
      this.meter(
        `UPDATE api_keys SET usage_count = usage_count + use.count,
           last_used_at = MAX(COALESCE(last_used_at, ''), use.at)
         FROM (SELECT value ->> 'keyId' AS id, value ->> 'count' AS count, value ->> 'lastUsedAt' AS at
               FROM json_each(?)) AS use
         WHERE api_keys.id = use.id`,
      ).run(JSON.stringify(uses));
    });
  }

  async getProfile(accountId: string): Promise<Profile | null> {
    const row = this.db.prepare("SELECT * FROM profiles WHERE account_id = ?").get(accountId);
    if (!row) return null;
    const venues = this.db
      .prepare("SELECT relation, kind, venue_id FROM profile_venues WHERE account_id = ? ORDER BY position")
      .all(accountId);
    const pick = (relation: string, kind: VenueKind) =>
      venues.filter((v) => v.relation === relation && v.kind === kind).map((v) => str(v.venue_id));
    return {
      accountId,
      public: num(row.public) === 1,
      institution: strOrNull(row.institution),
      cv: strOrNull(row.cv),
      trackedConferences: pick("tracks", "conference"),
      trackedJournals: pick("tracks", "journal"),
      attendedConferences: pick("attended", "conference"),
      updatedAt: str(row.updated_at),
    };
  }

  async putProfile(p: Profile): Promise<void> {
    const links: [string, VenueKind, string[]][] = [
      ["tracks", "conference", p.trackedConferences],
      ["tracks", "journal", p.trackedJournals],
      ["attended", "conference", p.attendedConferences],
    ];
    this.transaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO profiles (account_id, public, institution, cv, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(account_id) DO UPDATE SET public = excluded.public, institution = excluded.institution,
             cv = excluded.cv, updated_at = excluded.updated_at`,
        )
        .run(p.accountId, p.public ? 1 : 0, p.institution, p.cv, p.updatedAt);
      this.db.prepare("DELETE FROM profile_venues WHERE account_id = ?").run(p.accountId);
      const insert = this.db.prepare(
        `INSERT OR IGNORE INTO profile_venues (account_id, relation, kind, venue_id, position)
         VALUES (?, ?, ?, ?, ?)`,
      );
      for (const [relation, kind, ids] of links) {
        ids.forEach((id, position) => {
          insert.run(p.accountId, relation, kind, id, position);
        });
      }
    });
  }

  async venueCounts(kind: VenueKind): Promise<Map<string, VenueCounts>> {
    const rows = this.db
      .prepare(
        `SELECT venue_id, SUM(relation = 'tracks') AS trackers, SUM(relation = 'attended') AS attendees
         FROM profile_venues WHERE kind = ? GROUP BY venue_id`,
      )
      .all(kind);
    return new Map(
      rows.map((r) => [str(r.venue_id), { trackers: num(r.trackers), attendees: num(r.attendees) }]),
    );
  }

  async venueActivity(kind: VenueKind, venueId: string, limit: number): Promise<VenueActivityRecord> {
    const counts = this.read(
      `SELECT SUM(relation = 'tracks') AS trackers, SUM(relation = 'attended') AS attendees
       FROM profile_venues WHERE kind = ? AND venue_id = ?`,
    ).get(kind, venueId);
    const histogram = emptyHistogram();
    const ratings = this.read(
      "SELECT rating, COUNT(*) AS n FROM ratings WHERE kind = ? AND venue_id = ? GROUP BY rating",
    ).all(kind, venueId);
    for (const r of ratings) histogram[num(r.rating) - 1] = num(r.n);
    // A negative LIMIT means none to SQLite; the contract shows no comments then.
    const comments = this.read(
      `SELECT c.*, a.name AS author_name, p.public AS author_public FROM comments c
       LEFT JOIN accounts a ON a.id = c.user_id LEFT JOIN profiles p ON p.account_id = c.user_id
       WHERE c.kind = ? AND c.venue_id = ? ORDER BY c.id DESC LIMIT ?`,
    ).all(kind, venueId, Math.max(0, limit));
    return {
      counts: { trackers: num(counts?.trackers), attendees: num(counts?.attendees) },
      ratings: summarizeRatings(histogram),
      comments: comments.map(records.authoredComment),
    };
  }

  /**
   * The counting step of consume and lease, inside their transaction: counts up to `want` requests (grantOf) and
   * says how many, with the window's count and expiry after; null when the window has nothing left.
   */
  private count(
    key: string,
    limit: number,
    ttlSeconds: number,
    want: number,
  ): { granted: number; used: number; expiresAt: number } | null {
    const now = this.now();
    const row = this.meter("SELECT used, expires_at FROM counters WHERE key = ? AND expires_at > ?").get(
      key,
      now,
    );
    // A fresh or expired window starts with this count.
    const before = row ? num(row.used) : 0;
    const expiresAt = row ? num(row.expires_at) : now + ttlSeconds * 1000;
    const granted = grantOf(limit - before, want);
    if (granted === 0) return null;
    // run() completes the statement, so a write that fails (disk full, read-only file) throws: never admitted uncounted.
    this.meter(
      `INSERT INTO counters (key, used, expires_at) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET used = excluded.used, expires_at = excluded.expires_at`,
    ).run(key, before + granted, expiresAt);
    return { granted, used: before + granted, expiresAt };
  }

  async consume(key: string, limit: number, ttlSeconds: number): Promise<ConsumeResult> {
    const counted = this.transaction(this.meters, () => this.count(key, limit, ttlSeconds, 1));
    return countResult(counted?.granted ?? 0, counted?.used ?? 0, limit);
  }

  async reserve(key: string, limit: number, ttlSeconds: number): Promise<ReserveResult> {
    return reservedOne(await this.lease(key, limit, ttlSeconds, 1), limit);
  }

  async lease(key: string, limit: number, ttlSeconds: number, units: number): Promise<LeaseResult> {
    return this.transaction(this.meters, () => {
      const counted = this.count(key, limit, ttlSeconds, units);
      if (!counted) return refusedLease(limit);
      const reservation = randomUUID();
      this.meter(
        "INSERT INTO reservations (id, key, taken_at, window_expires, held) VALUES (?, ?, ?, ?, ?)",
      ).run(reservation, key, this.now(), counted.expiresAt, counted.granted);
      return { granted: counted.granted, used: counted.used, reservation };
    });
  }

  async settle(reservations: readonly string[]): Promise<void> {
    if (reservations.length === 0) return;
    this.meter("DELETE FROM reservations WHERE id IN (SELECT value FROM json_each(?))").run(
      JSON.stringify(reservations),
    );
  }

  async settleUnits(updates: readonly LeaseUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    this.transaction(this.meters, () => {
      const read = this.meter("SELECT key, window_expires, held FROM reservations WHERE id = ?");
      for (const { reservation, kept, returned } of updates) {
        const row = read.get(reservation);
        if (!row) continue;
        const held = num(row.held);
        const given = Math.min(returned, held);
        if (given > 0) this.giveBack([{ ...row, held: given }]);
        if (held - kept - given > 0) {
          this.meter("UPDATE reservations SET held = ? WHERE id = ?").run(held - kept - given, reservation);
        } else this.meter("DELETE FROM reservations WHERE id = ?").run(reservation);
      }
    });
  }

  async release(reservation: string): Promise<void> {
    this.transaction(this.meters, () => {
      const rows = this.meter(
        "DELETE FROM reservations WHERE id = ? RETURNING key, window_expires, held",
      ).all(reservation);
      this.giveBack(rows);
    });
  }

  async releaseAbandoned(leaseMs: number): Promise<number> {
    return this.transaction(this.meters, () => {
      const rows = this.meter(
        "DELETE FROM reservations WHERE taken_at <= ? RETURNING key, window_expires, held",
      ).all(this.now() - leaseMs);
      this.giveBack(rows);
      return rows.length;
    });
  }

  /** Takes back the units each dropped reservation held, from its own counter window only and while it lasts. */
  private giveBack(dropped: Row[]): void {
    const update = this.meter(
      `UPDATE counters SET used = MAX(used - ?, 0)
       WHERE key = ? AND expires_at = ? AND expires_at > ?`,
    );
    for (const row of dropped) update.run(num(row.held), str(row.key), num(row.window_expires), this.now());
  }

  async peek(key: string, limit: number): Promise<ConsumeResult> {
    const row = this.meter("SELECT used FROM counters WHERE key = ? AND expires_at > ?").get(key, this.now());
    return peekResult(num(row?.used), limit);
  }

  async forget(key: string): Promise<void> {
    this.meter("DELETE FROM counters WHERE key = ?").run(key);
  }

  async recordViews(views: readonly VenueViews[]): Promise<void> {
    if (views.length === 0) return;
    const now = this.now();
    const day = utcDay(now);
    // One statement for the whole batch; WHERE true tells SQLite the ON CONFLICT is the upsert's, not a join's.
    this.meter(
      `INSERT INTO views (kind, venue_id, day, count)
         SELECT json_extract(value, '$.kind'), json_extract(value, '$.venueId'), ?, json_extract(value, '$.count')
         FROM json_each(?) WHERE true
         ON CONFLICT(kind, venue_id, day) DO UPDATE SET count = count + excluded.count`,
    ).run(day, JSON.stringify(views));
    if (this.prunedViewsOn !== day) {
      const oldestKept = recentDays(now, VIEW_RETENTION_DAYS).at(-1) ?? day;
      this.meter("DELETE FROM views WHERE day < ?").run(oldestKept);
      this.prunedViewsOn = day;
    }
  }

  private windowStart(): string {
    return recentDays(this.now(), VIEW_WINDOW_DAYS).at(-1) ?? utcDay(this.now());
  }

  async views30d(kind: VenueKind): Promise<Map<string, number>> {
    const rows = this.meter(
      "SELECT venue_id, SUM(count) AS n FROM views WHERE kind = ? AND day >= ? AND day <= ? GROUP BY venue_id",
    ).all(kind, this.windowStart(), utcDay(this.now()));
    return new Map(rows.map((r) => [str(r.venue_id), num(r.n)]));
  }

  async views30dOf(kind: VenueKind, venueId: string): Promise<number> {
    const row = this.meter(
      "SELECT SUM(count) AS n FROM views WHERE kind = ? AND venue_id = ? AND day >= ? AND day <= ?",
    ).get(kind, venueId, this.windowStart(), utcDay(this.now()));
    return num(row?.n);
  }

  async putRating(r: RatingInput): Promise<void> {
    assertRating(r);
    this.db
      .prepare(
        `INSERT INTO ratings (kind, venue_id, user_id, rating, demo, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(kind, venue_id, user_id) DO UPDATE SET rating = excluded.rating, demo = excluded.demo,
           created_at = excluded.created_at`,
      )
      .run(r.kind, r.venueId, r.userId, r.rating, r.demo ? 1 : 0, this.isoNow());
  }

  async addComment(c: CommentInput): Promise<Comment> {
    const row = this.db
      .prepare(
        `INSERT INTO comments (kind, venue_id, user_id, text, demo, created_at) VALUES (?, ?, ?, ?, ?, ?)
         RETURNING *`,
      )
      .get(c.kind, c.venueId, c.userId, c.text, c.demo ? 1 : 0, this.isoNow());
    if (!row) throw new Error("comment insert returned no row");
    return records.comment(row);
  }

  async removeDemoFeedback(): Promise<number> {
    return this.transaction(this.db, () => {
      const ratings = this.db.prepare("DELETE FROM ratings WHERE demo = 1").run().changes;
      const comments = this.db.prepare("DELETE FROM comments WHERE demo = 1").run().changes;
      return Number(ratings) + Number(comments);
    });
  }

  async getWatchlist(id: string): Promise<Watchlist | null> {
    // An expired list the sweep has not reached yet is gone already.
    const row = this.db
      .prepare("SELECT * FROM watchlists WHERE id = ? AND expires_at > ?")
      .get(id, this.now());
    if (!row) return null;
    return {
      id,
      secretHash: str(row.secret_hash),
      conferences: JSON.parse(str(row.conferences)) as string[],
      journals: JSON.parse(str(row.journals)) as string[],
      updatedAt: str(row.updated_at),
      expiresAt: new Date(num(row.expires_at)).toISOString(),
    };
  }

  async putWatchlist(w: Watchlist): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO watchlists (id, secret_hash, conferences, journals, updated_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET conferences = excluded.conferences, journals = excluded.journals,
           updated_at = excluded.updated_at, expires_at = excluded.expires_at`,
      )
      .run(
        w.id,
        w.secretHash,
        JSON.stringify(w.conferences),
        JSON.stringify(w.journals),
        w.updatedAt,
        Date.parse(w.expiresAt),
      );
  }

  async keepWatchlist(id: string, expiresAt: string): Promise<void> {
    const at = Date.parse(expiresAt);
    this.db
      .prepare("UPDATE watchlists SET expires_at = ? WHERE id = ? AND expires_at < ? AND expires_at > ?")
      .run(at, id, at, this.now());
  }

  async removeExpiredWatchlists(): Promise<number> {
    const remove = this.db.prepare(
      "DELETE FROM watchlists WHERE rowid IN (SELECT rowid FROM watchlists WHERE expires_at <= ? LIMIT ?)",
    );
    let removed = 0;
    for (;;) {
      const batch = Number(remove.run(this.now(), WATCHLIST_SWEEP_BATCH).changes);
      removed += batch;
      if (batch < WATCHLIST_SWEEP_BATCH) return removed;
    }
  }

  async storageUse(): Promise<StorageUse> {
    return sqliteStorageUse(this.dir);
  }

  async rememberLoginAddress(
    account: string,
    address: string,
    ttlSeconds: number,
    max: number,
  ): Promise<void> {
    // Login state, like the counters: on the meters connection.
    this.transaction(this.meters, () => {
      this.meter(
        `INSERT INTO login_addresses (account, address, expires_at) VALUES (?, ?, ?)
         ON CONFLICT(account, address) DO UPDATE SET expires_at = excluded.expires_at`,
      ).run(account, address, this.now() + ttlSeconds * 1000);
      this.meter(
        `DELETE FROM login_addresses WHERE account = ? AND (expires_at <= ? OR address NOT IN (
           SELECT address FROM login_addresses WHERE account = ? ORDER BY expires_at DESC, address LIMIT ?))`,
      ).run(account, this.now(), account, Math.max(0, max));
    });
  }

  async knowsLoginAddress(account: string, address: string): Promise<boolean> {
    const row = this.meter(
      "SELECT 1 AS known FROM login_addresses WHERE account = ? AND address = ? AND expires_at > ?",
    ).get(account, address, this.now());
    return row !== undefined;
  }

  async getOrInitSetting(key: string, candidate: string): Promise<string> {
    const row = this.db
      .prepare(
        `INSERT INTO settings (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = settings.value RETURNING value`,
      )
      .get(key, candidate);
    return str(row?.value);
  }

  async close(): Promise<void> {
    if (this.meters.isOpen) this.meters.close();
    if (this.db.isOpen) this.db.close();
  }
}
