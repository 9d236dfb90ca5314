/**
 * The counters and user content that live in the mutable store, not in the snapshot: trackers, attendees,
 * recent views, ratings and comments. The query layer reads them through this seam; the accounts store
 * implements it. The default is an empty store, so the service runs (and its popularity lists are empty)
 * without one.
 */
import type { Comment, RatingSummary } from "../schema/api.ts";

export type VenueKind = "conference" | "journal";

/** Per-venue counters a ranking list can order by. Journals have no attendees (always 0). */
export type ActivityMetric = "trackers" | "attendees" | "views_30d";

export interface VenueActivitySummary {
  trackers_count: number;
  attendees_count: number;
  rating_summary: RatingSummary | null;
  /** Newest first; only comments that may be shown publicly. */
  comments: Comment[];
}

export interface VenueActivity {
  /** Every venue of `kind` with a non-zero value of `metric` (venue id → value). */
  counts(kind: VenueKind, metric: ActivityMetric): Promise<ReadonlyMap<string, number>>;
  /** What the detail view of one venue shows. */
  summary(kind: VenueKind, id: string): Promise<VenueActivitySummary>;
  /** One view of a venue's detail (API detail call or page); feeds views_30d. */
  recordView(kind: VenueKind, id: string): Promise<void>;
}

const EMPTY_COUNTS: ReadonlyMap<string, number> = new Map();
/** One object, so a detail without a store is made once too (details.ts keys it by its activity summary). */
const EMPTY_SUMMARY: VenueActivitySummary = Object.freeze({
  trackers_count: 0,
  attendees_count: 0,
  rating_summary: null,
  comments: [],
});

export const emptyActivity: VenueActivity = {
  counts: async () => EMPTY_COUNTS,
  summary: async () => EMPTY_SUMMARY,
  recordView: async () => {},
};
