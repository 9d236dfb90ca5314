/**
 * When the main thread may answer the two reads every keyed request makes (findKeyCaller, venueActivity) from
 * memory (sqlite-read-cache.ts): the worker and SqliteStore share a few integers (a SharedArrayBuffer), and the
 * worker keeps them true.
 * - GENERATION moves after every call that may change what those reads return, before the worker answers the call,
 *   so within this process the next request never sees the old answer (a key revoked, a comment added).
 * - While the cache is in use the worker compares SQLite's `PRAGMA data_version` (which moves when any other
 *   connection commits: another process, the accounts CLI, this worker's own second connection) every
 *   WATCH_POLL_MS, moves GENERATION when it changed, and writes the time of each check to CHECKED_AT. The main
 *   thread trusts the cache only while that time is recent, so a worker that is stuck (a hung file system, a long
 *   lock wait) or a database that cannot be read turns every read back into a store call, which fails closed as
 *   before.
 * - IN_USE is set by the main thread on each answer from memory; the worker stops checking after WATCH_IDLE_MS
 *   without one, and an idle service does not wake every few milliseconds.
 */
import type { Store } from "./types.ts";

type StoreMethod = keyof Store;

/** Int32 slots of the shared buffer. */
export const GENERATION = 0;
export const IN_USE = 1;
/** Byte offset of a BigInt64 slot: the Date.now() of the worker's last check (0 while not checking). */
const CHECKED_AT_OFFSET = 8;
export const SHARED_BYTES = 16;

/** The shared buffer's two views. */
export function sharedViews(buffer: SharedArrayBuffer) {
  return { slots: new Int32Array(buffer, 0, 2), checkedAt: new BigInt64Array(buffer, CHECKED_AT_OFFSET, 1) };
}

/** How often the worker asks SQLite whether another connection committed, while the cache is in use. */
const WATCH_POLL_MS = 2;
/** How long the worker keeps checking after the cache was last used. */
const WATCH_IDLE_MS = 1000;

/** The reads the main thread may answer from memory. */
const CACHED_READS: ReadonlySet<StoreMethod> = new Set<StoreMethod>(["findKeyCaller", "venueActivity"]);

/**
 * Methods that never change what CACHED_READS return: other reads, and the writes of meters (quota counters, key-use
 * counts and views, none of which a cached read returns). Every other method moves GENERATION, so a method added
 * later is safe by default.
 */
const LEAVES_CACHED_READS: ReadonlySet<StoreMethod> = new Set<StoreMethod>([
  "getAccount",
  "findAccountByEmail",
  "findKeyCaller",
  "listApiKeys",
  "getProfile",
  "venueCounts",
  "venueActivity",
  "peek",
  "views30d",
  "views30dOf",
  "getWatchlist",
  "putWatchlist",
  "keepWatchlist",
  "removeExpiredWatchlists",
  "storageUse",
  "getOrInitSetting",
  "getSetting",
  "recordKeyUses",
  "recordViews",
  "consume",
  "reserve",
  "lease",
  "settleUnits",
  "settle",
  "release",
  "releaseAbandoned",
  "forget",
  "rememberLoginAddress",
  "knowsLoginAddress",
  "enqueueMail",
  "claimMail",
  "markMailSent",
  "markMailFailed",
  "bounceMail",
  "isMailSuppressed",
  "mailQueueDepth",
  "purgeMail",
]);

export class ChangeWatch {
  private readonly shared: Int32Array;
  private readonly checkedAt: BigInt64Array;
  private seen: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private idleChecks = 0;

  private readonly dataVersion: () => number;

  /** `dataVersion` reads `PRAGMA data_version` on a connection whose own commits never change a cached read. */
  constructor(buffer: SharedArrayBuffer, dataVersion: () => number) {
    ({ slots: this.shared, checkedAt: this.checkedAt } = sharedViews(buffer));
    this.dataVersion = dataVersion;
  }

  /**
   * Before a call runs: a cached read starts (or keeps up) the watch first, so a commit that lands after the read
   * is seen by a later check, never folded into the first one.
   */
  before(method: StoreMethod): void {
    if (CACHED_READS.has(method)) this.watch();
  }

  /** After a call has run, whether or not it succeeded (a failed write may still have changed something). */
  after(method: StoreMethod): void {
    if (!LEAVES_CACHED_READS.has(method)) this.move();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.seen = null;
    Atomics.store(this.checkedAt, 0, 0n);
    this.move();
  }

  private move(): void {
    Atomics.add(this.shared, GENERATION, 1);
  }

  private watch(): void {
    this.idleChecks = 0;
    if (this.timer) return;
    if (!this.check()) return;
    this.timer = setInterval(() => {
      if (!this.check()) return;
      if (Atomics.exchange(this.shared, IN_USE, 0) === 1) this.idleChecks = 0;
      else if (++this.idleChecks * WATCH_POLL_MS >= WATCH_IDLE_MS) this.stop();
    }, WATCH_POLL_MS);
    // Checking never keeps the worker (or the process) alive on its own.
    this.timer.unref();
  }

  /** One look at data_version; false (and no longer watching) when the database cannot be read. */
  private check(): boolean {
    let version: number;
    try {
      version = this.dataVersion();
    } catch {
      this.stop();
      return false;
    }
    if (this.seen !== null && version !== this.seen) this.move();
    this.seen = version;
    Atomics.store(this.checkedAt, 0, BigInt(Date.now()));
    return true;
  }
}
