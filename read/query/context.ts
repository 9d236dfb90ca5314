import { MINUTE_MS, utcDate } from "../../runtime/clock.ts";
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
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16)}:00Z`;

let lastTimes = { minute: Number.NaN, today: "", now: "" };

/** `today` and `now` of an instant: formatted once a minute, not for every query. */
export function contextTimes(at: Date): { today: string; now: string } {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  if (minute !== lastTimes.minute) lastTimes = { minute, today: utcDate(at), now: minuteOf(at) };
  return lastTimes;
}
