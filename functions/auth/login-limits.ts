/**
 * How often one may try to log in, far below the general rate limit, since every attempt costs a scrypt run:
 *   - per client address: LOGIN_PER_SECOND attempts a second (a token bucket in this process: it guards this
 *     process's hashing threads) and LOGIN_FAILURES_PER_HOUR failed attempts an hour (in the state store);
 *     past either the login answers 429 with Retry-After before any hashing;
 *   - per account (e-mail): after FREE_FAILURES failed attempts, each further attempt within a doubling wait
 *     (1 s, 2 s, 4 s … capped at MAX_BACKOFF_SECONDS) is refused like a wrong password without checking it, so
 *     guessing costs time however many addresses the guesses come from; a success clears the count.
 * The hourly counts and the back-off live in the state store, so every instance on the same store sees them and a
 * restart forgets nothing.
 */
import { type TokenBuckets, tokenBuckets } from "../edge/rate-limit.ts";
import { quotaSubject } from "../http/client-ip.ts";
import type { Store } from "../store/types.ts";

export interface LoginLimits {
  /** Attempts per second per client address (LOGIN_PER_SECOND). */
  perSecond: number;
  /** Failed attempts per hour per client address (LOGIN_FAILURES_PER_HOUR). */
  failuresPerHour: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perSecond: 2, failuresPerHour: 30 };
export const FREE_FAILURES = 5;
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** A burst of attempts one address may make at once before the per-second rate applies. */
const BURST_SECONDS = 3;
const HOUR_SECONDS = 3600;
/** Failed attempts on one account are counted over a day from the first. */
const FAILURE_MEMORY_SECONDS = 86_400;
/** A window never full: the failure counter only counts. */
const UNCAPPED = 1_000_000_000;

const keys = {
  addressFailures: (ip: string) => `login-failures:address:${quotaSubject(ip)}`,
  accountFailures: (email: string) => `login-failures:account:${email}`,
  accountWait: (email: string) => `login-wait:${email}`,
};

export class LoginLimiter {
  private readonly take: TokenBuckets;

  constructor(
    private readonly store: Store,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.take = tokenBuckets({ perSecond: limits.perSecond, burst: limits.perSecond * BURST_SECONDS });
  }

  /** Seconds the address must wait before its next attempt, or 0 when it may try now. */
  async addressWait(ip: string): Promise<number> {
    const wait = this.take(quotaSubject(ip));
    if (wait > 0) return wait;
    const hour = await this.store.peek(keys.addressFailures(ip), this.limits.failuresPerHour);
    return hour.allowed ? 0 : HOUR_SECONDS;
  }

  /** Whether the account is inside its back-off wait (attempts refused unchecked). */
  async accountWaiting(email: string): Promise<boolean> {
    return !(await this.store.peek(keys.accountWait(email), 1)).allowed;
  }

  async failed(ip: string, email: string): Promise<void> {
    await this.store.consume(keys.addressFailures(ip), this.limits.failuresPerHour, HOUR_SECONDS);
    const { used } = await this.store.consume(keys.accountFailures(email), UNCAPPED, FAILURE_MEMORY_SECONDS);
    if (used < FREE_FAILURES) return;
    // One request in a window of `wait` seconds: the account stays locked, for every instance, until it ends.
    const wait = Math.min(MAX_BACKOFF_SECONDS, 2 ** (used - FREE_FAILURES));
    await this.store.consume(keys.accountWait(email), 1, wait);
  }

  succeeded(email: string): Promise<void> {
    return this.store.forget(keys.accountFailures(email));
  }
}
