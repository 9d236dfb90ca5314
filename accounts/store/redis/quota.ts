/**
 * Quota in Redis: the counter `counter:<key>` (its TTL is the window), the pending reservations in one sorted set
 * scored by when each was taken, and the units of those holding more than one in a hash. Every step is one Lua
 * script, so it stays atomic across servers.
 */
import { randomUUID } from "node:crypto";
import { CONSUME, LEASE, RELEASE, RELEASE_ABANDONED, SETTLE, SETTLE_UNITS } from "../redis-scripts.ts";
import { countResult, LEASE_SHARE, peekResult, refusedLease, reserveByLease } from "../shared.ts";
import type { LeaseStore, QuotaStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

/** The sorted set of pending reservations (LEASE), and the units of those holding more than one. */
const RESERVATIONS = "reservations";
const RESERVATION_UNITS = "reservation-units";

/** Counters, reservations and leases; the shared token buckets are redis/rate-limits.ts. */
export function redisQuota(context: RedisContext): Omit<QuotaStore, "takeToken"> {
  const { redis } = context;
  const consume = context.script("vdConsume", 1, CONSUME);
  const leaseScript = context.script("vdLease", 3, LEASE);
  const settle = context.script("vdSettle", 2, SETTLE);
  const settleUnits = context.script("vdSettleUnits", 2, SETTLE_UNITS);
  const release = context.script("vdRelease", 2, RELEASE);
  const releaseAbandoned = context.script("vdReleaseAbandoned", 2, RELEASE_ABANDONED);

  const lease: LeaseStore["lease"] = async (key, limit, ttlSeconds, units) => {
    const [granted, used, reservation] = (await leaseScript(
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
  };

  return {
    async consume(key, limit, ttlSeconds) {
      const [granted, used] = (await consume(`counter:${key}`, limit, Math.ceil(ttlSeconds))) as [
        number,
        number,
      ];
      return countResult(granted, used, limit);
    },

    async peek(key, limit) {
      return peekResult(Number((await redis.get(`counter:${key}`)) ?? 0), limit);
    },

    async forget(key) {
      await redis.del(`counter:${key}`);
    },

    lease,
    reserve: reserveByLease(lease),

    async settle(reservations) {
      if (reservations.length > 0) await settle(RESERVATIONS, RESERVATION_UNITS, ...reservations);
    },

    async settleUnits(updates) {
      if (updates.length === 0) return;
      const triples = updates.flatMap((u) => [u.reservation, u.kept, u.returned]);
      await settleUnits(RESERVATIONS, RESERVATION_UNITS, ...triples);
    },

    async release(reservation) {
      await release(RESERVATIONS, RESERVATION_UNITS, reservation);
    },

    async releaseAbandoned(leaseMs) {
      return Number(await releaseAbandoned(RESERVATIONS, RESERVATION_UNITS, Math.round(leaseMs)));
    },
  };
}
