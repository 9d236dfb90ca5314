/**
 * Known login addresses in Redis: a sorted set per account (`login-addresses:<account>`) scored by when each
 * address's time runs out (the injected clock's ms).
 */
import type { LoginAddressStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

export function redisLoginAddresses(context: RedisContext): LoginAddressStore {
  const { redis } = context;
  return {
    async rememberLoginAddress(account, address, ttlSeconds, max) {
      const key = `login-addresses:${account}`;
      const now = context.now();
      const ttlMs = Math.ceil(ttlSeconds * 1000);
      await redis
        .multi()
        .zadd(key, now + ttlMs, address)
        .zremrangebyscore(key, "-inf", now)
        // Ranks run from the soonest to run out: all but the last `max` go.
        .zremrangebyrank(key, 0, -(Math.max(0, max) + 1))
        .pexpire(key, ttlMs)
        .exec();
    },

    async knowsLoginAddress(account, address) {
      const expires = await redis.zscore(`login-addresses:${account}`, address);
      return expires !== null && Number(expires) > context.now();
    },
  };
}
