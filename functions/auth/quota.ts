/**
 * Daily quotas, reset at UTC midnight. An account's allowance is shared by all of its keys and login tokens across
 * REST and MCP (used up: 402); anonymous callers get a smaller allowance per IP (used up: 429). Paid requests are
 * not counted, and neither are requests with an invalid credential (they are refused with 401 anyway); both report
 * the caller's anonymous per-IP allowance unchanged, so the headers still say what a free request would have left.
 */
import { utcDay } from "../store/shared.ts";
import type { Store } from "../store/types.ts";
import { quotaSubject } from "./client-ip.ts";
import type { AuthConfig } from "./config.ts";
import type { Caller } from "./credentials.ts";

export interface QuotaState {
  limit: number;
  remaining: number;
}

export interface QuotaOutcome extends QuotaState {
  /** null when the request may proceed. */
  exceeded: null | { status: 402 | 429; retryAfterSeconds: number };
}

type QuotaConfig = Pick<AuthConfig, "accountDailyQuota" | "anonDailyQuota">;

/** Seconds until the next UTC midnight, at least 1: the Retry-After of an exhausted quota. */
export function secondsUntilUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

interface Bucket {
  key: string;
  limit: number;
  status: 402 | 429;
}

function bucketOf(caller: Caller, config: QuotaConfig, now: Date): Bucket {
  const day = utcDay(now.getTime());
  if (caller.kind === "account") {
    return { key: `account:${caller.accountId}:${day}`, limit: config.accountDailyQuota, status: 402 };
  }
  return { key: `ip:${quotaSubject(caller.ip)}:${day}`, limit: config.anonDailyQuota, status: 429 };
}

/** Reports the caller's allowance without counting: for pages, static files and refused requests. */
export async function peekQuota(
  caller: Caller,
  store: Store,
  config: QuotaConfig,
  now = new Date(),
): Promise<QuotaState> {
  const bucket = bucketOf(caller, config, now);
  const { remaining } = await store.peek(bucket.key, bucket.limit);
  return { limit: bucket.limit, remaining };
}

/** Counts the request against the caller's daily allowance, or says why it must be refused. */
export async function consumeQuota(
  caller: Caller,
  store: Store,
  config: QuotaConfig,
  now = new Date(),
): Promise<QuotaOutcome> {
  if (caller.kind === "paid" || caller.kind === "invalid") {
    return { ...(await peekQuota(caller, store, config, now)), exceeded: null };
  }
  const bucket = bucketOf(caller, config, now);
  const retryAfterSeconds = secondsUntilUtcMidnight(now);
  // The date is part of the key, so the window only needs to outlive the day; the TTL just clears old counters.
  const result = await store.consume(bucket.key, bucket.limit, retryAfterSeconds + 3600);
  if (!result.allowed) {
    return { limit: bucket.limit, remaining: 0, exceeded: { status: bucket.status, retryAfterSeconds } };
  }
  if (caller.kind === "account" && caller.keyId !== null) await store.recordKeyUse(caller.keyId);
  return { limit: bucket.limit, remaining: result.remaining, exceeded: null };
}
