/** `/feeds/deadlines.xml`: RSS 2.0 of the submission deadlines due in the next 30 days. */
import type { APIRoute } from "astro";
import { rssResponse } from "../../lib/calendar-route.ts";
import { RSS_FILTER, RSS_PATH, RSS_WINDOW_DAYS } from "../../lib/rss.ts";
import { settings } from "../../lib/settings.ts";

export const GET: APIRoute = () =>
  rssResponse(
    RSS_FILTER,
    "upcoming submission deadlines",
    `Submission deadlines (abstract and paper; estimates marked) due in the ${RSS_WINDOW_DAYS} days after ${settings().buildTime.toISOString().slice(0, 10)}. Free use with attribution; link each venue's page.`,
    RSS_PATH,
  );
