/** Shared body of the built feed endpoints: a filter's rows of upcomingDeadlines, written as iCalendar or RSS. */
import { deadlinesIcs, deadlinesRss, type FeedInfo } from "../../render/deadline-feeds.ts";
import type { DeadlineFilter } from "../../render/deadline-list.ts";
import type { CalendarFeed } from "./calendar.ts";
import { textResponse } from "./responses.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";
import { upcomingRows } from "./upcoming.ts";

export function feedInfo(title: string, description: string, path: string): FeedInfo {
  return {
    title: `Venue Directory — ${title}`,
    description,
    baseUrl: settings().baseUrl,
    path,
    stamp: new Date(snapshot().manifest.generated_at),
  };
}

const CALENDAR_DESCRIPTION =
  "Submission deadlines (abstract and paper) from Venue Directory; estimates are tentative events with their window. Free use with attribution; link each venue's page.";

export async function calendarResponse(feed: CalendarFeed): Promise<Response> {
  const rows = await upcomingRows(feed.filter);
  return textResponse(
    deadlinesIcs(feedInfo(feed.title, CALENDAR_DESCRIPTION, feed.path), rows),
    "text/calendar",
  );
}

export async function rssResponse(filter: DeadlineFilter, title: string, description: string, path: string) {
  const rows = await upcomingRows(filter);
  return textResponse(await deadlinesRss(feedInfo(title, description, path), rows), "application/rss+xml");
}
