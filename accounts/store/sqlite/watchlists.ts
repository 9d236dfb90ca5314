/** Watchlists in SQLite: `watchlists`, an expired row read as gone and deleted by the periodic sweep. */
import type { WatchlistStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, str } from "./rows.ts";

/** Expired watchlists deleted per statement, so a long backlog never holds the write lock for long. */
const WATCHLIST_SWEEP_BATCH = 500;

export function sqliteWatchlists(c: SqliteConnections): WatchlistStore {
  const { db } = c;
  return {
    async getWatchlist(id) {
      // An expired list the sweep has not reached yet is gone already.
      const row = db.prepare("SELECT * FROM watchlists WHERE id = ? AND expires_at > ?").get(id, c.now());
      if (!row) return null;
      return {
        id,
        secretHash: str(row.secret_hash),
        conferences: JSON.parse(str(row.conferences)) as string[],
        journals: JSON.parse(str(row.journals)) as string[],
        updatedAt: str(row.updated_at),
        expiresAt: new Date(num(row.expires_at)).toISOString(),
      };
    },

    async putWatchlist(w) {
      db.prepare(
        `INSERT INTO watchlists (id, secret_hash, conferences, journals, updated_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET conferences = excluded.conferences, journals = excluded.journals,
           updated_at = excluded.updated_at, expires_at = excluded.expires_at`,
      ).run(
        w.id,
        w.secretHash,
        JSON.stringify(w.conferences),
        JSON.stringify(w.journals),
        w.updatedAt,
        Date.parse(w.expiresAt),
      );
    },

    async keepWatchlist(id, expiresAt) {
      const at = Date.parse(expiresAt);
      db.prepare(
        "UPDATE watchlists SET expires_at = ? WHERE id = ? AND expires_at < ? AND expires_at > ?",
      ).run(at, id, at, c.now());
    },

    async removeExpiredWatchlists() {
      const remove = db.prepare(
        "DELETE FROM watchlists WHERE rowid IN (SELECT rowid FROM watchlists WHERE expires_at <= ? LIMIT ?)",
      );
      let removed = 0;
      for (;;) {
        const batch = Number(remove.run(c.now(), WATCHLIST_SWEEP_BATCH).changes);
        removed += batch;
        if (batch < WATCHLIST_SWEEP_BATCH) return removed;
      }
    },
  };
}
