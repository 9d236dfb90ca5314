/**
 * Quota in SQLite, all on the meters connection: `counters` (one window per key) and `reservations` (the units
 * each pending charge or leased block holds, with its counter's key and window, so giving back needs nothing else).
 */
import { randomUUID } from "node:crypto";
import { countResult, grantOf, peekResult, refusedLease, reserveByLease } from "../shared.ts";
import type { LeaseStore, QuotaStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, type Row, str } from "./rows.ts";

/** Drops, when the database opens, the counters whose window ended while no process ran. */
export function sqliteQuota(c: SqliteConnections): QuotaStore {
  c.db.prepare("DELETE FROM counters WHERE expires_at <= ?").run(c.now());

  /**
   * The counting step of consume and lease, inside their transaction: counts up to `want` requests (grantOf) and
   * says how many, with the window's count and expiry after; null when the window has nothing left.
   */
  const count = (key: string, limit: number, ttlSeconds: number, want: number) => {
    const now = c.now();
    const row = c
      .meter("SELECT used, expires_at FROM counters WHERE key = ? AND expires_at > ?")
      .get(key, now);
    // A fresh or expired window starts with this count.
    const before = row ? num(row.used) : 0;
    const expiresAt = row ? num(row.expires_at) : now + ttlSeconds * 1000;
    const granted = grantOf(limit - before, want);
    if (granted === 0) return null;
    // run() completes the statement, so a write that fails (disk full, read-only file) throws: never admitted uncounted.
    c.meter(
      `INSERT INTO counters (key, used, expires_at) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET used = excluded.used, expires_at = excluded.expires_at`,
    ).run(key, before + granted, expiresAt);
    return { granted, used: before + granted, expiresAt };
  };

  /** Takes back the units each dropped reservation held, from its own counter window only and while it lasts. */
  const giveBack = (dropped: Row[]): void => {
    const update = c.meter(
      `UPDATE counters SET used = MAX(used - ?, 0)
       WHERE key = ? AND expires_at = ? AND expires_at > ?`,
    );
    for (const row of dropped) update.run(num(row.held), str(row.key), num(row.window_expires), c.now());
  };

  const lease: LeaseStore["lease"] = async (key, limit, ttlSeconds, units) =>
    c.transaction(c.meters, () => {
      const counted = count(key, limit, ttlSeconds, units);
      if (!counted) return refusedLease(limit);
      const reservation = randomUUID();
      c.meter(
        "INSERT INTO reservations (id, key, taken_at, window_expires, held) VALUES (?, ?, ?, ?, ?)",
      ).run(reservation, key, c.now(), counted.expiresAt, counted.granted);
      return { granted: counted.granted, used: counted.used, reservation };
    });

  return {
    async consume(key, limit, ttlSeconds) {
      const counted = c.transaction(c.meters, () => count(key, limit, ttlSeconds, 1));
      return countResult(counted?.granted ?? 0, counted?.used ?? 0, limit);
    },

    async peek(key, limit) {
      const row = c.meter("SELECT used FROM counters WHERE key = ? AND expires_at > ?").get(key, c.now());
      return peekResult(num(row?.used), limit);
    },

    async forget(key) {
      c.meter("DELETE FROM counters WHERE key = ?").run(key);
    },

    lease,
    reserve: reserveByLease(lease),

    async settle(reservations) {
      if (reservations.length === 0) return;
      c.meter("DELETE FROM reservations WHERE id IN (SELECT value FROM json_each(?))").run(
        JSON.stringify(reservations),
      );
    },

    async settleUnits(updates) {
      if (updates.length === 0) return;
      c.transaction(c.meters, () => {
        const read = c.meter("SELECT key, window_expires, held FROM reservations WHERE id = ?");
        for (const { reservation, kept, returned } of updates) {
          const row = read.get(reservation);
          if (!row) continue;
          const held = num(row.held);
          const given = Math.min(returned, held);
          if (given > 0) giveBack([{ ...row, held: given }]);
          if (held - kept - given > 0) {
            c.meter("UPDATE reservations SET held = ? WHERE id = ?").run(held - kept - given, reservation);
          } else c.meter("DELETE FROM reservations WHERE id = ?").run(reservation);
        }
      });
    },

    async release(reservation) {
      c.transaction(c.meters, () => {
        const rows = c
          .meter("DELETE FROM reservations WHERE id = ? RETURNING key, window_expires, held")
          .all(reservation);
        giveBack(rows);
      });
    },

    async releaseAbandoned(leaseMs) {
      return c.transaction(c.meters, () => {
        const rows = c
          .meter("DELETE FROM reservations WHERE taken_at <= ? RETURNING key, window_expires, held")
          .all(c.now() - leaseMs);
        giveBack(rows);
        return rows.length;
      });
    },
  };
}
