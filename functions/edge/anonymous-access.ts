/**
 * The default AccessControl, for a deployment without an account store: it knows anonymous callers only. Any
 * credential is rejected (never downgraded to anonymous) and each client address gets ANON_DAILY_QUOTA requests
 * per UTC day, counted in memory.
 */

import { DEFAULT_ANON_DAILY_QUOTA } from "../../accounts/auth/config.ts";
import type { AccessControl, QuotaResult } from "../../read/caller.ts";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { type Clock, secondsToUtcMidnight, systemClock, utcDate } from "../../runtime/clock.ts";

export interface AnonymousAccessOptions {
  dailyQuota?: number;
  clock?: Clock;
}

export function createAnonymousAccess(options: AnonymousAccessOptions = {}): AccessControl {
  const limit = options.dailyQuota ?? DEFAULT_ANON_DAILY_QUOTA;
  const clock = options.clock ?? systemClock;
  let day = "";
  // Counts for the current UTC day only; the map is dropped when the day changes, so it never grows past one
  // day's distinct clients.
  let used = new Map<string, number>();

  const today = () => {
    const now = clock();
    const current = utcDate(now);
    if (current !== day) {
      day = current;
      used = new Map();
    }
    return now;
  };

  const result = (count: number, now: Date, over: boolean): QuotaResult => ({
    limit,
    remaining: Math.max(0, limit - count),
    exceeded: over ? { status: 429, retryAfterSeconds: secondsToUtcMidnight(now) } : null,
  });

  return {
    async resolve(req, ip) {
      if (req.headers.has("authorization") || req.headers.has("x-paid-access")) {
        return { kind: "invalid", ip, reason: "credentials_disabled" };
      }
      return { kind: "anonymous", ip };
    },
    async consume(caller) {
      const now = today();
      const key = quotaSubject(caller.ip);
      const count = used.get(key) ?? 0;
      if (caller.kind !== "anonymous") return result(count, now, false);
      if (count >= limit) return result(count, now, true);
      used.set(key, count + 1);
      return result(count + 1, now, false);
    },
    async refund(caller) {
      if (caller.kind !== "anonymous") return;
      today();
      const key = quotaSubject(caller.ip);
      const count = used.get(key) ?? 0;
      if (count > 0) used.set(key, count - 1);
    },
    async peek(caller) {
      const now = today();
      return result(used.get(quotaSubject(caller.ip)) ?? 0, now, false);
    },
  };
}
