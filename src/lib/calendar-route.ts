/** Shared body of the calendar endpoints: the feed at a path, over the upcoming deadlines of this build. */
import { type CalendarFeed, calendarText } from "./calendar.ts";
import { upcomingDeadlines } from "./deadlines.ts";
import { textResponse } from "./responses.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

export function calendarResponse(feed: CalendarFeed): Response {
  const stamp = new Date(snapshot().manifest.generated_at);
  return textResponse(calendarText(feed, upcomingDeadlines(settings().buildTime), stamp), "text/calendar");
}
