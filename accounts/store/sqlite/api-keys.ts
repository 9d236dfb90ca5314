/** API keys in SQLite: `api_keys`, and the last batch each key-use writer wrote in `key_use_writers`. */
import { KEY_USE_WRITER_KEPT_MS } from "../shared.ts";
import type { ApiKeyStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { records } from "./rows.ts";

/** Forgets, when the database opens, the writers silent for KEY_USE_WRITER_KEPT_MS. */
export function sqliteApiKeys(c: SqliteConnections): ApiKeyStore {
  const { db } = c;
  db.prepare("DELETE FROM key_use_writers WHERE written_at <= ?").run(c.now() - KEY_USE_WRITER_KEPT_MS);
  return {
    async createApiKey(k) {
      db.prepare("INSERT INTO api_keys (id, account_id, hash, label, created_at) VALUES (?, ?, ?, ?, ?)").run(
        k.id,
        k.accountId,
        k.hash,
        k.label,
        k.createdAt,
      );
    },

    async findKeyCaller(hash) {
      // Read on every keyed request: a statement prepared once (any connection reads the same committed state).
      const row = c
        .meter(
          `SELECT k.id, k.account_id, k.revoked_at, a.verified, a.daily_quota
           FROM api_keys k LEFT JOIN accounts a ON a.id = k.account_id WHERE k.hash = ?`,
        )
        .get(hash);
      return row ? records.keyCaller(row) : null;
    },

    async listApiKeys(accountId) {
      return db
        .prepare("SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, rowid")
        .all(accountId)
        .map(records.apiKey);
    },

    async revokeApiKey(accountId, keyId) {
      const row = db
        .prepare(
          `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?)
           WHERE id = ? AND account_id = ? RETURNING *`,
        )
        .get(c.isoNow(), keyId, accountId);
      return row ? records.apiKey(row) : null;
    },

    async recordKeyUses({ writer, sequence, uses }) {
      // A meter like the quota counters: on the NORMAL connection.
      c.transaction(c.meters, () => {
        const claimed = c
          .meter(
            `INSERT INTO key_use_writers (writer, sequence, written_at) VALUES (?, ?, ?)
             ON CONFLICT(writer) DO UPDATE SET sequence = excluded.sequence, written_at = excluded.written_at
             WHERE excluded.sequence > key_use_writers.sequence`,
          )
          .run(writer, sequence, c.now());
        if (Number(claimed.changes) === 0) return;
        // ISO instants order as text; a key never used has '' as its last use here.
        c.meter(
          `UPDATE api_keys SET usage_count = usage_count + use.count,
             last_used_at = MAX(COALESCE(last_used_at, ''), use.at)
           FROM (SELECT value ->> 'keyId' AS id, value ->> 'count' AS count, value ->> 'lastUsedAt' AS at
                 FROM json_each(?)) AS use
           WHERE api_keys.id = use.id`,
        ).run(JSON.stringify(uses));
      });
    },
  };
}
