/**
 * Sessions and single-use links in SQLite: `sessions` and `one_time_tokens`, rows keyed by a token's sha256 with
 * their expiry in ms. An expired row reads as gone; expired rows are deleted a bounded batch at a time whenever a new
 * one is written, so neither table grows with abandoned sign-ups or old log-ins (and opening takes no write lock).
 */
import type { OneTimeToken, OneTimeTokenStore, Session, SessionStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { type Row, str } from "./rows.ts";

/** Expired rows deleted per write, so a long backlog never holds the write lock for long. */
const PURGE_BATCH = 100;

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

const toSession = (row: Row): Session => ({
  id: str(row.id),
  accountId: str(row.account_id),
  createdAt: str(row.created_at),
  expiresAt: iso(row.expires_at),
});

const toToken = (row: Row): OneTimeToken => ({
  hash: str(row.hash),
  purpose: str(row.purpose) as OneTimeToken["purpose"],
  accountId: str(row.account_id),
  createdAt: str(row.created_at),
  expiresAt: iso(row.expires_at),
});

export function sqliteSessions(c: SqliteConnections): SessionStore & OneTimeTokenStore {
  const { db } = c;
  const purge = (table: "sessions" | "one_time_tokens", key: "id" | "hash") =>
    db
      .prepare(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at <= ? LIMIT ?)`,
      )
      .run(c.now(), PURGE_BATCH);
  return {
    async createSession(s) {
      purge("sessions", "id");
      db.prepare("INSERT INTO sessions (id, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
        s.id,
        s.accountId,
        s.createdAt,
        Date.parse(s.expiresAt),
      );
    },

    async getSession(id) {
      const row = c.read("SELECT * FROM sessions WHERE id = ? AND expires_at > ?").get(id, c.now());
      return row ? toSession(row) : null;
    },

    async deleteSession(id) {
      db.prepare("DELETE FROM sessions WHERE id = ?").run(id);
    },

    async deleteAccountSessions(accountId) {
      return Number(db.prepare("DELETE FROM sessions WHERE account_id = ?").run(accountId).changes);
    },

    async putOneTimeToken(t) {
      purge("one_time_tokens", "hash");
      db.prepare(
        "INSERT INTO one_time_tokens (hash, purpose, account_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      ).run(t.hash, t.purpose, t.accountId, t.createdAt, Date.parse(t.expiresAt));
    },

    async takeOneTimeToken(hash, purpose) {
      // DELETE … RETURNING is one statement: of two processes taking the same token, one gets the row.
      const row = db
        .prepare("DELETE FROM one_time_tokens WHERE hash = ? AND purpose = ? RETURNING *")
        .get(hash, purpose);
      if (!row || Number(row.expires_at) <= c.now()) return null;
      return toToken(row);
    },
  };
}
