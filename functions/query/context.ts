import type { VenueActivity } from "./activity.ts";
import type { SnapshotDatabase } from "./database.ts";

/** What one query needs: the snapshot it runs on, "today" (UTC), the public base URL and the activity store. */
export interface QueryContext {
  db: SnapshotDatabase;
  /** YYYY-MM-DD, UTC. */
  today: string;
  /** Public base URL without a trailing slash, for `detail_page`. */
  baseUrl: string;
  activity: VenueActivity;
}
