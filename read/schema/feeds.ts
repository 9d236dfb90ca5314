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

/** The e-mail digest of a deadline filter: its subscribe page (functions/pages/subscriptions/). */
export const DEADLINES_SUBSCRIBE_PATH = "/subscribe";

/** Arguments that page or cut a deadline list rather than filter it. */
const NOT_FILTERS = new Set(["page", "per_page", "page_size", "fields"]);

/**
 * A deadline filter as it was read (DeadlineListParams' output) in the query string the pages take: lists
 * comma-separated, both booleans spelled out (the page's ranked-only default differs from the API's), no paging.
 * The digest's subscribe link and the deadline board's calendar (functions/mcp/deadline-board/tool.ts) alike.
 */
export function deadlineFilterQuery(parsed: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(parsed)) {
    if (NOT_FILTERS.has(name) || value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}
