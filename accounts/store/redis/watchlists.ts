/** Watchlists in Redis: the hash `watchlist:<id>`, whose TTL is the list's expiry (Redis removes it on its own). */
import { KEEP_WATCHLIST } from "../redis-scripts.ts";
import type { WatchlistStore } from "../types.ts";
import { type Fields, isEmpty, type RedisContext, req } from "./context.ts";

export function redisWatchlists(context: RedisContext): WatchlistStore {
  const { redis } = context;
  const keepWatchlist = context.script("vdKeepWatchlist", 1, KEEP_WATCHLIST);
  /** Ms from now until `expiresAt`, at least 1 (PEXPIRE with 0 or less deletes the key at once). */
  const msUntil = (expiresAt: string): number => Math.max(1, Date.parse(expiresAt) - context.now());
  return {
    async getWatchlist(id) {
      const [fields, ttl] =
        (await redis.multi().hgetall(`watchlist:${id}`).pttl(`watchlist:${id}`).exec()) ?? [];
      const f = (fields?.[1] ?? {}) as Fields;
      if (isEmpty(f)) return null;
      // The key's TTL is the expiry; a list written before lists expired has none and reads as due now.
      const left = Math.max(0, Number(ttl?.[1] ?? 0));
      return {
        id,
        secretHash: req(f, "secret_hash"),
        conferences: JSON.parse(f.conferences ?? "[]") as string[],
        journals: JSON.parse(f.journals ?? "[]") as string[],
        updatedAt: req(f, "updated_at"),
        expiresAt: new Date(context.now() + left).toISOString(),
      };
    },

    async putWatchlist(w) {
      // The secret is written once: HSETNX keeps the first, so a replace can never change it.
      await redis
        .multi()
        .hsetnx(`watchlist:${w.id}`, "secret_hash", w.secretHash)
        .hset(`watchlist:${w.id}`, {
          conferences: JSON.stringify(w.conferences),
          journals: JSON.stringify(w.journals),
          updated_at: w.updatedAt,
        })
        .pexpire(`watchlist:${w.id}`, msUntil(w.expiresAt))
        .exec();
    },

    async keepWatchlist(id, expiresAt) {
      await keepWatchlist(`watchlist:${id}`, msUntil(expiresAt));
    },

    /** Nothing to sweep: each list's key expires on its own. */
    async removeExpiredWatchlists() {
      return 0;
    },
  };
}
