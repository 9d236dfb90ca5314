/** Shared body of the built feed endpoints: a filter's rows of upcomingDeadlines, written as iCalendar or RSS. */
import { deadlinesIcs, deadlinesRss, type FeedInfo } from "../../render/deadline-feeds.ts";
import type { DeadlineFilter } from "../../render/deadline-list.ts";
import { type Locale, localePath, t } from "../../render/i18n.ts";
import { type CalendarFeed, calendarTitle } from "./calendar.ts";
import { textResponse } from "./responses.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";
import { upcomingRows } from "./upcoming.ts";

/** A feed's head in `locale`; `path` is its English address (the `/zh/` feed lives under `/zh/`). */
export function feedInfo(locale: Locale, title: string, description: string, path: string): FeedInfo {
  return {
    title: t(locale, "feed.channel_title", { title }),
    description,
    baseUrl: settings().baseUrl,
    path: localePath(locale, path),
    stamp: new Date(snapshot().manifest.generated_at),
    locale,
  };
}

export async function calendarResponse(feed: CalendarFeed, locale: Locale): Promise<Response> {
  const rows = await upcomingRows(feed.filter);
  const info = feedInfo(
    locale,
    calendarTitle(feed, locale),
    t(locale, "feed.calendar_description"),
    feed.path,
  );
  return textResponse(deadlinesIcs(info, rows), "text/calendar");
}

export async function rssResponse(
  locale: Locale,
  filter: DeadlineFilter,
  title: string,
  description: string,
  path: string,
) {
  const rows = await upcomingRows(filter);
  return textResponse(
    await deadlinesRss(feedInfo(locale, title, description, path), rows),
    "application/rss+xml",
  );
}
