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

/** In the given order; ids the snapshot does not hold are skipped. */
export async function conferenceOutlooks(
  ctx: QueryContext,
  ids: readonly string[],
): Promise<ConferenceOutlook[]> {
  const found = await Promise.all(
    ids.map(async (id) => {
      const row = ctx.db.tableRow("conferences", id) as ConferenceRow | undefined;
      const outlook = row ? (await ctx.db.conferenceDetail(id))?.outlook : undefined;
      return row && outlook ? { row, outlook } : null;
    }),
  );
  return found.flatMap((f) => f ?? []);
}
