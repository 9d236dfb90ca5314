/**
 * The upcoming-deadlines rows of this build, asked of the query layer's `upcomingDeadlines` (the one
 * computation every list surface reads) with the API's parameters: the home list and the built feeds.
 */
import type { DeadlineFilter, DeadlineRow } from "../../render/deadline-list.ts";
import { allRows, type DeadlineRows, deadlineLister } from "../../render/deadline-rows.ts";
import { queryLayer } from "./snapshot.ts";

/** The first `max` rows of the filter in the list's order, with the counts of the whole result. */
export async function upcomingList(filter: DeadlineFilter, max = 100_000): Promise<DeadlineRows> {
  const list = await allRows(deadlineLister(await queryLayer()), filter, max);
  if ("invalid" in list) throw new Error(`upcomingDeadlines refused the site's own filter: ${list.invalid}`);
  return list;
}

/** Every row of the filter in the list's order, at most `max`. */
export async function upcomingRows(filter: DeadlineFilter, max = 100_000): Promise<DeadlineRow[]> {
  return (await upcomingList(filter, max)).rows;
}
