/**
 * The reference service's feed paths, served with the bytes of ours so its users' feed readers and calendar
 * subscriptions keep working after they change the base URL (same file, not a redirect some readers drop).
 */
const FEED_ALIASES: ReadonlyMap<string, string> = new Map([
  ["/feed/upcoming-deadlines.xml", "/feeds/deadlines.xml"],
  ["/calendar/deadlines.ics", "/feeds/deadlines.ics"],
]);

/** The site path a request path is served from: the feed an alias names, else the path itself. */
export function feedPath(pathname: string): string {
  return FEED_ALIASES.get(pathname) ?? pathname;
}
