/** The kinds of path the edge treats apart: the JSON API (envelopes, metering), the MCP endpoint, the login. */

export const MCP_PATH = "/mcp";
export const LOGIN_PATH = "/api/login";

/** Paths answered with JSON envelopes (errors included), never HTML or plain text. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/") || pathname === MCP_PATH;
}
