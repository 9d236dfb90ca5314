/** Venue activity in SQLite: tracker and attendee counts from `profile_venues`, `ratings` and `comments`. */
import { assertRating, emptyHistogram, summarizeRatings } from "../shared.ts";
import type { ActivityStore } from "../types.ts";
import type { SqliteConnections } from "./connections.ts";
import { num, records, str } from "./rows.ts";

export function sqliteActivity(c: SqliteConnections): ActivityStore {
  const { db } = c;
  return {
    async venueCounts(kind) {
      const rows = db
        .prepare(
          `SELECT venue_id, SUM(relation = 'tracks') AS trackers, SUM(relation = 'attended') AS attendees
           FROM profile_venues WHERE kind = ? GROUP BY venue_id`,
        )
        .all(kind);
      return new Map(
        rows.map((r) => [str(r.venue_id), { trackers: num(r.trackers), attendees: num(r.attendees) }]),
      );
    },

    async venueActivity(kind, venueId, limit) {
      const counts = c
        .read(
          `SELECT SUM(relation = 'tracks') AS trackers, SUM(relation = 'attended') AS attendees
           FROM profile_venues WHERE kind = ? AND venue_id = ?`,
        )
        .get(kind, venueId);
      const histogram = emptyHistogram();
      const ratings = c
        .read("SELECT rating, COUNT(*) AS n FROM ratings WHERE kind = ? AND venue_id = ? GROUP BY rating")
        .all(kind, venueId);
      for (const r of ratings) histogram[num(r.rating) - 1] = num(r.n);
      // A negative LIMIT means none to SQLite; the contract shows no comments then.
      const comments = c
        .read(
          `SELECT c.*, a.name AS author_name, p.public AS author_public FROM comments c
           LEFT JOIN accounts a ON a.id = c.user_id LEFT JOIN profiles p ON p.account_id = c.user_id
           WHERE c.kind = ? AND c.venue_id = ? ORDER BY c.id DESC LIMIT ?`,
        )
        .all(kind, venueId, Math.max(0, limit));
      return {
        counts: { trackers: num(counts?.trackers), attendees: num(counts?.attendees) },
        ratings: summarizeRatings(histogram),
        comments: comments.map(records.authoredComment),
      };
    },

    async putRating(r) {
      assertRating(r);
      db.prepare(
        `INSERT INTO ratings (kind, venue_id, user_id, rating, demo, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(kind, venue_id, user_id) DO UPDATE SET rating = excluded.rating, demo = excluded.demo,
           created_at = excluded.created_at`,
      ).run(r.kind, r.venueId, r.userId, r.rating, r.demo ? 1 : 0, c.isoNow());
    },

    async addComment(comment) {
      const row = db
        .prepare(
          `INSERT INTO comments (kind, venue_id, user_id, text, demo, created_at) VALUES (?, ?, ?, ?, ?, ?)
           RETURNING *`,
        )
        .get(comment.kind, comment.venueId, comment.userId, comment.text, comment.demo ? 1 : 0, c.isoNow());
      if (!row) throw new Error("comment insert returned no row");
      return records.comment(row);
    },

    async removeDemoFeedback() {
      return c.transaction(db, () => {
        const ratings = db.prepare("DELETE FROM ratings WHERE demo = 1").run().changes;
        const comments = db.prepare("DELETE FROM comments WHERE demo = 1").run().changes;
        return Number(ratings) + Number(comments);
      });
    },
  };
}
