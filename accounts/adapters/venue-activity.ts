/**
 * The query layer's activity seam over the state store: tracker and attendee counts from researcher profiles,
 * views of the last 30 days, ratings and comments. Ranking lists need a whole per-kind count map on every request,
 * so those maps are cached for a few seconds (one store query per kind and metric per interval, shared by the
 * requests that arrive meanwhile); one venue's detail reads its own figures fresh, in one store call (which the
 * SQLite store answers from memory until they change: the same record, so the same summary object). Views are
 * counted in memory and written in batches (ViewBatches).
 */
import type { ActivityMetric, VenueActivity, VenueActivitySummary } from "../../read/query/activity.ts";
import type { Comment as CommentView } from "../../read/schema/api.ts";
import type { AuthoredComment, Store, VenueActivityRecord, VenueKind } from "../store/types.ts";
import type { ViewBatches } from "../store/view-batches.ts";
import { publicName, redactContacts } from "./contacts.ts";

/** How long a ranking's count map is reused. */
export const DEFAULT_COUNTS_CACHE_MS = 5_000;
/** Newest comments shown on a detail. */
export const COMMENTS_SHOWN = 20;

export interface StoreActivityOptions {
  countsCacheMs?: number;
  /** Milliseconds; injectable for tests of the cache. */
  now?: () => number;
}

type CountMap = ReadonlyMap<string, number>;

/** Only venues with a non-zero value take part in a popularity list. */
function nonZero(entries: Iterable<[string, number]>): CountMap {
  return new Map([...entries].filter(([, n]) => n > 0));
}

async function loadCounts(store: Store, kind: VenueKind, metric: ActivityMetric): Promise<CountMap> {
  if (metric === "views_30d") return nonZero(await store.views30d(kind));
  const counts = await store.venueCounts(kind);
  return nonZero([...counts].map(([id, c]) => [id, metric === "trackers" ? c.trackers : c.attendees]));
}

/** A comment as shown: its author by public name; the author id links a profile only when that profile is public. */
function commentView(c: AuthoredComment): CommentView {
  return {
    id: c.id,
    author_id: c.author.publicProfile ? c.userId : null,
    author_name: publicName(c.author.name),
    body: redactContacts(c.text),
    created_at: c.createdAt.replace(/\.\d+Z$/, "Z"),
  };
}

function summaryOf({ counts, ratings, comments }: VenueActivityRecord): VenueActivitySummary {
  return {
    trackers_count: counts.trackers,
    attendees_count: counts.attendees,
    rating_summary: ratings.average === null ? null : { average: ratings.average, count: ratings.count },
    comments: comments.map(commentView),
  };
}

export function createStoreActivity(
  store: Store,
  views: Pick<ViewBatches, "record">,
  options: StoreActivityOptions = {},
): VenueActivity {
  const ttl = options.countsCacheMs ?? DEFAULT_COUNTS_CACHE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<CountMap> }>();
  /** A store that hands out one record again gets one summary again (details.ts reuses the detail then). */
  const summaries = new WeakMap<VenueActivityRecord, VenueActivitySummary>();

  return {
    counts(kind, metric) {
      const key = `${kind}:${metric}`;
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = loadCounts(store, kind, metric);
      cache.set(key, { expires: now() + ttl, value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      return value;
    },

    async summary(kind, id): Promise<VenueActivitySummary> {
      const record = await store.venueActivity(kind, id, COMMENTS_SHOWN);
      let summary = summaries.get(record);
      if (!summary) {
        summary = summaryOf(record);
        summaries.set(record, summary);
      }
      return summary;
    },

    recordView: async (kind, id) => views.record(kind, id),
  };
}
