/**
 * How often one may try to log in, far below the general rate limit, since every attempt costs a scrypt run, and
 * without letting anyone's guesses lock the owner out:
 *   - per client address: LOGIN_PER_SECOND attempts a second (a token bucket in this process: it guards this
 *     process's hashing threads) and LOGIN_FAILURES_PER_HOUR failed attempts an hour, whatever the account, refused
 *     ones included (in the state store); past either the login answers 429 with Retry-After before any hashing;
 *   - per account and address: after FREE_FAILURES failures of one address on one account, its further attempts on
 *     that account within a doubling wait (1 s, 2 s, 4 s … capped at MAX_BACKOFF_SECONDS) are refused like a wrong
 *     password without checking; the owner elsewhere is not held by them;
 *   - per account, as a ceiling on guessing from many addresses: each address adds at most FREE_FAILURES a day to
 *     the account's spread, and once that reaches ACCOUNT_FREE_FAILURES (so at least two addresses failed) each
 *     further failure from anywhere starts a doubling wait in which attempts from addresses the account has never
 *     logged in from are refused unchecked. A known address (one that logged in to the account within
 *     KNOWN_ADDRESS_DAYS, at most KNOWN_ADDRESSES per account) never waits on others' failures.
 * A success clears its own address's failures on the account and makes the address known; it leaves the account's
 * spread alone, so guesses from elsewhere stay expensive. Everything lives in the state store, so every instance on
 * the same store sees it and a restart forgets nothing.
 */

import { quotaSubject } from "../../runtime/client-ip.ts";
import { type TokenBuckets, tokenBuckets } from "../../runtime/token-buckets.ts";
import type { Store } from "../store/types.ts";

export interface LoginLimits {
  /** Attempts per second per client address (LOGIN_PER_SECOND). */
  perSecond: number;
  /** Failed attempts per hour per client address (LOGIN_FAILURES_PER_HOUR). */
  failuresPerHour: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perSecond: 2, failuresPerHour: 30 };
export const FREE_FAILURES = 5;
/** Above what one address can add in a day, so the account-wide wait needs guesses from several addresses. */
export const ACCOUNT_FREE_FAILURES = 2 * FREE_FAILURES;
export const MAX_BACKOFF_SECONDS = 15 * 60;
export const KNOWN_ADDRESS_DAYS = 90;
/** Addresses remembered per account: a laptop, a phone, home, work and travel, with room to spare. */
export const KNOWN_ADDRESSES = 20;
/** A burst of attempts one address may make at once before the per-second rate applies. */
const BURST_SECONDS = 3;
const HOUR_SECONDS = 3600;
/** Failed attempts on one account are counted over a day from the first. */
const FAILURE_MEMORY_SECONDS = 86_400;
/** A window never full: the failure counters only count. */
const UNCAPPED = 1_000_000_000;

const keys = {
  addressFailures: (subject: string) => `login-failures:address:${subject}`,
  pairFailures: (email: string, subject: string) => `login-failures:pair:${subject}:${email}`,
  pairWait: (email: string, subject: string) => `login-wait:pair:${subject}:${email}`,
  accountSpread: (email: string) => `login-spread:${email}`,
  accountFailures: (email: string) => `login-failures:account:${email}`,
  accountWait: (email: string) => `login-wait:${email}`,
};

/** The doubling wait after `over` failures past the free ones. */
const backoffSeconds = (over: number) => Math.min(MAX_BACKOFF_SECONDS, 2 ** over);

/** What the limits say of one attempt that passed the address limits. */
export interface AttemptCheck {
  /** Refused unchecked: its address's back-off on the account, or the account-wide one for an unknown address. */
  held: boolean;
  /** The address logged in to the account before (KNOWN_ADDRESS_DAYS). */
  known: boolean;
}

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
    const subject = quotaSubject(ip);
    const wait = this.take(subject);
    if (wait > 0) return wait;
    const hour = await this.store.peek(keys.addressFailures(subject), this.limits.failuresPerHour);
    return hour.allowed ? 0 : HOUR_SECONDS;
  }

  /** Whether an attempt from `ip` on `email` waits out a back-off (see AttemptCheck). */
  async check(ip: string, email: string): Promise<AttemptCheck> {
    const subject = quotaSubject(ip);
    const [pairWait, accountWait, known] = await Promise.all([
      this.store.peek(keys.pairWait(email, subject), 1),
      this.store.peek(keys.accountWait(email), 1),
      this.store.knowsLoginAddress(email, subject),
    ]);
    return { held: !pairWait.allowed || (!accountWait.allowed && !known), known };
  }

  /** An attempt refused without checking (held, or an impossible password): it counts against its address. */
  async refused(ip: string): Promise<void> {
    await this.countAgainstAddress(quotaSubject(ip));
  }

  async failed(ip: string, email: string): Promise<void> {
    const subject = quotaSubject(ip);
    await this.countAgainstAddress(subject);
    const pair = await this.store.consume(
      keys.pairFailures(email, subject),
      UNCAPPED,
      FAILURE_MEMORY_SECONDS,
    );
    // One request in a window of `wait` seconds: the key stays locked, for every instance, until it ends.
    if (pair.used >= FREE_FAILURES) {
      await this.store.consume(keys.pairWait(email, subject), 1, backoffSeconds(pair.used - FREE_FAILURES));
    }
    const spread =
      pair.used <= FREE_FAILURES
        ? await this.store.consume(keys.accountSpread(email), UNCAPPED, FAILURE_MEMORY_SECONDS)
        : await this.store.peek(keys.accountSpread(email), UNCAPPED);
    const all = await this.store.consume(keys.accountFailures(email), UNCAPPED, FAILURE_MEMORY_SECONDS);
    if (spread.used >= ACCOUNT_FREE_FAILURES) {
      await this.store.consume(keys.accountWait(email), 1, backoffSeconds(all.used - ACCOUNT_FREE_FAILURES));
    }
  }

  /** Clears the address's own failures on the account and remembers it as known; others' failures stay. */
  async succeeded(ip: string, email: string): Promise<void> {
    const subject = quotaSubject(ip);
    await Promise.all([
      this.store.forget(keys.pairFailures(email, subject)),
      this.store.rememberLoginAddress(email, subject, KNOWN_ADDRESS_DAYS * 86_400, KNOWN_ADDRESSES),
    ]);
  }

  private async countAgainstAddress(subject: string): Promise<void> {
    await this.store.consume(keys.addressFailures(subject), this.limits.failuresPerHour, HOUR_SECONDS);
  }
}
