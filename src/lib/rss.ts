/** The RSS 2.0 feed of deadlines due in the next 30 days from the build. */
import { getRssString } from "@astrojs/rss";
import { type DeadlineEntry, entryTitle, publishedTime, upcomingDeadlines, utcTime } from "./deadlines.ts";
import { absoluteUrl, venuePath } from "./paths.ts";
import { settings } from "./settings.ts";
import { snapshot } from "./snapshot.ts";

export const RSS_PATH = "/feeds/deadlines.xml";
export const RSS_WINDOW_DAYS = 30;

function item(entry: DeadlineEntry, published: Date) {
  const { venue, deadline } = entry;
  const utc = utcTime(deadline);
  return {
    title: entryTitle(entry),
    // The anchor makes each deadline's link (and so its guid) unique.
    link: absoluteUrl(`${venuePath("conference", venue.id)}#${entry.anchor}`),
    pubDate: published,
    description: `${venue.full_name}. ${publishedTime(deadline)}${utc ? ` (${utc})` : ""}.${
      venue.location ? ` ${venue.location}.` : ""
    }`,
    categories: [deadline.type, ...venue.fields],
  };
}

export async function rssText(): Promise<string> {
  const { buildTime } = settings();
  const until = new Date(buildTime.getTime() + RSS_WINDOW_DAYS * 86_400_000);
  const published = new Date(snapshot().manifest.generated_at);
  return getRssString({
    title: "Venue Directory — upcoming deadlines",
    description: `Conference deadlines due in the ${RSS_WINDOW_DAYS} days after ${buildTime.toISOString().slice(0, 10)}. Free use with attribution; link each venue's page.`,
    site: settings().baseUrl,
    items: upcomingDeadlines(buildTime, until).map((entry) => item(entry, published)),
    customData: `<language>en</language><lastBuildDate>${buildTime.toUTCString()}</lastBuildDate>`,
  });
}
