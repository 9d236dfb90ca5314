/** Shared body of the calendar endpoints: the feed at a path, over the upcoming deadlines of this build. */
import { type CalendarFeed, calendarText, upcomingEstimates } from "./calendar.ts";
import { upcomingDeadlines } from "./deadlines.ts";
import { textResponse } from "./responses.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

export function calendarResponse(feed: CalendarFeed): Response {
  const data = snapshot();
  const stamp = new Date(data.manifest.generated_at);
  const now = settings().buildTime;
  const estimates = upcomingEstimates(
    data.conferences,
    (id) => data.conferenceDetails.get(id)?.deadline_estimates,
    now,
  );
  return textResponse(calendarText(feed, upcomingDeadlines(now), stamp, estimates), "text/calendar");
}
