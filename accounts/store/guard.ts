/**
 * What stands between a caller and a store backend: a deadline on every call and a circuit breaker. A call that
 * times out, or fails because the backend is unavailable (busy, read-only, full, unreachable), rejects with
 * StoreUnavailable; after `failureThreshold` such failures in a row the circuit opens and every call fails at once
 * for `coolDownMs`, so requests stop queueing behind a dead backend. After the cool-down calls go through again:
 * one success closes the circuit, one more failure opens it for another cool-down. Other errors (a duplicate
 * e-mail, a bad argument) pass through untouched and do not count. Nor do background batch writes
 * (BACKGROUND_WRITES): they are retried or swept later, and a short write lock they meet must not make requests
 * that would be answered (a read, a call counted against a leased block) fail fast.
 */
import { withTimeout } from "../../runtime/timeout.ts";
import { DEFAULT_STORE_TIMEOUT_MS, type Store, StoreUnavailable } from "./types.ts";

export interface GuardOptions {
  /** Names the backend in error messages, e.g. "state store (Redis)". */
  label: string;
  /** Longest one call may take, ms. */
  timeoutMs?: number;
  /** Consecutive unavailable failures that open the circuit. */
  failureThreshold?: number;
  /** How long an open circuit fails fast, ms. */
  coolDownMs?: number;
  /** Whether an error thrown by the backend means it is unavailable (StoreUnavailable always does). */
  isUnavailable?: (err: unknown) => boolean;
}

export const DEFAULT_FAILURE_THRESHOLD = 5;

/**
 * Store methods only the background batches call (key uses, views, leased units, answered settles), and the mail
 * sender's, which retries on its own.
 */
const BACKGROUND_WRITES: ReadonlySet<string | symbol> = new Set([
  "recordKeyUses",
  "recordViews",
  "settleUnits",
  "settle",
  "claimMail",
  "markMailSent",
  "markMailFailed",
  "bounceMail",
  "mailQueueDepth",
  "purgeMail",
]);

/** Whether a call of the store method `method` counts toward opening the circuit. */
export function countsTowardBreaker(method: string | symbol): boolean {
  return !BACKGROUND_WRITES.has(method);
}
export const DEFAULT_COOL_DOWN_MS = 5000;

export class StoreGuard {
  readonly label: string;
  readonly timeoutMs: number;
  private readonly failureThreshold: number;
  private readonly coolDownMs: number;
  private readonly isUnavailable: (err: unknown) => boolean;
  private failures = 0;
  private openUntil = 0;

  constructor(options: GuardOptions) {
    this.label = options.label;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    this.failureThreshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
    this.coolDownMs = options.coolDownMs ?? DEFAULT_COOL_DOWN_MS;
    this.isUnavailable = options.isUnavailable ?? (() => false);
  }

  /** True while the circuit is open (calls fail without reaching the backend). */
  get open(): boolean {
    return performance.now() < this.openUntil;
  }

  /**
   * Runs one call under the deadline. `work` gets a signal that aborts when the deadline passes, so a backend can
   * drop what it queued for the call; the call rejects then whether or not `work` ever settles. An open circuit
   * fails every call fast; one not `counted` (a background write) neither opens nor closes it.
   */
  async run<T>(work: (signal: AbortSignal) => Promise<T>, counted = true): Promise<T> {
    if (this.open) {
      throw new StoreUnavailable(
        `${this.label} failed ${this.failureThreshold} times in a row; failing fast for ${this.coolDownMs} ms`,
      );
    }
    const controller = new AbortController();
    try {
      const result = await withTimeout(work(controller.signal), this.timeoutMs, () => {
        const timedOut = new StoreUnavailable(`${this.label} did not answer within ${this.timeoutMs} ms`);
        controller.abort(timedOut);
        throw timedOut;
      });
      if (counted) this.failures = 0;
      return result;
    } catch (err) {
      const unavailable =
        err instanceof StoreUnavailable
          ? err
          : this.isUnavailable(err)
            ? new StoreUnavailable(`${this.label} unavailable: ${(err as Error)?.message ?? String(err)}`, {
                cause: err,
              })
            : null;
      if (!unavailable || !counted) throw unavailable ?? err;
      this.failures += 1;
      if (this.failures >= this.failureThreshold) this.openUntil = performance.now() + this.coolDownMs;
      throw unavailable;
    }
  }
}

/**
 * The store with every call (all but close) run through `guard`, background writes not counted. Calls the store makes on itself inside a method
 * are not guarded again, so one request is one call as far as the breaker is concerned.
 */
export function guardStore<S extends Store>(store: S, guard: StoreGuard): S {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || property === "close" || property === "constructor") return value;
      return (...args: unknown[]) =>
        guard.run(() => value.apply(target, args), countsTowardBreaker(property));
    },
  });
}
