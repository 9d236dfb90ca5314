/** Venue views in SQLite: `views`, one row per venue and UTC day, on the meters connection. */
import { recentDays, utcDay, VIEW_RETENTION_DAYS, VIEW_WINDOW_DAYS } from "../shared.ts";
import type { ViewStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, str } from "./rows.ts";

export function sqliteViews(c: SqliteConnections): ViewStore {
  /** The UTC day whose old days were last dropped: once a day is enough. */
  let prunedViewsOn = "";
  const windowStart = () => recentDays(c.now(), VIEW_WINDOW_DAYS).at(-1) ?? utcDay(c.now());
  return {
    async recordViews(views) {
      if (views.length === 0) return;
      const now = c.now();
      const day = utcDay(now);
      // One statement for the whole batch; WHERE true tells SQLite the ON CONFLICT is the upsert's, not a join's.
      c.meter(
        `INSERT INTO views (kind, venue_id, day, count)
           SELECT json_extract(value, '$.kind'), json_extract(value, '$.venueId'), ?, json_extract(value, '$.count')
           FROM json_each(?) WHERE true
           ON CONFLICT(kind, venue_id, day) DO UPDATE SET count = count + excluded.count`,
      ).run(day, JSON.stringify(views));
      if (prunedViewsOn !== day) {
        const oldestKept = recentDays(now, VIEW_RETENTION_DAYS).at(-1) ?? day;
        c.meter("DELETE FROM views WHERE day < ?").run(oldestKept);
        prunedViewsOn = day;
      }
    },

    async views30d(kind) {
      const rows = c
        .meter(
          "SELECT venue_id, SUM(count) AS n FROM views WHERE kind = ? AND day >= ? AND day <= ? GROUP BY venue_id",
        )
        .all(kind, windowStart(), utcDay(c.now()));
      return new Map(rows.map((r) => [str(r.venue_id), num(r.n)]));
    },

    async views30dOf(kind, venueId) {
      const row = c
        .meter("SELECT SUM(count) AS n FROM views WHERE kind = ? AND venue_id = ? AND day >= ? AND day <= ?")
        .get(kind, venueId, windowStart(), utcDay(c.now()));
      return num(row?.n);
    },
  };
}
