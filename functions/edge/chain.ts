/**
 * The edge chain in front of every response, in this order:
 *   1. request id (X-Request-Id, a sane incoming one honoured)
 *   2. refusal of default script User-Agents on /api and /mcp → 403 "error code: 1010"
 *   3. CORS preflight → 204
 *   4. caller and quota: metered paths (API, MCP) consume, everything else peeks; an invalid credential on a
 *      metered path → 401; quota used up → 402/429 with Retry-After. Fails closed: a metered request whose use
 *      cannot be recorded (store full, read-only, busy, unreachable, timed out) → 503 with Retry-After and an error
 *      log line; pages and files never depend on the store: they wait at most UNMETERED_STORE_WAIT_MS for it (their
 *      quota headers are best-effort). A StoreUnavailable from the inner handler is a 503 with Retry-After too.
 *   5. the inner handler; a metered request answered 5xx, 406 or 415, or whose client went away, is refunded
 *   6. headers on whatever came out: CORS, security, request id, X-Quota-Limit / X-Quota-Remaining, and
 *      `Cache-Control: private, no-store` + `Vary: Authorization` on every answer to a credential
 * In front of it all, withBoundedInput (request-body.ts, rate-limit.ts): the per-second limit (429) and the body
 * limit (413, chunked bodies included), before anything reads the body.
 * Web-standard only (Request → Response), so it runs in Node or in a serverless function alike.
 */
import { errorResponse, isApiPath } from "../api/envelope.ts";
import { clientIp } from "../auth/client-ip.ts";
import { type Logger, silentLogger } from "../runtime/logger.ts";
import { StoreUnavailable as StoreDown } from "../store/types.ts";
import { type AccessControl, type Caller, INVALID_REASON_MESSAGES, type QuotaResult } from "./access.ts";
import { isBlockedAgent } from "./agents.ts";
import { applyCommonHeaders, corsPreflight, requestIdOf } from "./headers.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { boundedRequest } from "./request-body.ts";

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

/** Seconds a client is asked to wait when the state store cannot record its request. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The store failed while a metered request was being counted: answered 503, never 500. */
class StoreUnavailable extends Error {}

/**
 * Longest an unmetered answer (page, file, preflight, refusal) waits on the store for its credential check and
 * quota headers; past it the answer goes out without them (anonymous, quota headers at zero).
 */
export const UNMETERED_STORE_WAIT_MS = 250;

/** `work`, or a rejection once `ms` have passed (what `work` does later is ignored). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the state store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Paths under /api that are not data calls: never charged, so a used-up quota cannot lock anyone out of signing in. */
const UNMETERED_API_PATHS = new Set(["/api/openapi.json", "/api/login"]);

/** API calls and MCP consume quota; the OpenAPI document, login, pages and files only peek. */
function isMetered(req: Request, pathname: string): boolean {
  return req.method !== "OPTIONS" && isApiPath(pathname) && !UNMETERED_API_PATHS.has(pathname);
}

interface EdgeState {
  quota: QuotaResult | null;
  /** The caller whose quota this request used (metered, admitted); refunded if it is not answered. */
  charged: Caller | null;
}

/** Statuses that mean the caller got no answer worth charging for. */
const isUnanswered = (status: number) => status >= 500 || status === 406 || status === 415;

const hasCredential = (req: Request) => req.headers.has("authorization") || req.headers.has("x-paid-access");

