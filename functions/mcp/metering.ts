/**
 * Quota for the MCP endpoint: a request that calls a tool counts like a REST request; the protocol traffic around
 * it (initialize, notifications, tools/list, prompts/list, prompts/get, ping) and refused methods only report
 * the quota, so connecting a client costs nothing. Invalid credentials are refused (401) on every request alike.
 */
import { createMiddleware } from "hono/factory";
import type { EdgeEnv } from "../edge/context.ts";

export const MCP_PATH = "/mcp";

/** Largest request body read, here and by the transport (which answers a larger one 413). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A POST body as JSON, read from a copy so the transport can still read the request; null if unreadable. */
async function peekJson(req: Request): Promise<unknown> {
  if (req.method !== "POST" || Number(req.headers.get("content-length")) > MAX_BODY_BYTES) return null;
  const reader = req.clone().body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  try {
    return JSON.parse(await new Blob(chunks).text());
  } catch {
    return null;
  }
}

const isToolCall = (message: unknown) =>
  typeof message === "object" &&
  message !== null &&
  "method" in message &&
  message.method === "tools/call" &&
  "id" in message;

/** How many tools/call requests a POST carries (a JSON-RPC batch can hold several); 0 for anything else. */
export async function countToolCalls(req: Request): Promise<number> {
  const body = await peekJson(req);
  return (Array.isArray(body) ? body : [body]).filter(isToolCall).length;
}

/** The edge step on /mcp, before caller-quota.ts: a request that calls no tool only reports the quota. */
export const mcpMetering = createMiddleware<EdgeEnv>(async (c, next) => {
  if ((await countToolCalls(c.req.raw)) === 0) c.set("reportOnly", true);
  await next();
});
