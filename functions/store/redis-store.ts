/**
 * The Redis store, used when REDIS_URL is set so several server processes share one state. Records are hashes
 * (a null field is simply absent); the quota counter with its reservations, and profile updates, run as Lua scripts
 * so they stay atomic. Multi-key scripts assume a single Redis node (not Redis Cluster). Every call runs through a
 * StoreGuard (guard.ts): a deadline, and a circuit breaker that fails fast for a cool-down once Redis has failed
 * several times in a row, so a Redis that is down or hung costs a request a 503 (StoreUnavailable), never a hang or
 * a 500.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { guardStore, StoreGuard } from "./guard.ts";
import {
  CONSUME,
  CREATE_INDEXED,
  FIND_KEY_CALLER,
  KEEP_WATCHLIST,
  LEASE,
  PUT_PROFILE,
  RECORD_KEY_USES,
  RELEASE,
  RELEASE_ABANDONED,
  SETTLE,
  SETTLE_UNITS,
  TAKE_TOKEN,
  VENUE_ACTIVITY,
} from "./redis-scripts.ts";
import {
  assertRating,
  countResult,
  emptyHistogram,
  KEY_USE_WRITER_KEPT_MS,
  LEASE_SHARE,
  peekResult,
  recentDays,
  recordReaders,
  refusedLease,
  reservedOne,
  summarizeRatings,
  uniqueIds,
  utcDay,
  VIEW_RETENTION_DAYS,
  VIEW_WINDOW_DAYS,
} from "./shared.ts";
import {
  type Account,
  type ApiKeyRecord,
  type Comment,
  type CommentInput,
  type ConsumeResult,
  DEFAULT_STORE_TIMEOUT_MS,
  DuplicateEmailError,
  type KeyCaller,
  type KeyUseBatch,
  type LeaseResult,
  type LeaseUpdate,
  type Profile,
  type RatingInput,
  type RatingSummary,
  type ReserveResult,
  type StorageUse,
  type Store,
  type StoreOptions,
  StoreUnavailable,
  type VenueActivityRecord,
  type VenueCounts,
  type VenueKind,
  type VenueViews,
  type Watchlist,
} from "./types.ts";

type Fields = Record<string, string>;
type ScriptFn = (...keysThenArgs: (string | number)[]) => Promise<unknown>;

const DAY_SECONDS = 86_400;
/** The sorted set of pending reservations (LEASE), and the units of those holding more than one. */
const RESERVATIONS = "reservations";
const RESERVATION_UNITS = "reservation-units";

/** Field/value pairs of the non-null entries, flattened for HSET. */
function pairs(record: Record<string, string | null>): string[] {
  return Object.entries(record).flatMap(([field, value]) => (value === null ? [] : [field, value]));
}

const opt = (fields: Fields, name: string): string | null => fields[name] ?? null;
const req = (fields: Fields, name: string): string => fields[name] ?? "";

/** A hash holds strings only, and no field at all for a null. */
const records = recordReaders<Fields>((f) => ({
  text: (name) => req(f, name),
  optionalText: (name) => opt(f, name),
  count: (name) => Number(f[name] ?? 0),
  flag: (name) => f[name] === "1",
}));

const isEmpty = (f: Fields): boolean => Object.keys(f).length === 0;

/** Field/value pairs as a script returns them (like HGETALL's reply), as a record. */
function fieldsOf(flat: readonly string[]): Fields {
  const fields: Fields = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
  return fields;
}

interface StoredRating {
  rating: number;
  demo: boolean;
  createdAt: string;
}

/** Per-star counts of a venue's stored ratings (the values of its ratings hash). */
function histogramOf(values: readonly string[]): RatingSummary["histogram"] {
  const histogram = emptyHistogram();
  for (const value of values) {
    const { rating } = JSON.parse(value) as StoredRating;
    histogram[rating - 1] = (histogram[rating - 1] ?? 0) + 1;
  }
  return histogram;
}

/** Key prefix when REDIS_PREFIX is unset. */
export const DEFAULT_REDIS_PREFIX = "vd:";

