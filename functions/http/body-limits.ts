/** How large a request body may be, by route: the edge refuses a larger one 413, the MCP transport agrees. */
import { LOGIN_PATH, MCP_PATH } from "./paths.ts";

/** A watchlist's largest valid body (200 conferences and 200 journals of 15 digits) is about 7.3 KB. */
export const BODY_LIMITS = {
  login: 16 * 1024,
  mcp: 1024 * 1024,
  watchlist: 16 * 1024,
  other: 64 * 1024,
} as const;

export function bodyLimitOf(pathname: string): number {
  if (pathname === LOGIN_PATH) return BODY_LIMITS.login;
  if (pathname === "/watchlists" || pathname.startsWith("/watchlists/")) return BODY_LIMITS.watchlist;
  if (pathname === MCP_PATH) return BODY_LIMITS.mcp;
  return BODY_LIMITS.other;
}
