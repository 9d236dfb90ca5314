/**
 * Quota for the MCP endpoint: a request that calls a tool counts like a REST request; the protocol traffic around
 * it (initialize, notifications, tools/list, prompts/list, prompts/get, ping) and refused methods only report
 * the quota, so connecting a client costs nothing. Invalid credentials are refused (401) on every request alike.
 */
import { createMiddleware } from "hono/factory";
import type { EdgeEnv } from "../http/request-context.ts";

/** A request body as JSON; undefined when there is none or it is not JSON. */
function jsonBody(body: Uint8Array | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    return undefined;
  }
}

const isToolCall = (message: unknown) =>
  typeof message === "object" &&
  message !== null &&
  "method" in message &&
  message.method === "tools/call" &&
  "id" in message;

/** How many tools/call requests a message carries (a JSON-RPC batch can hold several); 0 for anything else. */
export function countToolCalls(message: unknown): number {
  return (Array.isArray(message) ? message : [message]).filter(isToolCall).length;
}

/** The edge step on /mcp, before caller-quota.ts: a request that calls no tool only reports the quota. */
export const mcpMetering = createMiddleware<EdgeEnv>(async (c, next) => {
  const message = c.req.method === "POST" ? jsonBody(c.get("body")) : undefined;
  c.set("mcpMessage", message);
  if (countToolCalls(message) === 0) c.set("reportOnly", true);
  await next();
});
