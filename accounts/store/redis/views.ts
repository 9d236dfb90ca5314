/** Venue views in Redis: one hash per kind and UTC day (`views:<kind>:<day>`), gone after VIEW_RETENTION_DAYS. */
import { recentDays, utcDay, VIEW_RETENTION_DAYS, VIEW_WINDOW_DAYS } from "../shared.ts";
import type { VenueKind, ViewStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

const DAY_SECONDS = 86_400;

export function redisViews(context: RedisContext): ViewStore {
  const { redis } = context;
  const viewKeys = (kind: VenueKind): string[] =>
    recentDays(context.now(), VIEW_WINDOW_DAYS).map((day) => `views:${kind}:${day}`);
  return {
    async recordViews(views) {
      if (views.length === 0) return;
      const day = utcDay(context.now());
      const tx = redis.multi();
      for (const { kind, venueId, count } of views) tx.hincrby(`views:${kind}:${day}`, venueId, count);
      for (const kind of new Set(views.map((v) => v.kind))) {
        tx.expire(`views:${kind}:${day}`, VIEW_RETENTION_DAYS * DAY_SECONDS);
      }
      await tx.exec();
    },

    async views30d(kind) {
      const days = await Promise.all(viewKeys(kind).map((key) => redis.hgetall(key)));
      const totals = new Map<string, number>();
      for (const day of days) {
        for (const [id, n] of Object.entries(day)) totals.set(id, (totals.get(id) ?? 0) + Number(n));
      }
      return totals;
    },

    async views30dOf(kind, venueId) {
      const days = await Promise.all(viewKeys(kind).map((key) => redis.hget(key, venueId)));
      return days.reduce((sum, n) => sum + Number(n ?? 0), 0);
    },
  };
}
