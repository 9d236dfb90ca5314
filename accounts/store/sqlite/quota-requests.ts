/** Requests for a higher quota in SQLite: `quota_requests`, one row each. */
import type { QuotaRequest, QuotaRequestStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, type Row, str, strOrNull } from "./rows.ts";

const toRequest = (row: Row): QuotaRequest => ({
  id: str(row.id),
  accountId: str(row.account_id),
  email: str(row.email),
  requested: num(row.requested),
  reason: str(row.reason),
  createdAt: str(row.created_at),
  granted: row.granted === null || row.granted === undefined ? null : num(row.granted),
  grantedAt: strOrNull(row.granted_at),
});

export function sqliteQuotaRequests({ db }: SqliteConnections): QuotaRequestStore {
  return {
    async addQuotaRequest(r) {
      db.prepare(
        `INSERT INTO quota_requests (id, account_id, email, requested, reason, created_at, granted, granted_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(r.id, r.accountId, r.email, r.requested, r.reason, r.createdAt, r.granted, r.grantedAt);
    },

    async listQuotaRequests(accountId) {
      const rows =
        accountId === undefined
          ? db.prepare("SELECT * FROM quota_requests ORDER BY created_at, rowid").all()
          : db
              .prepare("SELECT * FROM quota_requests WHERE account_id = ? ORDER BY created_at, rowid")
              .all(accountId);
      return rows.map(toRequest);
    },

    async grantQuotaRequests(accountId, granted, at) {
      const changed = db
        .prepare(
          "UPDATE quota_requests SET granted = ?, granted_at = ? WHERE account_id = ? AND granted IS NULL",
        )
        .run(granted, at, accountId).changes;
      return Number(changed);
    },
  };
}
