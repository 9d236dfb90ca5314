/** Accounts in SQLite: the `accounts` table, its e-mail unique. */
import type { AccountStore } from "../types.ts";
import { DuplicateEmailError } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { records } from "./rows.ts";

export function sqliteAccounts(c: SqliteConnections): AccountStore {
  const { db } = c;
  return {
    async createAccount(a) {
      try {
        db.prepare(
          `INSERT INTO accounts (id, email, name, institution, password_hash, password_salt, verified, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          a.id,
          a.email,
          a.name,
          a.institution,
          a.passwordHash,
          a.passwordSalt,
          a.verified ? 1 : 0,
          a.createdAt,
        );
      } catch (error) {
        if (error instanceof Error && /UNIQUE constraint failed: accounts\.email/.test(error.message)) {
          throw new DuplicateEmailError(a.email);
        }
        throw error;
      }
    },

    async getAccount(id) {
      const row = db.prepare("SELECT * FROM accounts WHERE id = ?").get(id);
      return row ? records.account(row) : null;
    },

    async findAccountByEmail(email) {
      const row = db.prepare("SELECT * FROM accounts WHERE email = ?").get(email);
      return row ? records.account(row) : null;
    },

    async markAccountVerified(accountId) {
      return Number(db.prepare("UPDATE accounts SET verified = 1 WHERE id = ?").run(accountId).changes) > 0;
    },

    async setAccountPassword(accountId, password, validAfter) {
      const changed = db
        .prepare(
          "UPDATE accounts SET password_hash = ?, password_salt = ?, credentials_valid_after = ? WHERE id = ?",
        )
        .run(password.hash, password.salt, validAfter, accountId).changes;
      return Number(changed) > 0;
    },

    async setAccountQuota(accountId, dailyQuota) {
      const changed = db
        .prepare("UPDATE accounts SET daily_quota = ? WHERE id = ?")
        .run(dailyQuota, accountId);
      return Number(changed.changes) > 0;
    },

    async deleteAccount(accountId) {
      return c.transaction(db, () => {
        // The keys go with the account (their rows name it): the next request with one is an unknown key, 401.
        db.prepare("DELETE FROM api_keys WHERE account_id = ?").run(accountId);
        // Tracker and attendee counts are read from profile_venues, so they follow.
        db.prepare("DELETE FROM profile_venues WHERE account_id = ?").run(accountId);
        db.prepare("DELETE FROM profiles WHERE account_id = ?").run(accountId);
        db.prepare("DELETE FROM quota_requests WHERE account_id = ?").run(accountId);
        db.prepare("DELETE FROM one_time_tokens WHERE account_id = ?").run(accountId);
        return Number(db.prepare("DELETE FROM accounts WHERE id = ?").run(accountId).changes) > 0;
      });
    },
  };
}
