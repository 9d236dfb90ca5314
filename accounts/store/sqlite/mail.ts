/**
 * The mail queue in SQLite: `mail_queue` (one row per message; a claim sets lease_owner and moves next_at to the
 * lease's end, so an abandoned claim is simply due again) and `mail_suppressed`. Claims run in one BEGIN IMMEDIATE
 * transaction, so two processes on one file never claim the same message.
 */
import type { MailClaim, MailEnqueued, MailInput, MailQueueStore, QueuedMail } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, type Row, str } from "./rows.ts";

/** Rows removed per statement by purgeMail, so a long backlog never holds the write lock for long. */
const PURGE_BATCH = 500;

const address = (to: string) => to.trim().toLowerCase();

function queued(row: Row): QueuedMail {
  return {
    id: str(row.id),
    dedupeKey: str(row.dedupe_key),
    to: str(row.recipient),
    subject: str(row.subject),
    text: str(row.text),
    html: row.html === null ? null : str(row.html),
    headers: JSON.parse(str(row.headers)) as Record<string, string>,
    attempts: num(row.attempts),
    leaseUntil: num(row.next_at),
  };
}

const suppressed = (c: SqliteConnections, to: string) =>
  c.db.prepare("SELECT 1 FROM mail_suppressed WHERE address = ?").get(address(to)) !== undefined;

/** Marks a message finished with `status`, its bodies dropped unless dead; only while `owner` holds it. */
function finish(
  c: SqliteConnections,
  id: string,
  owner: string,
  status: string,
  error: string | null,
): boolean {
  const changed = c.db
    .prepare(
      `UPDATE mail_queue SET status = ?, finished_at = ?, lease_owner = NULL, last_error = ?,
         text = CASE WHEN ? = 'dead' THEN text END, html = CASE WHEN ? = 'dead' THEN html END,
         attempts = attempts + CASE WHEN ? = 'sent' THEN 0 ELSE 1 END
       WHERE id = ? AND status = 'pending' AND lease_owner = ?`,
    )
    .run(status, c.now(), error, status, status, status, id, owner).changes;
  return Number(changed) === 1;
}

function enqueue(c: SqliteConnections, mail: MailInput): MailEnqueued {
  const blocked = suppressed(c, mail.to);
  const now = c.now();
  const inserted = c.db
    .prepare(
      `INSERT INTO mail_queue (id, dedupe_key, recipient, subject, text, html, headers, status, next_at,
         created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
    )
    .run(
      mail.id,
      mail.dedupeKey,
      mail.to,
      mail.subject,
      blocked ? null : mail.text,
      blocked ? null : mail.html,
      JSON.stringify(mail.headers),
      blocked ? "suppressed" : "pending",
      now,
      now,
      blocked ? now : null,
    );
  if (Number(inserted.changes) === 0) return "duplicate";
  return blocked ? "suppressed" : "queued";
}

function claim(c: SqliteConnections, owner: string, limit: number, leaseMs: number): MailClaim {
  const { db } = c;
  // Every sender asks about once a second: an idle queue is answered by a read, without the write lock.
  const due = db.prepare("SELECT 1 FROM mail_queue WHERE status = 'pending' AND next_at <= ? LIMIT 1");
  if (due.get(c.now()) === undefined) return { mail: [], suppressed: 0 };
  return c.transaction(db, () => {
    const now = c.now();
    const due = db
      .prepare(
        `SELECT q.*, s.address IS NOT NULL AS blocked FROM mail_queue q
         LEFT JOIN mail_suppressed s ON s.address = lower(trim(q.recipient))
         WHERE q.status = 'pending' AND q.next_at <= ? ORDER BY q.next_at, q.created_at LIMIT ?`,
      )
      .all(now, limit);
    const take = db.prepare("UPDATE mail_queue SET lease_owner = ?, next_at = ? WHERE id = ?");
    const block = db.prepare(
      `UPDATE mail_queue SET status = 'suppressed', finished_at = ?, lease_owner = NULL, text = NULL,
         html = NULL WHERE id = ?`,
    );
    const mail: QueuedMail[] = [];
    let blocked = 0;
    for (const row of due) {
      if (num(row.blocked) === 1) {
        block.run(now, str(row.id));
        blocked += 1;
        continue;
      }
      take.run(owner, now + leaseMs, str(row.id));
      mail.push(queued({ ...row, next_at: now + leaseMs }));
    }
    return { mail, suppressed: blocked };
  });
}

function bounce(c: SqliteConnections, id: string, owner: string, error: string): boolean {
  const { db } = c;
  return c.transaction(db, () => {
    const row = db.prepare("SELECT recipient FROM mail_queue WHERE id = ?").get(id);
    if (row) {
      db.prepare(
        `INSERT INTO mail_suppressed (address, reason, suppressed_at) VALUES (?, ?, ?)
         ON CONFLICT(address) DO NOTHING`,
      ).run(address(str(row.recipient)), error, c.now());
    }
    return finish(c, id, owner, "suppressed", error);
  });
}

function purge(c: SqliteConnections, keepMs: number): number {
  const remove = c.db.prepare(
    `DELETE FROM mail_queue WHERE rowid IN
       (SELECT rowid FROM mail_queue WHERE finished_at IS NOT NULL AND finished_at < ? LIMIT ?)`,
  );
  const before = c.now() - keepMs;
  let removed = 0;
  for (;;) {
    const batch = Number(remove.run(before, PURGE_BATCH).changes);
    removed += batch;
    if (batch < PURGE_BATCH) return removed;
  }
}

export function sqliteMail(c: SqliteConnections): MailQueueStore {
  const { db } = c;
  return {
    enqueueMail: async (mail) => enqueue(c, mail),
    claimMail: async (owner, limit, leaseMs) => claim(c, owner, limit, leaseMs),
    markMailSent: async (id, owner) => finish(c, id, owner, "sent", null),
    async markMailFailed(id, owner, error, retryInMs) {
      if (retryInMs === null) return finish(c, id, owner, "dead", error);
      const changed = db
        .prepare(
          `UPDATE mail_queue SET attempts = attempts + 1, next_at = ?, lease_owner = NULL, last_error = ?
           WHERE id = ? AND status = 'pending' AND lease_owner = ?`,
        )
        .run(c.now() + retryInMs, error, id, owner).changes;
      return Number(changed) === 1;
    },
    bounceMail: async (id, owner, error) => bounce(c, id, owner, error),
    isMailSuppressed: async (to) => suppressed(c, to),
    async mailQueueDepth() {
      const row = db
        .prepare(
          `SELECT (SELECT count(*) FROM mail_queue WHERE status = 'pending') AS pending,
                  (SELECT count(*) FROM mail_queue WHERE status = 'dead') AS dead`,
        )
        .get();
      return { pending: num(row?.pending), dead: num(row?.dead) };
    },
    purgeMail: async (keepMs) => purge(c, keepMs),
  };
}
