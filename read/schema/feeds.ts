/**
 * Addresses of the site's iCalendar feeds (src/lib/calendar.ts builds them), named once so that the pages and
 * the MCP deadline board point at the same files.
 */
export const ALL_DEADLINES_FEED_PATH = "/feeds/deadlines.ics";

export const fieldFeedPath = (field: string) => `/feeds/fields/${field}.ics`;

/** `ccf-a`, `core-astar`, `qualis-a1`: one slug per rank tier, for the ranking pages and the tier feeds. */
export const rankTierSlug = (system: string, tier: string) =>
  `${system.toLowerCase()}-${tier.toLowerCase().replace("*", "star")}`;

export const rankFeedPath = (slug: string) => `/feeds/ranks/${slug}.ics`;
