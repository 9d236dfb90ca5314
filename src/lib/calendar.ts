/**
 * The built iCalendar feeds (RFC 5545) of upcoming submission deadlines: one for everything, one per research
 * field and one per rank tier. Each is a filter of the query layer's upcomingDeadlines, written by
 * render/deadline-feeds.ts exactly as the server's filtered `/deadlines.ics?…` is.
 */

import { ALL_DEADLINES_FEED_PATH, fieldFeedPath, rankFeedPath } from "../../read/schema/feeds.ts";
import { DEFAULT_FILTER, type DeadlineFilter } from "../../render/deadline-list.ts";
import { fieldLabel } from "../../render/html.ts";
import { type Locale, t } from "../../render/i18n.ts";
import { RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { RANK_TIERS } from "./ranks.ts";

export interface CalendarFeed {
  /** Last path segment without `.ics`: a field, a tier slug, or "deadlines". */
  slug: string;
  /** `/feeds/deadlines.ics`, `/feeds/fields/ai.ics`, `/feeds/ranks/ccf-a.ics`. */
  path: string;
  group: "all" | "field" | "rank";
  /** The upcomingDeadlines filter the feed holds. */
  filter: DeadlineFilter;
}

/** Every venue, ranked or not, estimates included. */
const EVERYTHING: DeadlineFilter = { ...DEFAULT_FILTER, ranked_only: false };

export const ALL_DEADLINES_CALENDAR: CalendarFeed = {
  slug: "deadlines",
  path: ALL_DEADLINES_FEED_PATH,
  group: "all",
  filter: EVERYTHING,
};

export const FIELD_CALENDARS: readonly CalendarFeed[] = RESEARCH_FIELDS.map((field) => ({
  slug: field,
  path: fieldFeedPath(field),
  group: "field",
  filter: { ...EVERYTHING, field: [field] },
}));

export const RANK_CALENDARS: readonly CalendarFeed[] = RANK_TIERS.map((tier) => ({
  slug: tier.slug,
  path: rankFeedPath(tier.slug),
  group: "rank",
  filter: { ...EVERYTHING, [tier.param]: [tier.tier] },
}));

/** The feed's title in a language: "Deadlines in Software engineering", "软件工程领域的截稿日期". */
export function calendarTitle(feed: CalendarFeed, locale: Locale): string {
  if (feed.group === "field") return t(locale, "feeds.field_title", { field: fieldLabel(feed.slug, locale) });
  if (feed.group === "rank") return t(locale, "feeds.rank_title", { tier: rankTierLabel(feed.slug) });
  return t(locale, "feeds.all_title");
}

const rankTierLabel = (slug: string) => RANK_TIERS.find((tier) => tier.slug === slug)?.label ?? slug;

export const CALENDARS: readonly CalendarFeed[] = [
  ALL_DEADLINES_CALENDAR,
  ...FIELD_CALENDARS,
  ...RANK_CALENDARS,
];
