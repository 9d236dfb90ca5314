/**
 * The upcoming deadlines a subscription follows, from the snapshot just published: a `/deadlines` filter's rows
 * (the same lister as the page) or a watchlist's conferences' outlooks; every submission deadline still ahead, in
 * the list's order. A filter the query layer refuses, or a watchlist that is gone, gives a reason instead.
 */
import type { Store, SubscriptionTarget } from "../../../accounts/store/types.ts";
import type { QueryLayer } from "../../../read/query/index.ts";
import { type DeadlineFilter, filterOf } from "../../../render/deadline-list.ts";
import { allRows, deadlineLister } from "../../../render/deadline-rows.ts";
import { type Locale, localePath, t } from "../../../render/i18n.ts";
import { type Ranked, rankTextOrNull } from "../../../render/rank-line.ts";
import type { OutlookDeadline } from "../../../snapshot/records.ts";
import { type AccountWatchlistStore, accountWatched } from "../account-watchlist.ts";
import { filterSummary } from "../deadlines-page.ts";
import type { DigestItem } from "./digest-changes.ts";

/** Most deadlines a subscription follows (as a feed lists at most). */
export const MAX_ITEMS = 1000;

export type ItemsQuery = Pick<QueryLayer, "upcomingDeadlines" | "conferenceOutlooks">;

/** The one rank line ("CCF A · CORE A*", render/rank-line.ts); empty for an unranked venue (the mail omits it). */
export const ranksOf = (r: Ranked) => rankTextOrNull(r) ?? "";

/** The filter a stored query string names (the page's parameters). */
export const storedFilter = (query: string): DeadlineFilter =>
  filterOf(new URL(`http://filter.invalid/?${query}`));

export interface FollowedItems {
  items: DigestItem[];
  /** In words, for the messages. */
  about: string;
  /** The list on the site (relative). */
  listPath: string;
}

/** What a subscription's watchlist target reads: a stored watchlist, or an account's (its tracked venues). */
export type FollowedStore = Pick<Store, "getWatchlist"> & AccountWatchlistStore;

/** What a digest item takes from a venue's row: its names and ranks. */
type VenueRow = Ranked & { short_name: string; full_name: string };

/** A venue's deadlines still ahead, as the items of a digest; `venueId` and `dataAsOf` as its source names them. */
function upcomingItems(
  venueId: string,
  row: VenueRow,
  dataAsOf: string | null,
  deadlines: readonly OutlookDeadline[],
): DigestItem[] {
  const venue = {
    venueId,
    shortName: row.short_name,
    fullName: row.full_name,
    ranks: ranksOf(row),
    dataAsOf,
  };
  return deadlines.filter((d) => d.status === "upcoming").map((deadline) => ({ ...venue, deadline }));
}

/** The upcoming deadlines `target` follows, described in `locale` (the subscription's language). */
export async function itemsOf(
  query: ItemsQuery,
  store: FollowedStore,
  target: SubscriptionTarget,
  locale: Locale = "en",
): Promise<FollowedItems | { invalid: string }> {
  if (target.kind === "filter") {
    const f = storedFilter(target.filter);
    const list = await allRows(deadlineLister(query as QueryLayer), f, MAX_ITEMS);
    if ("invalid" in list) return list;
    const items = list.rows.flatMap((row) =>
      upcomingItems(row.conference_id, row, row.data_as_of, row.deadlines),
    );
    return {
      items,
      about: t(locale, "digest.about_filter", { summary: filterSummary(f, locale) }),
      listPath: localePath(locale, `/deadlines?${target.filter}`),
    };
  }
  // A stored watchlist, or an account's (`<account id>.<token>`, subscribed from the account page).
  const watchlist =
    (await store.getWatchlist(target.watchlistId)) ?? (await accountWatched(store, target.watchlistId));
  if (!watchlist) return { invalid: "the watchlist is gone (nobody used it for too long)" };
  const outlooks = await query.conferenceOutlooks(watchlist.conferences);
  const items = outlooks
    .flatMap(({ row, outlook }) => upcomingItems(row.id, row, outlook.data_as_of, outlook.deadlines))
    .sort((a, b) => a.deadline.closes_at.localeCompare(b.deadline.closes_at))
    .slice(0, MAX_ITEMS);
  return {
    items,
    about: t(locale, "digest.about_watchlist", { n: watchlist.conferences.length }),
    listPath: localePath(locale, `/watchlist?id=${watchlist.id}`),
  };
}
