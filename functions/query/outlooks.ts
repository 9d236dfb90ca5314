/**
 * The submission outlooks of a few named conferences with their public rows (a watchlist's venues): read from
 * the snapshot's detail records as the conference detail reads them; no view is recorded.
 */
import type { ConferenceRow, SubmissionOutlook } from "../../snapshot/records.ts";
import type { QueryContext } from "./context.ts";

export interface ConferenceOutlook {
  row: ConferenceRow;
  outlook: SubmissionOutlook;
}

/** One conference's public row and outlook; null when the snapshot holds no such conference or no outlook. */
export async function conferenceOutlook(ctx: QueryContext, id: string): Promise<ConferenceOutlook | null> {
  const row = ctx.db.tableRow("conferences", id) as ConferenceRow | undefined;
  const outlook = row ? (await ctx.db.conferenceDetail(id))?.outlook : undefined;
  return row && outlook ? { row, outlook } : null;
}

/** In the given order; ids the snapshot does not hold are skipped. */
export async function conferenceOutlooks(
  ctx: QueryContext,
  ids: readonly string[],
): Promise<ConferenceOutlook[]> {
  const found = await Promise.all(ids.map((id) => conferenceOutlook(ctx, id)));
  return found.flatMap((f) => f ?? []);
}
