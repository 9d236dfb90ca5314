/**
 * Venue activity in Redis: tracker and attendee counts (`trackers:<kind>`, `attendees:conference`, kept by
 * putProfile), each venue's ratings hash (`ratings:<kind>:<venue>`, one JSON value per user) and its comments
 * (`comment:<id>` hashes, listed newest first in `comments:<kind>:<venue>`); demo feedback is listed apart so it
 * can go in one go.
 */
import { VENUE_ACTIVITY } from "../redis-scripts.ts";
import { assertRating, emptyHistogram, summarizeRatings } from "../shared.ts";
import type { ActivityStore, Comment, RatingSummary, VenueCounts } from "../types.ts";
import { type Fields, fieldsOf, isEmpty, pairs, type RedisContext, records } from "./context.ts";

interface StoredRating {
  rating: number;
  demo: boolean;
  createdAt: string;
}

/** Per-star counts of a venue's stored ratings (the values of its ratings hash). */
function histogramOf(values: readonly string[]): RatingSummary["histogram"] {
  const histogram = emptyHistogram();
  for (const value of values) {
    const { rating } = JSON.parse(value) as StoredRating;
    histogram[rating - 1] = (histogram[rating - 1] ?? 0) + 1;
  }
  return histogram;
}

export function redisActivity(context: RedisContext): ActivityStore {
  const { redis } = context;
  const venueActivity = context.script("vdVenueActivity", 4, VENUE_ACTIVITY);
  return {
    async venueCounts(kind) {
      const [trackers, attendees] = await Promise.all([
        redis.hgetall(`trackers:${kind}`),
        kind === "conference" ? redis.hgetall("attendees:conference") : Promise.resolve({} as Fields),
      ]);
      const counts = new Map<string, VenueCounts>();
      for (const id of new Set([...Object.keys(trackers), ...Object.keys(attendees)])) {
        counts.set(id, { trackers: Number(trackers[id] ?? 0), attendees: Number(attendees[id] ?? 0) });
      }
      return counts;
    },

    async venueActivity(kind, venueId, limit) {
      // Only conferences have attendees: a journal's key is never written.
      const [trackers, attendees, ratings, comments] = (await venueActivity(
        `trackers:${kind}`,
        `attendees:${kind}`,
        `ratings:${kind}:${venueId}`,
        `comments:${kind}:${venueId}`,
        venueId,
        Math.max(0, limit),
        context.keyPrefix,
      )) as [string, string, string[], string[][]];
      return {
        counts: { trackers: Number(trackers), attendees: Number(attendees) },
        ratings: summarizeRatings(histogramOf(ratings)),
        comments: comments.map((flat) => records.authoredComment(fieldsOf(flat))),
      };
    },

    async putRating(r) {
      assertRating(r);
      const stored: StoredRating = { rating: r.rating, demo: r.demo, createdAt: context.isoNow() };
      const demoMember = JSON.stringify([r.kind, r.venueId, r.userId]);
      const tx = redis.multi().hset(`ratings:${r.kind}:${r.venueId}`, r.userId, JSON.stringify(stored));
      if (r.demo) tx.sadd("demo-ratings", demoMember);
      else tx.srem("demo-ratings", demoMember);
      await tx.exec();
    },

    async addComment(c) {
      const id = String(await redis.incr("comment-seq"));
      const comment: Comment = { ...c, id, createdAt: context.isoNow() };
      const tx = redis
        .multi()
        .hset(
          `comment:${id}`,
          ...pairs({
            id,
            kind: c.kind,
            venue_id: c.venueId,
            user_id: c.userId,
            text: c.text,
            demo: c.demo ? "1" : "0",
            created_at: comment.createdAt,
          }),
        )
        .lpush(`comments:${c.kind}:${c.venueId}`, id);
      if (c.demo) tx.sadd("demo-comments", id);
      await tx.exec();
      return comment;
    },

    async removeDemoFeedback() {
      const [ratings, commentIds] = await Promise.all([
        redis.smembers("demo-ratings"),
        redis.smembers("demo-comments"),
      ]);
      const comments = (await Promise.all(commentIds.map((id) => redis.hgetall(`comment:${id}`))))
        .filter((f) => !isEmpty(f))
        .map(records.comment);
      const tx = redis.multi();
      for (const member of ratings) {
        const [kind, venueId, userId] = JSON.parse(member) as [string, string, string];
        tx.hdel(`ratings:${kind}:${venueId}`, userId);
      }
      for (const c of comments) tx.lrem(`comments:${c.kind}:${c.venueId}`, 0, c.id).del(`comment:${c.id}`);
      tx.del("demo-ratings", "demo-comments");
      await tx.exec();
      return ratings.length + comments.length;
    },
  };
}
