import type { VenueActivity } from "./activity.ts";
import type { SnapshotDatabase } from "./database.ts";

/** What one query needs: the snapshot it runs on, "today" and "now" (UTC), the public base URL and the activity store. */
export interface QueryContext {
  db: SnapshotDatabase;
  /** YYYY-MM-DD, UTC. */
  today: string;
  /** The instant to the minute ("YYYY-MM-DDTHH:MM:00Z"): which deadlines have closed (the outlook's closes_at). */
  now: string;
  /** Public base URL without a trailing slash, for `detail_page`. */
  baseUrl: string;
  activity: VenueActivity;
}

/** An instant to the minute, as `QueryContext.now` holds it (payloads cached per minute stay right). */
export const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16)}:00Z`;