export interface RedisStoreOptions extends StoreOptions {
  url: string;
  /** Prepended to every key so one Redis can hold several deployments. */
  keyPrefix?: string;
}

/** Redis error replies that mean "cannot serve now" rather than "wrong command". */
const UNAVAILABLE_REPLY = /^(OOM|MISCONF|READONLY|LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|NOREPLICAS|TRYAGAIN)\b/;

/**
 * Whether an error from a call means Redis is unavailable: anything from the connection (closed, offline, timed
 * out, retries used up) and the error replies above; not a duplicate e-mail, a bad rating or another error reply.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return true;
  if (err instanceof DuplicateEmailError || err instanceof RangeError) return false;
  if (err instanceof Error && err.name === "ReplyError") return UNAVAILABLE_REPLY.test(err.message);
  return true;
}

export class RedisStore implements Store {
  readonly backend = "redis";
  private readonly now: () => number;
  private readonly consumeScript: ScriptFn;
  private readonly leaseScript: ScriptFn;
  private readonly settleScript: ScriptFn;
  private readonly settleUnitsScript: ScriptFn;
  private readonly releaseScript: ScriptFn;
  private readonly releaseAbandonedScript: ScriptFn;
  private readonly createIndexedScript: ScriptFn;
  private readonly putProfileScript: ScriptFn;
  private readonly takeTokenScript: ScriptFn;
  private readonly findKeyCallerScript: ScriptFn;
  private readonly recordKeyUsesScript: ScriptFn;
  private readonly venueActivityScript: ScriptFn;
  private readonly keepWatchlistScript: ScriptFn;
  /** Prepended by ioredis to KEYS; scripts that name further keys themselves are given it. */
  private readonly keyPrefix: string;

  private constructor(
    private readonly redis: Redis,
    options: RedisStoreOptions & { keyPrefix: string },
  ) {
    this.now = options.now ?? Date.now;
    this.keyPrefix = options.keyPrefix;
    this.consumeScript = this.defineScript("vdConsume", 1, CONSUME);
    this.leaseScript = this.defineScript("vdLease", 3, LEASE);
    this.settleScript = this.defineScript("vdSettle", 2, SETTLE);
    this.settleUnitsScript = this.defineScript("vdSettleUnits", 2, SETTLE_UNITS);
    this.releaseScript = this.defineScript("vdRelease", 2, RELEASE);
    this.releaseAbandonedScript = this.defineScript("vdReleaseAbandoned", 2, RELEASE_ABANDONED);
    this.createIndexedScript = this.defineScript("vdCreateIndexed", 3, CREATE_INDEXED);
    this.putProfileScript = this.defineScript("vdPutProfile", 4, PUT_PROFILE);
    this.takeTokenScript = this.defineScript("vdTakeToken", 1, TAKE_TOKEN);
    this.findKeyCallerScript = this.defineScript("vdFindKeyCaller", 1, FIND_KEY_CALLER);
    this.recordKeyUsesScript = this.defineScript("vdRecordKeyUses", undefined, RECORD_KEY_USES);
    this.venueActivityScript = this.defineScript("vdVenueActivity", 4, VENUE_ACTIVITY);
    this.keepWatchlistScript = this.defineScript("vdKeepWatchlist", 1, KEEP_WATCHLIST);
  }

  /**
   * Connects before returning, so a wrong REDIS_URL fails at start-up rather than on the first request. The store
   * returned runs every call through a StoreGuard (deadline, circuit breaker).
   */
  static async connect(options: RedisStoreOptions): Promise<RedisStore> {
    const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_PREFIX;
    const redis = new Redis(options.url, {
      keyPrefix,
      lazyConnect: true,
      // Fail fast rather than make requests wait on a Redis that is gone: a command gets the store timeout (the
      // guard bounds a whole call of several commands by the same), one retry, and while the connection is down
      // commands fail at once instead of queueing (the edge answers 503 for metered calls; pages never wait on the
      // store). Reconnection keeps running in the background.
      commandTimeout: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // connect() rejects with the same error it emits; listen meanwhile so it is not also reported as unhandled.
    const swallow = () => {};
    redis.on("error", swallow);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`cannot connect to Redis at REDIS_URL: ${(error as Error).message}`);
    }
    // From here on a lost connection shows as failing commands (the edge logs them and answers 503) while ioredis
    // reconnects; the listener stays so ioredis does not print every reconnect attempt as an unhandled error.
    const guard = new StoreGuard({
      label: "state store (Redis)",
      timeoutMs: options.timeoutMs,
      isUnavailable: isRedisUnavailable,
    });
    return guardStore(new RedisStore(redis, { ...options, keyPrefix }), guard);
  }

  /**
   * ioredis runs a defined command by EVALSHA (falling back to EVAL) and prefixes its KEYS. Without
   * `numberOfKeys` the command takes the number of keys as its first argument.
   */
  private defineScript(name: string, numberOfKeys: number | undefined, lua: string): ScriptFn {
    this.redis.defineCommand(name, { numberOfKeys, lua });
    const command = (this.redis as unknown as Record<string, ScriptFn>)[name];
    if (!command) throw new Error(`ioredis did not define ${name}`);
    return command.bind(this.redis);
  }

  /**
   * Writes `record` (it has an id) as the hash `key` if it can claim the unique `index`, and appends its id to
   * `list` when given, all at once (CREATE_INDEXED); false when the index was taken.
   */
  private async createIndexed(
    index: string,
    key: string,
    record: Record<string, string | null> & { id: string },
    list?: string,
  ): Promise<boolean> {
    const appended = list === undefined ? "0" : "1";
    return (
      (await this.createIndexedScript(index, key, list ?? key, record.id, appended, ...pairs(record))) !== 0
    );
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  async createAccount(a: Account): Promise<void> {
    const created = await this.createIndexed(`account-email:${a.email}`, `account:${a.id}`, {
      id: a.id,
      email: a.email,
      name: a.name,
      institution: a.institution,
      password_hash: a.passwordHash,
      password_salt: a.passwordSalt,
      verified: a.verified ? "1" : "0",
      created_at: a.createdAt,
    });
    if (!created) throw new DuplicateEmailError(a.email);
  }

  async getAccount(id: string): Promise<Account | null> {
    const fields = await this.redis.hgetall(`account:${id}`);
    return isEmpty(fields) ? null : records.account(fields);
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const id = await this.redis.get(`account-email:${email}`);
    return id === null ? null : this.getAccount(id);
  }

  async createApiKey(k: Omit<ApiKeyRecord, "usageCount" | "lastUsedAt" | "revokedAt">): Promise<void> {
    const record = {
      id: k.id,
      account_id: k.accountId,
      hash: k.hash,
      label: k.label,
      created_at: k.createdAt,
      usage_count: "0",
    };
    const list = `account-keys:${k.accountId}`;
    const created = await this.createIndexed(`apikey-hash:${k.hash}`, `apikey:${k.id}`, record, list);
    if (!created) throw new Error("an API key with this hash already exists");
  }

  private async getApiKey(id: string): Promise<ApiKeyRecord | null> {
    const fields = await this.redis.hgetall(`apikey:${id}`);
    return isEmpty(fields) ? null : records.apiKey(fields);
  }

  async findKeyCaller(hash: string): Promise<KeyCaller | null> {
    const found = (await this.findKeyCallerScript(`apikey-hash:${hash}`, this.keyPrefix)) as string[] | null;
    return found ? records.keyCaller(fieldsOf(found)) : null;
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const ids = await this.redis.lrange(`account-keys:${accountId}`, 0, -1);
    const keys = await Promise.all(ids.map((id) => this.getApiKey(id)));
    return keys.filter((k): k is ApiKeyRecord => k !== null);
  }

  async revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    // The owner never changes, so checking it and then setting revoked_at (HSETNX keeps the first time) is safe.
    const owner = await this.redis.hget(`apikey:${keyId}`, "account_id");
    if (owner !== accountId) return null;
    await this.redis.hsetnx(`apikey:${keyId}`, "revoked_at", this.isoNow());
    return this.getApiKey(keyId);
  }

  async recordKeyUses({ writer, sequence, uses }: KeyUseBatch): Promise<void> {
    const keys = [`key-use-writer:${writer}`, ...uses.map((u) => `apikey:${u.keyId}`)];
    const keptSeconds = Math.ceil(KEY_USE_WRITER_KEPT_MS / 1000);
    const args = [sequence, keptSeconds, ...uses.flatMap((u) => [u.count, u.lastUsedAt])];
    await this.recordKeyUsesScript(keys.length, ...keys, ...args);
  }

  async getProfile(accountId: string): Promise<Profile | null> {
    const f = await this.redis.hgetall(`profile:${accountId}`);
    if (isEmpty(f)) return null;
    const list = (name: string): string[] => JSON.parse(f[name] ?? "[]") as string[];
    return {
      accountId,
      public: f.public === "1",
      institution: opt(f, "institution"),
      cv: opt(f, "cv"),
      trackedConferences: list("tracked_conferences"),
      trackedJournals: list("tracked_journals"),
      attendedConferences: list("attended_conferences"),
      updatedAt: req(f, "updated_at"),
    };
  }

  async putProfile(p: Profile): Promise<void> {
    const scalars: Record<string, string | null> = {
      public: p.public ? "1" : "0",
      institution: p.institution,
      cv: p.cv,
      updated_at: p.updatedAt,
    };
    const set = Object.entries(scalars).filter(([, v]) => v !== null);
    const del = Object.entries(scalars)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    const lists = [p.trackedConferences, p.trackedJournals, p.attendedConferences];
    await this.putProfileScript(
      `profile:${p.accountId}`,
      "trackers:conference",
      "trackers:journal",
      "attendees:conference",
      ...lists.map((ids) => JSON.stringify(uniqueIds(ids))),
      JSON.stringify(set),
      JSON.stringify(del),
    );
  }

  async venueCounts(kind: VenueKind): Promise<Map<string, VenueCounts>> {
    const [trackers, attendees] = await Promise.all([
      this.redis.hgetall(`trackers:${kind}`),
      kind === "conference" ? this.redis.hgetall("attendees:conference") : Promise.resolve({} as Fields),
    ]);
    const counts = new Map<string, VenueCounts>();
    for (const id of new Set([...Object.keys(trackers), ...Object.keys(attendees)])) {
      counts.set(id, { trackers: Number(trackers[id] ?? 0), attendees: Number(attendees[id] ?? 0) });
    }
    return counts;
  }

  async venueActivity(kind: VenueKind, venueId: string, limit: number): Promise<VenueActivityRecord> {
    // Only conferences have attendees: a journal's key is never written.
    const [trackers, attendees, ratings, comments] = (await this.venueActivityScript(
      `trackers:${kind}`,
      `attendees:${kind}`,
      `ratings:${kind}:${venueId}`,
      `comments:${kind}:${venueId}`,
      venueId,
      Math.max(0, limit),
      this.keyPrefix,
    )) as [string, string, string[], string[][]];
    return {
      counts: { trackers: Number(trackers), attendees: Number(attendees) },
      ratings: summarizeRatings(histogramOf(ratings)),
      comments: comments.map((flat) => records.authoredComment(fieldsOf(flat))),
    };
  }

  async consume(key: string, limit: number, ttlSeconds: number): Promise<ConsumeResult> {
    const [granted, used] = (await this.consumeScript(`counter:${key}`, limit, Math.ceil(ttlSeconds))) as [
      number,
      number,
    ];
    return countResult(granted, used, limit);
  }

  async reserve(key: string, limit: number, ttlSeconds: number): Promise<ReserveResult> {
    return reservedOne(await this.lease(key, limit, ttlSeconds, 1), limit);
  }

  async lease(key: string, limit: number, ttlSeconds: number, units: number): Promise<LeaseResult> {
    const [granted, used, reservation] = (await this.leaseScript(
      `counter:${key}`,
      RESERVATIONS,
      RESERVATION_UNITS,
      limit,
      Math.ceil(ttlSeconds),
      randomUUID(),
      units,
      LEASE_SHARE,
    )) as [number, number, string?];
    if (granted === 0) return refusedLease(limit);
    return { granted, used, reservation: String(reservation) };
  }

  async settle(reservations: readonly string[]): Promise<void> {
    if (reservations.length > 0) await this.settleScript(RESERVATIONS, RESERVATION_UNITS, ...reservations);
  }

  async settleUnits(updates: readonly LeaseUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const triples = updates.flatMap((u) => [u.reservation, u.kept, u.returned]);
    await this.settleUnitsScript(RESERVATIONS, RESERVATION_UNITS, ...triples);
  }

  async release(reservation: string): Promise<void> {
    await this.releaseScript(RESERVATIONS, RESERVATION_UNITS, reservation);
  }

  async releaseAbandoned(leaseMs: number): Promise<number> {
    return Number(await this.releaseAbandonedScript(RESERVATIONS, RESERVATION_UNITS, Math.round(leaseMs)));
  }

  async peek(key: string, limit: number): Promise<ConsumeResult> {
    return peekResult(Number((await this.redis.get(`counter:${key}`)) ?? 0), limit);
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(`counter:${key}`);
  }

  async recordViews(views: readonly VenueViews[]): Promise<void> {
    if (views.length === 0) return;
    const day = utcDay(this.now());
    const tx = this.redis.multi();
    for (const { kind, venueId, count } of views) tx.hincrby(`views:${kind}:${day}`, venueId, count);
    for (const kind of new Set(views.map((v) => v.kind))) {
      tx.expire(`views:${kind}:${day}`, VIEW_RETENTION_DAYS * DAY_SECONDS);
    }
    await tx.exec();
  }

  private viewKeys(kind: VenueKind): string[] {
    return recentDays(this.now(), VIEW_WINDOW_DAYS).map((day) => `views:${kind}:${day}`);
  }

  async views30d(kind: VenueKind): Promise<Map<string, number>> {
    const days = await Promise.all(this.viewKeys(kind).map((key) => this.redis.hgetall(key)));
    const totals = new Map<string, number>();
    for (const day of days) {
      for (const [id, n] of Object.entries(day)) totals.set(id, (totals.get(id) ?? 0) + Number(n));
    }
    return totals;
  }

  async views30dOf(kind: VenueKind, venueId: string): Promise<number> {
    const days = await Promise.all(this.viewKeys(kind).map((key) => this.redis.hget(key, venueId)));
    return days.reduce((sum, n) => sum + Number(n ?? 0), 0);
  }

  async putRating(r: RatingInput): Promise<void> {
    assertRating(r);
    const stored: StoredRating = { rating: r.rating, demo: r.demo, createdAt: this.isoNow() };
    const demoMember = JSON.stringify([r.kind, r.venueId, r.userId]);
    const tx = this.redis.multi().hset(`ratings:${r.kind}:${r.venueId}`, r.userId, JSON.stringify(stored));
    if (r.demo) tx.sadd("demo-ratings", demoMember);
    else tx.srem("demo-ratings", demoMember);
    await tx.exec();
  }

  async addComment(c: CommentInput): Promise<Comment> {
    const id = String(await this.redis.incr("comment-seq"));
    const comment: Comment = { ...c, id, createdAt: this.isoNow() };
    const tx = this.redis
      .multi()
      .hset(
        `comment:${id}`,
        ...pairs({
          id,
          kind: c.kind,
          venue_id: c.venueId,
          user_id: c.userId,
          text: c.text,
          demo: c.demo ? "1" : "0",
          created_at: comment.createdAt,
        }),
      )
      .lpush(`comments:${c.kind}:${c.venueId}`, id);
    if (c.demo) tx.sadd("demo-comments", id);
    await tx.exec();
    return comment;
  }

  async removeDemoFeedback(): Promise<number> {
    const [ratings, commentIds] = await Promise.all([
      this.redis.smembers("demo-ratings"),
      this.redis.smembers("demo-comments"),
    ]);
    const comments = (await Promise.all(commentIds.map((id) => this.redis.hgetall(`comment:${id}`))))
      .filter((f) => !isEmpty(f))
      .map(records.comment);
    const tx = this.redis.multi();
    for (const member of ratings) {
      const [kind, venueId, userId] = JSON.parse(member) as [string, string, string];
      tx.hdel(`ratings:${kind}:${venueId}`, userId);
    }
    for (const c of comments) tx.lrem(`comments:${c.kind}:${c.venueId}`, 0, c.id).del(`comment:${c.id}`);
    tx.del("demo-ratings", "demo-comments");
    await tx.exec();
    return ratings.length + comments.length;
  }

  async takeToken(key: string, perSecond: number, burst: number, debit = 0): Promise<number> {
    return Number(await this.takeTokenScript(`rate:${key}`, perSecond, burst, debit));
  }

  async getWatchlist(id: string): Promise<Watchlist | null> {
    const [fields, ttl] =
      (await this.redis.multi().hgetall(`watchlist:${id}`).pttl(`watchlist:${id}`).exec()) ?? [];
    const f = (fields?.[1] ?? {}) as Fields;
    if (isEmpty(f)) return null;
    // The key's TTL is the expiry; a list written before lists expired has none and reads as due now.
    const left = Math.max(0, Number(ttl?.[1] ?? 0));
    return {
      id,
      secretHash: req(f, "secret_hash"),
      conferences: JSON.parse(f.conferences ?? "[]") as string[],
      journals: JSON.parse(f.journals ?? "[]") as string[],
      updatedAt: req(f, "updated_at"),
      expiresAt: new Date(this.now() + left).toISOString(),
    };
  }

  /** Ms from now until `expiresAt`, at least 1 (PEXPIRE with 0 or less deletes the key at once). */
  private msUntil(expiresAt: string): number {
    return Math.max(1, Date.parse(expiresAt) - this.now());
  }

  async putWatchlist(w: Watchlist): Promise<void> {
    // The secret is written once: HSETNX keeps the first, so a replace can never change it.
    await this.redis
      .multi()
      .hsetnx(`watchlist:${w.id}`, "secret_hash", w.secretHash)
      .hset(`watchlist:${w.id}`, {
        conferences: JSON.stringify(w.conferences),
        journals: JSON.stringify(w.journals),
        updated_at: w.updatedAt,
      })
      .pexpire(`watchlist:${w.id}`, this.msUntil(w.expiresAt))
      .exec();
  }

  async keepWatchlist(id: string, expiresAt: string): Promise<void> {
    await this.keepWatchlistScript(`watchlist:${id}`, this.msUntil(expiresAt));
  }

  async removeExpiredWatchlists(): Promise<number> {
    return 0;
  }

  async storageUse(): Promise<StorageUse> {
    const info = await this.redis.info("memory");
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, "m").exec(info)?.[1] ?? 0);
    const max = field("maxmemory");
    return { bytes: field("used_memory"), maxBytes: max > 0 ? max : null };
  }

  /** An account's addresses are a sorted set scored by when each one's time runs out (the injected clock's ms). */
  async rememberLoginAddress(
    account: string,
    address: string,
    ttlSeconds: number,
    max: number,
  ): Promise<void> {
    const key = `login-addresses:${account}`;
    const now = this.now();
    const ttlMs = Math.ceil(ttlSeconds * 1000);
    await this.redis
      .multi()
      .zadd(key, now + ttlMs, address)
      .zremrangebyscore(key, "-inf", now)
      // Ranks run from the soonest to run out: all but the last `max` go.
      .zremrangebyrank(key, 0, -(Math.max(0, max) + 1))
      .pexpire(key, ttlMs)
      .exec();
  }

  async knowsLoginAddress(account: string, address: string): Promise<boolean> {
    const expires = await this.redis.zscore(`login-addresses:${account}`, address);
    return expires !== null && Number(expires) > this.now();
  }

  async getOrInitSetting(key: string, candidate: string): Promise<string> {
    await this.redis.set(`setting:${key}`, candidate, "NX");
    return (await this.redis.get(`setting:${key}`)) ?? candidate;
  }

  async close(): Promise<void> {
    if (this.redis.status === "ready") await this.redis.quit();
    else this.redis.disconnect();
  }
}
