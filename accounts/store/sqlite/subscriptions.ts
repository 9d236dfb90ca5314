/**
 * Digest subscriptions in SQLite: `subscriptions`, one row each; an unconfirmed row past its confirmation expiry
 * reads as gone, and is deleted when its address subscribes again.
 */
import type { RecordedDeadline, Subscription, SubscriptionStore, SubscriptionTarget } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, type Row, str, strOrNull } from "./rows.ts";

/** A row that is live now: confirmed, or unconfirmed with its confirmation still open. */
const LIVE = "(confirmed = 1 OR confirm_expires_at > ?)";

function subscriptionOf(row: Row): Subscription {
  const target: SubscriptionTarget =
    str(row.target_kind) === "watchlist"
      ? { kind: "watchlist", watchlistId: str(row.target) }
      : { kind: "filter", filter: str(row.target) };
  const expires = row.confirm_expires_at;
  const last = strOrNull(row.last_deadlines);
  return {
    id: str(row.id),
    email: str(row.email),
    target,
    frequency: str(row.frequency) === "weekly" ? "weekly" : "daily",
    closesIn: JSON.parse(str(row.closes_in)) as number[],
    timeZone: str(row.time_zone),
    language: str(row.language) === "zh" ? "zh" : "en",
    confirmed: num(row.confirmed) === 1,
    createdAt: str(row.created_at),
    confirmHash: strOrNull(row.confirm_hash),
    confirmExpiresAt: expires === null || expires === undefined ? null : new Date(num(expires)).toISOString(),
    lastPeriod: strOrNull(row.last_period),
    lastDeadlines: last === null ? null : (JSON.parse(last) as Record<string, RecordedDeadline>),
  };
}

export function sqliteSubscriptions(c: SqliteConnections): SubscriptionStore {
  const { db } = c;
  return {
    async createSubscription(s) {
      c.transaction(db, () => {
        db.prepare(
          "DELETE FROM subscriptions WHERE email = ? AND confirmed = 0 AND confirm_expires_at <= ?",
        ).run(s.email, c.now());
        db.prepare(
          `INSERT INTO subscriptions (id, email, target_kind, target, frequency, closes_in, time_zone, language,
             confirmed, created_at, confirm_hash, confirm_expires_at, last_period, last_deadlines)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          s.id,
          s.email,
          s.target.kind,
          s.target.kind === "watchlist" ? s.target.watchlistId : s.target.filter,
          s.frequency,
          JSON.stringify(s.closesIn),
          s.timeZone,
          s.language ?? "en",
          s.confirmed ? 1 : 0,
          s.createdAt,
          s.confirmHash,
          s.confirmExpiresAt === null ? null : Date.parse(s.confirmExpiresAt),
          s.lastPeriod,
          s.lastDeadlines === null ? null : JSON.stringify(s.lastDeadlines),
        );
      });
    },

    async getSubscription(id) {
      const row = db.prepare(`SELECT * FROM subscriptions WHERE id = ? AND ${LIVE}`).get(id, c.now());
      return row ? subscriptionOf(row) : null;
    },

    async confirmSubscription(confirmHash) {
      // One statement: of two clicks on the same link, one confirms.
      const row = db
        .prepare(
          `UPDATE subscriptions SET confirmed = 1, confirm_hash = NULL, confirm_expires_at = NULL
           WHERE confirm_hash = ? AND confirmed = 0 AND confirm_expires_at > ? RETURNING *`,
        )
        .get(confirmHash, c.now());
      return row ? subscriptionOf(row) : null;
    },

    async updateSubscription(id, change) {
      const changed = db
        .prepare(
          `UPDATE subscriptions SET frequency = ?, closes_in = ?, time_zone = ? WHERE id = ? AND ${LIVE}`,
        )
        .run(change.frequency, JSON.stringify(change.closesIn), change.timeZone, id, c.now()).changes;
      return Number(changed) === 1;
    },

    async deleteSubscription(id) {
      return Number(db.prepare("DELETE FROM subscriptions WHERE id = ?").run(id).changes) === 1;
    },

    async countSubscriptions(email) {
      const row = db
        .prepare(`SELECT count(*) AS n FROM subscriptions WHERE email = ? AND ${LIVE}`)
        .get(email, c.now());
      return num(row?.n);
    },

    async listSubscriptions(email) {
      return db
        .prepare(`SELECT * FROM subscriptions WHERE email = ? AND ${LIVE} ORDER BY created_at, id`)
        .all(email, c.now())
        .map(subscriptionOf);
    },

    async listConfirmedSubscriptions(afterId, limit) {
      return db
        .prepare("SELECT * FROM subscriptions WHERE confirmed = 1 AND id > ? ORDER BY id LIMIT ?")
        .all(afterId, limit)
        .map(subscriptionOf);
    },

    async recordDigest(id, period, deadlines) {
      const changed = db
        .prepare(
          "UPDATE subscriptions SET last_period = ?, last_deadlines = ? WHERE id = ? AND confirmed = 1",
        )
        .run(period, JSON.stringify(deadlines), id).changes;
      return Number(changed) === 1;
    },
  };
}
