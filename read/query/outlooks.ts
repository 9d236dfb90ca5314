/**
 * The submission outlooks of a few named conferences with their public rows (a watchlist's venues): read from
 * the snapshot's detail records as the conference detail reads them; no view is recorded.
 */
import { LRUCache } from "lru-cache";
import type { ConferenceRow, SubmissionOutlook } from "../../snapshot/records.ts";
import { deadlineDataDate } from "../../snapshot/source-age.ts";
import type { QueryContext } from "./context.ts";

export interface ConferenceOutlook {
  row: ConferenceRow;
  outlook: SubmissionOutlook;
  /**
   * The date of the data behind `outlook.next` (its source's data date, or `data_as_of` for an estimate); null
   * without a next deadline. What a watchlist's data-age notice counts from (docs/site.md, "Data age").
   */
  next_data_as_of: string | null;
}

/** Each source's data date in this snapshot, by id (the manifest's `sources[].date`), made once per snapshot. */
export function sourceDates(ctx: QueryContext): (id: string) => string | null | undefined {
  const dates = ctx.db.memo(
    "source dates",
    () => new Map(ctx.db.manifest.sources.map((s) => [s.id, s.date])),
  );
  return (id) => dates.get(id);
}

/**
 * Outlooks read on this snapshot, by conference id: reading one means reading and validating the venue's whole
 * detail record (0.1–0.2 ms), and the deadline lists and feeds read hundreds at a time. Bounded, for catalogues
 * many times today's (3,600 conferences).
 */
const READ_OUTLOOKS = 20_000;

async function readOutlook(ctx: QueryContext, id: string): Promise<ConferenceOutlook | null> {
  const row = ctx.db.tableRow("conferences", id) as ConferenceRow | undefined;
  const outlook = row ? (await ctx.db.conferenceDetail(id))?.outlook : undefined;
  if (!row || !outlook) return null;
  const next_data_as_of = outlook.next
    ? deadlineDataDate(outlook.next, sourceDates(ctx), outlook.data_as_of)
    : null;
  return { row, outlook, next_data_as_of };
}

/** One conference's public row and outlook; null when the snapshot holds no such conference or no outlook. */
export function conferenceOutlook(ctx: QueryContext, id: string): Promise<ConferenceOutlook | null> {
  const read = ctx.db.memo(
    "conference outlooks",
    () => new LRUCache<string, Promise<ConferenceOutlook | null>>({ max: READ_OUTLOOKS }),
  );
  let outlook = read.get(id);
  if (!outlook) {
    outlook = readOutlook(ctx, id);
    read.set(id, outlook);
    // A failed read is forgotten, so the next one tries again.
    outlook.catch(() => read.delete(id));
  }
  return outlook;
}

/** In the given order; ids the snapshot does not hold are skipped. */
export async function conferenceOutlooks(
  ctx: QueryContext,
  ids: readonly string[],
): Promise<ConferenceOutlook[]> {
  const found = await Promise.all(ids.map((id) => conferenceOutlook(ctx, id)));
  return found.flatMap((f) => f ?? []);
}
