/**
 * Quota for the MCP endpoint: a request that returns venue data (a tool call, reading the statistics or a venue,
 * completing a venue name or id) counts like a REST request; the protocol traffic around it (initialize,
 * notifications, tools/list, prompts/list, prompts/get, ping, static resources and completions) and refused
 * methods only report the quota, so connecting a client costs nothing. Invalid credentials are refused (401) on every request alike.
 */
import { createMiddleware } from "hono/factory";
import type { EdgeEnv } from "../edge/context.ts";
import { searchesVenues } from "./completion.ts";
import { isVenueDataResource } from "./resources.ts";

export const MCP_PATH = "/mcp";

/** A request body as JSON; undefined when there is none or it is not JSON. */
export function jsonBody(body: Uint8Array | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Whether one JSON-RPC message is a request that returns venue data, and so counts like its REST twin: a tool call,
 * reading the statistics or a venue's page (resources/read), or completing a venue name or id (completion/complete,
 * which runs the name search). Static resources and completions (fields, terms, tiers) stay free.
 */
function isMeteredCall(message: unknown): boolean {
  if (typeof message !== "object" || message === null || !("id" in message) || !("method" in message)) {
    return false;
  }
  const params = "params" in message ? (message.params as { uri?: unknown } | undefined) : undefined;
  switch (message.method) {
    case "tools/call":
      return true;
    case "resources/read":
      return isVenueDataResource(String(params?.uri ?? ""));
    case "completion/complete":
      return searchesVenues(params);
    default:
      return false;
  }
}

/** How many metered calls a message carries (a JSON-RPC batch can hold several); 0 for anything else. */
export function countMeteredCalls(message: unknown): number {
  return (Array.isArray(message) ? message : [message]).filter(isMeteredCall).length;
}

/** The edge step on /mcp, before caller-quota.ts: a request with no metered call only reports the quota. */
export const mcpMetering = createMiddleware<EdgeEnv>(async (c, next) => {
  if (c.req.method !== "POST" || countMeteredCalls(jsonBody(c.get("body"))) === 0) c.set("reportOnly", true);
  await next();
});
