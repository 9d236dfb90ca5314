/**
 * The submission outlooks of a few named conferences with their public rows (a watchlist's venues): read from
 * the snapshot's detail records as the conference detail reads them; no view is recorded.
 */
import { LRUCache } from "lru-cache";
import type { ConferenceRow, SubmissionOutlook } from "../../snapshot/records.ts";
import type { QueryContext } from "./context.ts";

export interface ConferenceOutlook {
  row: ConferenceRow;
  outlook: SubmissionOutlook;
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
  return row && outlook ? { row, outlook } : null;
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
