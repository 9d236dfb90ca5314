/**
 * Daily quotas, reset at UTC midnight. An account's allowance is shared by all of its keys and login tokens across
 * REST and MCP (used up: 402); anonymous callers get a smaller allowance per IP (used up: 429). Paid requests are
 * not counted, and neither are requests with an invalid credential (they are refused with 401 anyway); both report
 * the caller's anonymous per-IP allowance unchanged, so the headers still say what a free request would have left.
 */
import type { Caller, QuotaResult } from "../../read/caller.ts";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { secondsToUtcMidnight, utcDate } from "../../runtime/clock.ts";
import type { Store } from "../store/types.ts";
import type { AuthConfig } from "./config.ts";

export type QuotaState = Omit<QuotaResult, "exceeded">;

type QuotaConfig = Pick<AuthConfig, "accountDailyQuota" | "anonDailyQuota">;

interface Bucket {
  key: string;
  limit: number;
  status: 402 | 429;
}

function bucketOf(caller: Caller, config: QuotaConfig, now: Date): Bucket {
  const day = utcDate(now);
  if (caller.kind === "account") {
    // A quota the operator granted (set-quota) replaces the default for this account.
    const limit = caller.dailyQuota ?? config.accountDailyQuota;
    return { key: `account:${caller.accountId}:${day}`, limit, status: 402 };
  }
  return { key: `ip:${quotaSubject(caller.ip)}:${day}`, limit: config.anonDailyQuota, status: 429 };
}

/**
 * What counts requests: the store itself (one call per request), or this instance's leased blocks
 * (store/quota-leases.ts), which keep the store's contract for these two calls.
 */
export type QuotaCounter = Pick<Store, "reserve" | "peek">;

/**
 * Reports the caller's allowance without counting: for pages, static files and refused requests. `counter` is the
 * store or this instance's leases.
 */
export async function peekQuota(
  caller: Caller,
  counter: Pick<QuotaCounter, "peek">,
  config: QuotaConfig,
  now = new Date(),
): Promise<QuotaState> {
  const bucket = bucketOf(caller, config, now);
  const { remaining } = await counter.peek(bucket.key, bucket.limit);
  return { limit: bucket.limit, remaining };
}

/**
 * Counts the request against the caller's daily allowance, or says why it must be refused. An admitted request's
 * charge comes with its reservation: settle it once answered, release it if not (edge/caller-quota.ts).
 */
export async function consumeQuota(
  caller: Caller,
  counter: QuotaCounter,
  config: QuotaConfig,
  now = new Date(),
): Promise<QuotaResult> {
  if (caller.kind === "paid" || caller.kind === "invalid") {
    return { ...(await peekQuota(caller, counter, config, now)), exceeded: null };
  }
  const bucket = bucketOf(caller, config, now);
  const retryAfterSeconds = secondsToUtcMidnight(now);
  // The date is part of the key, so the window only needs to outlive the day; the TTL just clears old counters.
  const result = await counter.reserve(bucket.key, bucket.limit, retryAfterSeconds + 3600);
  if (!result.allowed) {
    return { limit: bucket.limit, remaining: 0, exceeded: { status: bucket.status, retryAfterSeconds } };
  }
  return {
    limit: bucket.limit,
    remaining: result.remaining,
    exceeded: null,
    reservation: result.reservation ?? undefined,
  };
}
