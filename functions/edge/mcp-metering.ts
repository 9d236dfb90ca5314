/**
 * Quota for the MCP endpoint: a request that returns venue data (a tool call, reading the statistics or a venue,
 * completing a venue name or id) counts like a REST request; the protocol traffic around it (initialize,
 * notifications, tools/list, prompts/list, prompts/get, ping, static resources and completions) and refused
 * methods only report the quota, so connecting a client costs nothing. A batch of several metered calls is refused
 * before anything counts it, with the caller's quota peeked as a page's is (so its headers name the real limit).
 * Invalid credentials are refused (401) on every other request alike.
 */
import type { AccessControl } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import { jsonRpcError } from "../http/json-rpc-error.ts";
import { TEMPLATE_ID, VENUE_ARGUMENT } from "../http/mcp-arguments.ts";
import { MCP_PATH } from "../http/paths.ts";
import { reportQuotaOnly } from "./caller-quota.ts";
import { withServedResourceUris } from "./mcp-resource-uri.ts";
import { answer, type EdgeRequest, type EdgeStep } from "./step.ts";

/** A request body as JSON; undefined when there is none or it is not JSON. */
function jsonBody(body: Uint8Array | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Resources whose content is venue data (the statistics payload, a venue's page): read like a REST call, metered.
 * Asked of the URI in the form the server serves (mcp-resource-uri.ts), never of the spelling sent.
 */
const isVenueDataResource = (uri: string) => /^venue:\/\/(statistics$|conference\/|journal\/)/.test(uri);

/** Whether a completion/complete request's params run the venue name search (so it is metered like a search). */
function searchesVenues(params: unknown): boolean {
  const { ref, argument } = (params ?? {}) as { ref?: { type?: unknown }; argument?: { name?: unknown } };
  const name = argument?.name;
  return ref?.type === "ref/resource" ? name === TEMPLATE_ID : name === VENUE_ARGUMENT;
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
function countMeteredCalls(message: unknown): number {
  return (Array.isArray(message) ? message : [message]).filter(isMeteredCall).length;
}

/**
 * The edge step on /mcp, before caller-quota.ts, and the one place that counts metered calls: parses the message
 * once, with resource URIs in their served form, and hands that message on (c.var.mcpMessage) for the handler to
 * serve; a request with no metered call only reports the quota, and a batch of several is refused here, before it
 * is counted (one HTTP request counts as one request).
 */
export const mcpMetering = (access: AccessControl, logger: Logger): EdgeStep => {
  /** The batch's caller and quota only peeked (a bad credential still 401), then the refusal. */
  const refuseBatch = async (req: EdgeRequest) =>
    (await reportQuotaOnly(req, access, logger)) ??
    answer(
      jsonRpcError(
        400,
        -32600,
        "send one tools/call, venue resources/read or venue completion/complete per HTTP request: each counts as one request",
      ),
    );
  return {
    // Not async: a request with one call or none passes without waiting a turn of the event loop.
    run(req) {
      if (req.path !== MCP_PATH) return undefined;
      const message = req.method === "POST" ? withServedResourceUris(jsonBody(req.get("body"))) : undefined;
      const calls = countMeteredCalls(message);
      if (calls > 1) return refuseBatch(req);
      req.set("mcpMessage", message);
      if (calls === 0) req.set("reportOnly", true);
      return undefined;
    },
  };
};
