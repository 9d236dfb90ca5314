/** Known login addresses in SQLite: `login_addresses`, login state like the counters, on the meters connection. */
import type { LoginAddressStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";

/** Drops, when the database opens, the addresses whose time ran out while no process ran. */
export function sqliteLoginAddresses(c: SqliteConnections): LoginAddressStore {
  c.db.prepare("DELETE FROM login_addresses WHERE expires_at <= ?").run(c.now());
  return {
    async rememberLoginAddress(account, address, ttlSeconds, max) {
      c.transaction(c.meters, () => {
        c.meter(
          `INSERT INTO login_addresses (account, address, expires_at) VALUES (?, ?, ?)
           ON CONFLICT(account, address) DO UPDATE SET expires_at = excluded.expires_at`,
        ).run(account, address, c.now() + ttlSeconds * 1000);
        c.meter(
          `DELETE FROM login_addresses WHERE account = ? AND (expires_at <= ? OR address NOT IN (
             SELECT address FROM login_addresses WHERE account = ? ORDER BY expires_at DESC, address LIMIT ?))`,
        ).run(account, c.now(), account, Math.max(0, max));
      });
    },

    async knowsLoginAddress(account, address) {
      const row = c
        .meter("SELECT 1 AS known FROM login_addresses WHERE account = ? AND address = ? AND expires_at > ?")
        .get(account, address, c.now());
      return row !== undefined;
    },
  };
}
