/**
 * The upcoming-deadlines rows of this build, asked of the query layer's `upcomingDeadlines` (the one
 * computation every list surface reads) with the API's parameters: the home list and the built feeds.
 */
import type { DeadlineFilter, DeadlineRow } from "../../render/deadline-list.ts";
import { allRows, deadlineLister } from "../../render/deadline-rows.ts";
import { queryLayer } from "./snapshot.ts";

/** Every row of the filter, soonest first, at most `max`. */
export async function upcomingRows(filter: DeadlineFilter, max = 100_000): Promise<DeadlineRow[]> {
  const rows = await allRows(deadlineLister(await queryLayer()), filter, max);
  if ("invalid" in rows) throw new Error(`upcomingDeadlines refused the site's own filter: ${rows.invalid}`);
  return rows;
}
