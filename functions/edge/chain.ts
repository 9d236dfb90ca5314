/**
 * The edge chain in front of every response, in this order:
 *   1. request id (X-Request-Id, a sane incoming one honoured)
 *   2. refusal of default script User-Agents → 403 "error code: 1010"
 *   3. CORS preflight → 204
 *   4. caller and quota: metered paths (API, MCP) consume, everything else peeks; an invalid credential on a
 *      metered path → 401; quota used up → 402/429 with Retry-After
 *   5. the inner handler
 *   6. headers on whatever came out: CORS, security, request id, X-Quota-Limit / X-Quota-Remaining
 * Web-standard only (Request → Response), so it runs in Node or in a serverless function alike.
 */
import { errorResponse, isApiPath } from "../api/envelope.ts";
import { clientIp } from "../auth/client-ip.ts";
import { type Logger, silentLogger } from "../query/logger.ts";
import { type AccessControl, type Caller, INVALID_REASON_MESSAGES, type QuotaResult } from "./access.ts";
import { isBlockedAgent } from "./agents.ts";
import { applyCommonHeaders, corsPreflight, requestIdOf } from "./headers.ts";

export interface EdgeContext {
  requestId: string;
  caller: Caller;
  ip: string;
}

export type InnerHandler = (req: Request, ctx: EdgeContext) => Response | Promise<Response>;

/** What the host knows about the connection (Node: the socket's peer address). */
export interface ConnectionInfo {
  remoteAddress?: string;
}

export type EdgeHandler = (req: Request, conn?: ConnectionInfo) => Promise<Response>;

export interface EdgeOptions {
  access: AccessControl;
  blockedAgents: readonly string[];
  /** Number of trusted proxies in front (X-Forwarded-For is read only when > 0). */
  trustProxyHops: number;
  logger?: Logger;
}

/** API calls and MCP consume quota; the OpenAPI document, pages and files only peek. */
function isMetered(req: Request, pathname: string): boolean {
  return req.method !== "OPTIONS" && isApiPath(pathname) && pathname !== "/api/openapi.json";
}

/** An edge refusal: an envelope on API paths, plain text elsewhere. */
function refusal(
  pathname: string,
  status: number,
  message: string,
  requestId: string,
  headers = {},
): Response {
  if (isApiPath(pathname)) return errorResponse(status, message, requestId, headers);
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}

const AGENT_REFUSAL =
  "error code: 1010. Requests with the default User-Agent of an HTTP library are refused; " +
  "send a descriptive User-Agent naming your tool and a contact.";

export function withEdge(options: EdgeOptions, inner: InnerHandler): EdgeHandler {
  const logger = options.logger ?? silentLogger;
  const { access } = options;

  /** Produces the response; records the caller's quota in `state` as soon as it is known. */
  const handle = async (
    req: Request,
    pathname: string,
    requestId: string,
    ip: string,
    state: { quota: QuotaResult | null },
  ): Promise<Response> => {
    if (isBlockedAgent(req.headers.get("user-agent"), options.blockedAgents)) {
      state.quota = await access.peek({ kind: "anonymous", ip });
      return refusal(pathname, 403, AGENT_REFUSAL, requestId);
    }
    if (req.method === "OPTIONS") {
      state.quota = await access.peek({ kind: "anonymous", ip });
      return corsPreflight();
    }
    const caller = await access.resolve(req, ip);
    if (!isMetered(req, pathname)) {
      state.quota = await access.peek(caller);
      return inner(req, { requestId, caller, ip });
    }
    if (caller.kind === "invalid") {
      state.quota = await access.peek(caller);
      const message = `invalid credential: ${INVALID_REASON_MESSAGES[caller.reason]}. Send a valid API key or JWT, or no Authorization header for the anonymous tier.`;
      return refusal(pathname, 401, message, requestId);
    }
    const quota = await access.consume(caller);
    state.quota = quota;
    if (quota.exceeded) {
      const { status, retryAfterSeconds } = quota.exceeded;
      const message =
        status === 429
          ? `anonymous daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s (UTC midnight) or use an API key`
          : `account daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s`;
      return refusal(pathname, status, message, requestId, { "retry-after": String(retryAfterSeconds) });
    }
    return inner(req, { requestId, caller, ip });
  };

  return async (req, conn) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const { pathname } = new URL(req.url);
    const ip = clientIp(req.headers, conn?.remoteAddress, options.trustProxyHops);
    const state: { quota: QuotaResult | null } = { quota: null };
    let produced: Response;
    try {
      produced = await handle(req, pathname, requestId, ip, state);
    } catch (err) {
      logger.error({ err, request_id: requestId, path: pathname }, "request failed");
      produced = refusal(pathname, 500, `internal error (request ${requestId})`, requestId);
    }
    // Copy so headers are mutable whatever produced the response.
    const res = new Response(produced.body, produced);
    applyCommonHeaders(res.headers, requestId);
    // Zeros only when the quota store itself failed: the headers are present on every response regardless.
    res.headers.set("x-quota-limit", String(state.quota?.limit ?? 0));
    res.headers.set("x-quota-remaining", String(state.quota?.remaining ?? 0));
    logger.info(
      {
        request_id: requestId,
        method: req.method,
        path: pathname,
        status: res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
    return res;
  };
}
