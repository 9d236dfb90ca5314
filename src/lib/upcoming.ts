/**
 * The upcoming-deadlines rows of this build, asked of the query layer's `upcomingDeadlines` (the one
 * computation every list surface reads) with the API's parameters: the home list and the built feeds.
 */
import type { DeadlineFilter, DeadlineRow } from "../../render/deadline-list.ts";
import { allRows, type DeadlineRows, deadlineLister } from "../../render/deadline-rows.ts";
import { queryLayer } from "./snapshot.ts";

/** Lists asked for already: each language's page or feed of one filter reads the same rows (built once). */
const asked = new Map<string, Promise<DeadlineRows>>();

/** The first `max` rows of the filter in the list's order, with the counts of the whole result. */
export function upcomingList(filter: DeadlineFilter, max = 100_000): Promise<DeadlineRows> {
  const key = `${max} ${JSON.stringify(filter)}`;
  let list = asked.get(key);
  if (!list) {
    list = listOf(filter, max);
    asked.set(key, list);
  }
  return list;
}

async function listOf(filter: DeadlineFilter, max: number): Promise<DeadlineRows> {
  const list = await allRows(deadlineLister(await queryLayer()), filter, max);
  if ("invalid" in list) throw new Error(`upcomingDeadlines refused the site's own filter: ${list.invalid}`);
  return list;
}

/** Every row of the filter in the list's order, at most `max`. */
export async function upcomingRows(filter: DeadlineFilter, max = 100_000): Promise<DeadlineRow[]> {
  return (await upcomingList(filter, max)).rows;
}
