/**
 * Refusal of the default User-Agent of unattended HTTP libraries (answered 403 "error code: 1010"), so crawlers
 * identify themselves. Only a User-Agent that *starts* with one of these products is refused: putting a
 * descriptive product first ("MyLab-Sync/1.0 (+mailto:me@lab.org) python-requests/2.32") passes.
 *
 * Not refused, on purpose: curl and Wget (interactive tools, and the documented way to fetch the bulk
 * snapshot), "node" (the default of Node's fetch, which MCP clients use), browsers, and a missing User-Agent.
 */
export const DEFAULT_BLOCKED_AGENTS: readonly string[] = [
  "Python-urllib", // Python standard library
  "python-requests",
  "python-httpx",
  "Python", // aiohttp: "Python/3.12 aiohttp/3.9"
  "libwww-perl", // Perl LWP
  "lwp-trivial",
  "LWP::Simple",
  "Go-http-client", // Go net/http
  "Java", // HttpURLConnection: "Java/17.0.2"
  "Java-http-client", // java.net.http
  "Apache-HttpClient",
  "okhttp",
  "Ruby", // Net::HTTP
  "GuzzleHttp", // PHP
];

/**
 * Whether a User-Agent is one of the refused library defaults: one case-insensitive pattern for the list (the product
 * token is one of the list's, then "/", a space or the end), made once by the caller that holds the list.
 */
export function blockedAgentTest(blocked: readonly string[]): (userAgent: string | null) => boolean {
  const tokens = blocked.map((t) => t.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (tokens.length === 0) return () => false;
  const pattern = new RegExp(`^(?:${tokens.join("|")})(?:[/ ]|$)`, "i");
  return (userAgent) => pattern.test((userAgent ?? "").trim());
}

/** BLOCKED_AGENTS: comma-separated product tokens replacing the default list; empty disables the rule. */
export function parseBlockedAgents(value: string | undefined): readonly string[] {
  if (value === undefined) return DEFAULT_BLOCKED_AGENTS;
  return value
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
