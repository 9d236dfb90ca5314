/** Per-second token buckets in Redis, shared by every server: the hash `rate:<key>` (tokens, at). */
import { TAKE_TOKEN } from "../redis-scripts.ts";
import type { RateLimitStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

export function redisRateLimits(context: RedisContext): Required<RateLimitStore> {
  const takeToken = context.script("vdTakeToken", 1, TAKE_TOKEN);
  return {
    async takeToken(key, perSecond, burst, debit = 0) {
      return Number(await takeToken(`rate:${key}`, perSecond, burst, debit));
    },
  };
}