/** An answer to a credential carries that account's quota: no shared cache may keep or reuse it. */
function privateAnswer(headers: Headers): void {
  headers.set("cache-control", "private, no-store");
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Authorization");
  else if (!/(^|,)\s*authorization\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Authorization`);
}

/** An edge refusal: an envelope on API paths, plain text elsewhere. */
export function refusal(
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

function invalidCredential(
  pathname: string,
  caller: Caller & { kind: "invalid" },
  requestId: string,
): Response {
  const message = `invalid credential: ${INVALID_REASON_MESSAGES[caller.reason]}. Send a valid API key or JWT, or no Authorization header for the anonymous tier.`;
  return refusal(pathname, 401, message, requestId);
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
    state: EdgeState,
  ): Promise<Response> => {
    /** Quota headers for unmetered answers: best-effort, a failing store only leaves them at zero. */
    const peekQuietly = async (caller: Caller) => {
      state.quota = await within(access.peek(caller), UNMETERED_STORE_WAIT_MS).catch((err: unknown) => {
        logger.warn({ err, request_id: requestId }, "quota store unavailable; quota headers left at zero");
        return null;
      });
    };
    // Only the API and MCP refuse library defaults: pages, feeds and snapshot files are meant for any client.
    if (isApiPath(pathname) && isBlockedAgent(req.headers.get("user-agent"), options.blockedAgents)) {
      await peekQuietly({ kind: "anonymous", ip });
      return refusal(pathname, 403, AGENT_REFUSAL, requestId);
    }
    if (req.method === "OPTIONS") {
      await peekQuietly({ kind: "anonymous", ip });
      return corsPreflight();
    }
    if (!isMetered(req, pathname)) {
      // A page never waits on the store: a credential that cannot be checked just reads as anonymous here.
      const resolved = within(access.resolve(req, ip), UNMETERED_STORE_WAIT_MS);
      const caller = await resolved.catch((err: unknown): Caller => {
        logger.warn({ err, request_id: requestId }, "credential store unavailable on an unmetered path");
        return { kind: "anonymous", ip };
      });
      await peekQuietly(caller);
      // Unmetered API paths (login, the OpenAPI document) still refuse a bad credential: it is never downgraded.
      if (caller.kind === "invalid" && isApiPath(pathname))
        return invalidCredential(pathname, caller, requestId);
      return inner(req, { requestId, caller, ip });
    }
    let caller: Caller;
    let quota: QuotaResult;
    try {
      caller = await access.resolve(req, ip);
      if (caller.kind === "invalid") {
        await peekQuietly(caller);
        return invalidCredential(pathname, caller, requestId);
      }
      quota = await access.consume(caller);
    } catch (err) {
      throw new StoreUnavailable("the request could not be recorded", { cause: err });
    }
    state.quota = quota;
    if (quota.exceeded) {
      const { status, retryAfterSeconds } = quota.exceeded;
      const message =
        status === 429
          ? `anonymous daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s (UTC midnight) or use an API key`
          : `account daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s`;
      return refusal(pathname, status, message, requestId, { "retry-after": String(retryAfterSeconds) });
    }
    state.charged = caller;
    return inner(req, { requestId, caller, ip });
  };

  /** Gives back the use of a request that was counted but not answered. */
  const refund = (caller: Caller, requestId: string, status: number) => {
    if (!access.refund) return;
    access
      .refund(caller)
      .catch((err: unknown) =>
        logger.error({ err, request_id: requestId, status }, "refunding a request failed"),
      );
  };

  return async (req, conn) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const { pathname } = new URL(req.url);
    const ip = clientIp(req.headers, conn?.remoteAddress, options.trustProxyHops);
    const state: EdgeState = { quota: null, charged: null };
    let produced: Response;
    try {
      produced = await handle(req, pathname, requestId, ip, state);
    } catch (err) {
      if (err instanceof StoreUnavailable || err instanceof StoreDown) {
        logger.error(
          { err: err instanceof StoreUnavailable ? err.cause : err, request_id: requestId, path: pathname },
          "state store unavailable: metered request refused 503 (fail closed)",
        );
        produced = refusal(
          pathname,
          503,
          `the usage of this request cannot be recorded right now; retry after ${STORE_RETRY_AFTER_SECONDS} s`,
          requestId,
          { "retry-after": String(STORE_RETRY_AFTER_SECONDS) },
        );
      } else {
        logger.error({ err, request_id: requestId, path: pathname }, "request failed");
        produced = refusal(pathname, 500, `internal error (request ${requestId})`, requestId);
      }
    }
    if (state.charged && (isUnanswered(produced.status) || req.signal.aborted)) {
      refund(state.charged, requestId, produced.status);
    }
    // Copy so headers are mutable whatever produced the response.
    const res = new Response(produced.body, produced);
    applyCommonHeaders(res.headers, requestId);
    if (hasCredential(req)) privateAnswer(res.headers);
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

/**
 * The guards that run before anything reads the request: the per-second limit (429 with Retry-After) and the
 * bounded body (413, 415 for a non-JSON login). Wraps the whole edge, MCP metering included, since that peeks at
 * the body too.
 */
export function withBoundedInput(
  options: { rateLimit?: RateLimiter; trustProxyHops: number; logger?: Logger },
  handler: EdgeHandler,
): EdgeHandler {
  const logger = options.logger ?? silentLogger;
  const refuse = (req: Request, pathname: string, status: number, message: string, headers = {}) => {
    const requestId = requestIdOf(req);
    const res = refusal(pathname, status, message, requestId, headers);
    applyCommonHeaders(res.headers, requestId);
    logger.info({ request_id: requestId, method: req.method, path: pathname, status }, "request");
    return res;
  };
  return async (req, conn) => {
    const { pathname } = new URL(req.url);
    const ip = clientIp(req.headers, conn?.remoteAddress, options.trustProxyHops);
    const limited = options.rateLimit?.(req, ip);
    if (limited) {
      await req.body?.cancel().catch(() => {});
      return refuse(
        req,
        pathname,
        429,
        `too many requests per second; retry after ${limited.retryAfterSeconds} s`,
        {
          "retry-after": String(limited.retryAfterSeconds),
        },
      );
    }
    const checked = await boundedRequest(req, pathname);
    if (!checked.ok) return refuse(req, pathname, checked.status, checked.message, checked.headers);
    return handler(checked.req, conn);
  };
}
