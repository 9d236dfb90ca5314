/**
 * What the edge middlewares (functions/app.ts) know about a request, as typed Hono context variables, and the
 * web-standard handler shapes around them.
 */
import type { Caller, QuotaResult } from "../../read/caller.ts";

/** What the host knows about the connection (Node: the socket's peer address); the app's Bindings. */
export interface ConnectionInfo {
  remoteAddress?: string;
  /** Settles with the bytes the answer wrote to the connection once it is out (access-log.ts). */
  sent?: Promise<number>;
  /** Reads a declared body straight from the socket (edge/request-body.ts declaredBodyReader), on Node. */
  readBody?: () => Promise<PreReadBody>;
}

/** A body read from the socket: its bytes, or that the client did not send them all. */
export type PreReadBody = { bytes: Uint8Array } | { unreadable: true };

export interface EdgeVariables {
  /** X-Request-Id (request-id.ts). */
  requestId: string;
  /** The client address, X-Forwarded-For believed as far as TRUST_PROXY allows (client-address.ts). */
  ip: string;
  /** Resolved by caller-quota.ts, before any route runs. */
  caller: Caller;
  /** The caller's quota once counted or peeked; undefined when the store could not tell (headers at zero). */
  quota: QuotaResult | undefined;
  /** The caller whose quota this request used (metered, admitted): refunded if the request is not answered. */
  charged: Caller | undefined;
  /** An MCP request that calls no tool (edge/mcp-metering.ts): its quota is reported, never charged. */
  reportOnly: boolean | undefined;
  /** The request body as the body limit read it (request-body.ts); undefined for a request without one. */
  body: Uint8Array | undefined;
  /** The JSON-RPC message of an MCP POST as the metering step parsed it; undefined when the body is not JSON. */
  mcpMessage: unknown;
}

/** `Bindings` may be absent: a serverless host calls `fetch(req)` with no connection info. */
export type EdgeEnv = { Bindings: ConnectionInfo | undefined; Variables: EdgeVariables };

/** What a handler behind the edge is told (the MCP endpoint takes it as its second argument). */
export interface EdgeContext {
  requestId: string;
  caller: Caller;
  ip: string;
  /** The request body already read at the edge (the request's own stream is not read again). */
  body: Uint8Array | undefined;
  /** The body parsed as JSON at the edge (MCP metering); undefined when it is not JSON. */
  message: unknown;
}

export type InnerHandler = (req: Request, ctx: EdgeContext) => Response | Promise<Response>;

/** The whole service as a web-standard handler: Node passes the socket's address, a serverless host nothing. */
export type EdgeHandler = (req: Request, conn?: ConnectionInfo) => Response | Promise<Response>;
