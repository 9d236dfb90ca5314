/**
 * The venue://feeds resource: every calendar and feed address the site publishes, absolute, so an assistant can
 * hand a researcher a subscription ("a calendar of CCF-A security deadlines") without a tool call per venue.
 */

import { ALL_DEADLINES_FEED_PATH, fieldFeedPath, rankFeedPath } from "../../read/schema/feeds.ts";
import { RANK_TIERS } from "../../read/schema/rank-tiers.ts";
import { RESEARCH_FIELD_NAMES, RESEARCH_FIELDS } from "../../snapshot/records.ts";

/** The feed list as Markdown: one address per line, grouped as the site's /feeds page groups them. */
export function feedList(publicBaseUrl: string): string {
  const at = (path: string) => `${publicBaseUrl}${path}`;
  const tierLines = RANK_TIERS.map(
    ({ slug, system, tier }) => `- ${system} ${tier}: ${at(rankFeedPath(slug))}`,
  );
  return [
    "# Calendar and feed addresses",
    "",
    'iCalendar (.ics) feeds of every upcoming deadline, announced ones with their exact instant and estimated ones as tentative all-day events marked "estimated". Subscribe with the address (or webcal:// in place of https://); it updates with every nightly build. The calendar field of a conference detail is that venue\'s own.',
    "",
    "## Everything",
    `- all deadlines: ${at(ALL_DEADLINES_FEED_PATH)}`,
    `- RSS, deadlines of the next 30 days: ${at("/feeds/deadlines.xml")}`,
    "",
    "## One venue, or several",
    `- one conference: ${at("/conference/{id}.ics")} (id as in search rows)`,
    `- several conferences in one subscription: ${at("/calendar/watch.ics?ids={id},{id}")}`,
    "",
    "## Per research field",
    ...RESEARCH_FIELDS.map(
      (field) => `- ${field} (${RESEARCH_FIELD_NAMES[field]}): ${at(fieldFeedPath(field))}`,
    ),
    "",
    "## Per rank tier",
    ...tierLines,
    "",
    "A calendar of one field and one tier (CCF-A security): subscribe to the tier's feed and keep the field's venues, or give the conference ids of search_conferences {ccf_rank, field} to the several-conferences address.",
  ].join("\n");
}
