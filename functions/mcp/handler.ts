/**
 * POST /mcp: the MCP server over Streamable HTTP, stateless (no session id) with plain JSON answers, or one SSE
 * event to a client that accepts only the event stream. A plain tools/call takes the direct path
 * (direct-call.ts); any other request gets a fresh SDK server and transport. Web-standard Request → Response
 * behind the edge chain, which has already refused a batch of several metered calls, resolved the caller and counted
 * the request.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createReadOperations } from "../../read/operations.ts";
import type { QueryLayer } from "../../read/query/index.ts";
import type { ResearcherDirectory } from "../../read/services.ts";
import { type Clock, systemClock } from "../../runtime/clock.ts";
import { type Logger, silentLogger } from "../../runtime/logger.ts";
import { BODY_LIMITS } from "../http/body-limits.ts";
import { jsonRpcError } from "../http/json-rpc-error.ts";
import type { InnerHandler } from "../http/request-context.ts";
import { answerPlainCall, plainToolCall } from "./direct-call.ts";
import type { VenueMarkdown } from "./resources.ts";
import { createMcpServer, type McpServerContext } from "./server.ts";

export interface McpDeps {
  query: QueryLayer;
  /** Base of links in the instructions (snapshot, API). */
  publicBaseUrl: string;
  researchers?: ResearcherDirectory;
  /** "Today" for the prompts' date windows. */
  clock?: Clock;
  logger?: Logger;
  /** The site's Markdown rendition of a venue (the venue resources' content); none without a site. */
  venueMarkdown?: VenueMarkdown;
}

/** What the server's `mcp` slot takes: built once the server has its query layer. */
export type McpFactory = (deps: McpDeps) => InnerHandler;

/** How a request's Accept header is served: read once, by the direct path and by the SDK's transport alike. */
interface Acceptance {
  /** Accept names the event stream and no JSON: the answer goes out as one SSE event, as the reference sends it. */
  asEvent: boolean;
  /** As plain JSON or as one event; otherwise the transport's 406. */
  servable: boolean;
}

/** JSON is served when Accept names it (or a wildcard), or is absent, as the curl quickstart sends none. */
function acceptanceOf(req: Request): Acceptance {
  const accept = req.headers.get("accept") || "*/*";
  const json = /application\/json|application\/\*|\*\/\*/.test(accept);
  const asEvent = !json && /text\/event-stream/.test(accept);
  return { asEvent, servable: json || asEvent };
}

/**
 * The request as the SDK's transport reads it. The edge has read the body already: the transport gets it parsed
 * (`parsedBody`) rather than a copy of the request to read again, and the bytes only when they are not JSON, for
 * it to refuse in its own words. The transport wants Accept to name both JSON and SSE, but this stateless
 * endpoint answers with plain JSON, so a servable Accept (either, or none) is served instead of a 406. Any other
 * Accept is left as sent and gets the transport's 406.
 */
function transportRequest(
  req: Request,
  body: Uint8Array | undefined,
  message: unknown,
  servable: boolean,
): Request {
  const headers = new Headers(req.headers);
  if (servable) headers.set("accept", "application/json, text/event-stream");
  return new Request(req.url, {
    method: req.method,
    headers,
    body: message === undefined ? (body as Uint8Array<ArrayBuffer> | undefined) : undefined,
  });
}

const EVENT_HEAD = Buffer.from("event: message\ndata: ");
const EVENT_TAIL = Buffer.from("\n\n");

/**
 * A JSON-RPC answer as plain JSON, or as one SSE `message` event (the framing the SDK's transport uses for its
 * streams) for a client that accepts only the event stream.
 */
function jsonRpcAnswer(body: Uint8Array, asEvent: boolean): Response {
  return asEvent
    ? new Response(Buffer.concat([EVENT_HEAD, body, EVENT_TAIL]), {
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      })
    : new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": "application/json" } });
}

/** The SDK's JSON answer re-sent as one event; refusals and empty answers (202 to a notification) stay as they are. */
async function asOneEvent(res: Response): Promise<Response> {
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("application/json")) return res;
  return jsonRpcAnswer(new Uint8Array(await res.arrayBuffer()), true);
}

export const createMcpHandler: McpFactory = (deps) => {
  const ops = createReadOperations(deps);
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? silentLogger;
  const publicBaseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  const venueMarkdown = deps.venueMarkdown ?? (async () => null);

  return async (req, ctx) => {
    // Stateless: no server-initiated stream to GET and no session to DELETE.
    if (req.method !== "POST") {
      const message = `method ${req.method} not allowed: this MCP endpoint takes POST only`;
      return jsonRpcError(405, -32000, message, { allow: "POST, OPTIONS" });
    }
    // The edge metered the message (edge/mcp-metering.ts): it holds at most one call that counts.
    const { message } = ctx;
    const context: McpServerContext = {
      ops,
      publicBaseUrl,
      clock,
      logger,
      caller: ctx.caller,
      requestId: ctx.requestId,
      venueMarkdown,
    };
    const { asEvent, servable } = acceptanceOf(req);
    const call = servable && plainToolCall(req, message);
    if (call) return jsonRpcAnswer(await answerPlainCall(context, call), asEvent);

    const server = createMcpServer(context);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: BODY_LIMITS.mcp,
    });
    try {
      await server.connect(transport);
      const res = await transport.handleRequest(
        transportRequest(req, ctx.body, message, servable),
        message === undefined ? undefined : { parsedBody: message },
      );
      return asEvent ? await asOneEvent(res) : res;
    } finally {
      await server.close();
    }
  };
};
