/**
 * The quota capability of the state store: counters with a window, the reservations that hold a request's charge,
 * leased blocks of them, and token buckets. Part of the Store contract: import it from ../types.ts, which re-exports
 * every capability.
 */

export interface ConsumeResult {
  allowed: boolean;
  /** Requests counted in the current window, never above the limit. */
  used: number;
  remaining: number;
}

export interface ReserveResult extends ConsumeResult {
  /** Names the pending reservation that holds an admitted request's charge; null when the request was refused. */
  reservation: string | null;
}

export interface LeaseResult {
  /**
   * Units counted for the lease: at most the units asked for and at most a LEASE_SHARE-th of what the window had
   * left (at least one), so the last units of a quota are not all leased to one instance; 0 when none were left.
   */
  granted: number;
  /** Counted in the window once the lease is, never above the limit. */
  used: number;
  /** The pending reservation holding the granted units; null when none were granted. */
  reservation: string | null;
}

/** What became of some of the units a lease's reservation holds. */
export interface LeaseUpdate {
  reservation: string;
  /** Units spent on answered requests: kept for good. */
  kept: number;
  /** Units not spent (unused, or requests not answered): given back to the window. */
  returned: number;
}

/**
 * Counters with a window: a request counted for good, the figures read, the window dropped (login limits,
 * single-use tokens, watchlist creation).
 */
export interface CounterStore {
  /**
   * Counts one request against `key` unless `limit` is reached; the window starts at the first request and lasts
   * `ttlSeconds`. Atomic across processes: never admits a request past the limit and loses none. The count is for
   * good (a single-use token claimed); a request still to be answered is counted with `reserve`.
   */
  consume(key: string, limit: number, ttlSeconds: number): Promise<ConsumeResult>;
  /** The same figures without counting. */
  peek(key: string, limit: number): Promise<ConsumeResult>;
  /** Drops the counter of `key` at once, as if its window had ended (a successful login clears its failures). */
  forget(key: string): Promise<void>;
}

/** A request's charge on a counter held as a pending reservation until it is answered. */
export interface ReservationStore {
  /**
   * Counts like `consume`, and in the same atomic step records an admitted request's charge as a pending
   * reservation (counter key, time taken, window expiry): a lease of one unit. The charge is kept once the
   * reservation is settled, given back when it is released, and given back by `releaseAbandoned` when neither
   * happens within the lease.
   */
  reserve(key: string, limit: number, ttlSeconds: number): Promise<ReserveResult>;
  /** Keeps the charges of answered requests: drops their reservations, all in one write. Unknown ones are ignored. */
  settle(reservations: readonly string[]): Promise<void>;
  /**
   * Gives back the requests a pending reservation holds (never below zero) and drops the reservation, atomically: a
   * request charged but not answered. A reservation no longer pending (settled, released or swept) changes nothing,
   * so a charge comes back at most once; nor does one whose counter window has ended.
   */
  release(reservation: string): Promise<void>;
  /**
   * Releases, as `release` does, every reservation taken more than `leaseMs` ago: left by a process that died
   * before answering. Safe beside live processes on the same state while no request lives longer than `leaseMs`.
   * Returns how many reservations it dropped.
   */
  releaseAbandoned(leaseMs: number): Promise<number>;
}

/** Blocks of a counter's requests taken at once by one instance, and what became of them written back. */
export interface LeaseStore {
  /**
   * Counts a block of up to `units` requests at once, in one atomic step, as one pending reservation holding them
   * (see LeaseResult for how many are granted): an instance then admits that many requests without asking again.
   * A reservation from `reserve` holds one unit; `settle`, `release` and `releaseAbandoned` act on all the units a
   * reservation still holds.
   */
  lease(key: string, limit: number, ttlSeconds: number, units: number): Promise<LeaseResult>;
  /**
   * Applies each update to its reservation in one write: its kept units stay counted, its returned ones are given
   * back (never below zero, only in their own window, never more than it holds), and the reservation is dropped
   * once it holds none. Unknown reservations (released or swept) are ignored.
   */
  settleUnits(updates: readonly LeaseUpdate[]): Promise<void>;
}

/** Per-second token buckets shared by every process on the store. */
export interface RateLimitStore {
  /**
   * Takes one token from the per-second bucket `key` (refilled `perSecond` a second, holding at most `burst`),
   * shared by every process on this store; resolves with the whole seconds to wait, 0 when taken. With `debit`,
   * takes that many tokens whatever is left (a request's cost, charged after it ran) and resolves with 0. Only a
   * store shared between machines has it (Redis); elsewhere each process keeps its buckets in memory.
   */
  takeToken?(key: string, perSecond: number, burst: number, debit?: number): Promise<number>;
}

/** Quota: per-caller counters, the reservations that hold a request's charge, and leased blocks of them. */
export interface QuotaStore extends CounterStore, ReservationStore, LeaseStore, RateLimitStore {}
