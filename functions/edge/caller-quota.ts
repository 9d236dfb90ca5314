/**
 * Caller and quota, in two steps around the refusals that come before the caller is known:
 *   quotaHeaders: on whatever came out, X-Quota-Limit / X-Quota-Remaining (zeros only when the store failed) and
 *     `Cache-Control: private, no-store` + `Vary: Authorization` on every answer to a credential.
 *   callerQuota: metered paths (API, MCP tool calls) consume, everything else peeks; an invalid credential on a
 *     metered path → 401; quota used up → 402/429 with Retry-After. Fails closed: a metered request whose use
 *     cannot be recorded (store full, read-only, busy, unreachable, timed out) → 503 with Retry-After and an error
 *     log line (failureAnswer). Pages and files never depend on the store: they wait at most UNMETERED_STORE_WAIT_MS
 *     for it (their quota headers are best-effort). A metered request answered 5xx, 406, 415, 401, 403 or 301, or
 *     whose client went away, is refunded (and its quota header says so); so is the single use of a paid token,
 *     which only a paid answer spends. The charge is a unit of a block this instance leased from the store
 *     (store/quota-leases.ts: no store call for most requests) until the answer goes out: once answered it is kept
 *     (written in batches), refunded it goes back into the block; a block left pending because the process died
 *     (kill -9, crash) is given back by the sweep after RESERVATION_LEASE_MS (store/reservations.ts), so nobody
 *     pays for an answer never sent.
 * failureAnswer is what a step or route that throws is answered: a StoreUnavailable anywhere is a 503 with
 * Retry-After, anything else a 500.
 */

import { StateIdentityLost } from "../../accounts/store/identity-watch.ts";
import { StoreUnavailable } from "../../accounts/store/types.ts";
import { type AccessControl, type Caller, INVALID_REASON_MESSAGES } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import { withTimeout } from "../../runtime/timeout.ts";
import { isApiPath } from "../http/paths.ts";
import { addVary } from "./headers.ts";
import { refusal } from "./refusal.ts";
import { after, answer, type EdgeRequest, type EdgeStep, type HeaderMap, type StepOutcome } from "./step.ts";

/** Seconds a client is asked to wait when the state store cannot record its request. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * Longest an unmetered answer (page, file, preflight, refusal) waits on the store for its credential check and
 * quota headers; past it the answer goes out without them (anonymous, quota headers at zero).
 */
export const UNMETERED_STORE_WAIT_MS = 250;

/** The store failed while a metered request was being counted: answered 503, never 500. */
class MeteringUnavailable extends Error {}

/** `work`, or a rejection once `ms` have passed (what `work` does later is ignored). */
const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  withTimeout(work, ms, () => {
    throw new Error(`the state store did not answer within ${ms} ms`);
  });

/**
 * Quota headers for unmetered answers: best-effort, a failing store only leaves them at zero. `waitMs` is what is
 * left of the answer's UNMETERED_STORE_WAIT_MS.
 */
export async function peekQuietly(
  req: EdgeRequest,
  access: AccessControl,
  caller: Caller,
  logger: Logger,
  waitMs = UNMETERED_STORE_WAIT_MS,
): Promise<void> {
  const quota = await within(access.peek(caller), waitMs).catch((err: unknown) => {
    logger.warn(
      { err, request_id: req.get("requestId") },
      "quota store unavailable; quota headers left at zero",
    );
    return undefined;
  });
  req.set("quota", quota);
}

/** Paths under /api that are not data calls: never charged, so a used-up quota cannot lock anyone out of signing in. */
const UNMETERED_API_PATHS = new Set(["/api/openapi.json", "/api/login"]);

/** API calls and MCP consume quota; the OpenAPI document, login, pages and files only peek. */
const isMetered = (method: string, path: string) =>
  method !== "OPTIONS" && isApiPath(path) && !UNMETERED_API_PATHS.has(path);

/**
 * Statuses that mean the caller got no answer worth charging for: a failure, an unacceptable request, a refusal
 * (no credential for a detail, a foreign Host or Origin) or a redirect to the answer (a merged venue's id).
 */
const FREE_STATUSES = new Set([301, 401, 403, 406, 415]);
const isUnanswered = (status: number) => status >= 500 || FREE_STATUSES.has(status);

/** The paid token's claim, if the caller paid: its single use held until the answer is known. */
const paidClaim = (caller: Caller) => (caller.kind === "paid" ? caller.claim : undefined);

const hasCredential = (req: EdgeRequest) =>
  req.header("authorization") !== undefined || req.header("x-paid-access") !== undefined;

/** An answer to a credential carries that account's quota: no shared cache may keep or reuse it. */
function privateAnswer(headers: HeaderMap): void {
  headers.set("cache-control", "private, no-store");
  addVary(headers, "Authorization");
}

function invalidCredential(path: string, caller: Caller & { kind: "invalid" }, requestId: string): Response {
  const message = `invalid credential: ${INVALID_REASON_MESSAGES[caller.reason]}. Send a valid API key or JWT, or no Authorization header for the anonymous tier.`;
  return refusal(path, 401, message, requestId);
}

/** quotaHeaders' outcome, made once: the step keeps nothing of its own per request. */
const SETS_QUOTA_HEADERS = after(({ headers }, req) => {
  if (hasCredential(req)) privateAnswer(headers);
  const quota = req.get("quota");
  headers.set("x-quota-limit", String(quota?.limit ?? 0));
  headers.set("x-quota-remaining", String(quota?.remaining ?? 0));
});

export const quotaHeaders: EdgeStep = { run: () => SETS_QUOTA_HEADERS };

/**
 * A request that counts nothing (a page, a file, login, a refused MCP batch): its caller and quota headers, peeked,
 * never waiting on the store more than UNMETERED_STORE_WAIT_MS; a bad credential on an API path is still refused 401.
 */
export async function reportQuotaOnly(
  req: EdgeRequest,
  access: AccessControl,
  logger: Logger,
): Promise<StepOutcome> {
  const { path } = req;
  const ip = req.get("ip");
  const requestId = req.get("requestId");
  // A page never waits on the store: a credential that cannot be checked just reads as anonymous here. The
  // credential check and the quota headers share one wait.
  const until = performance.now() + UNMETERED_STORE_WAIT_MS;
  const caller = await within(Promise.resolve(req.caller(access, ip)), UNMETERED_STORE_WAIT_MS).catch(
    (err: unknown): Caller => {
      logger.warn({ err, request_id: requestId }, "credential store unavailable on an unmetered path");
      return { kind: "anonymous", ip };
    },
  );
  await peekQuietly(req, access, caller, logger, Math.max(0, until - performance.now()));
  req.set("caller", caller);
  // Nothing unmetered is a paid answer: a token sent to one stays unspent.
  const claim = paidClaim(caller);
  if (claim) giveBack(access, caller, claim, logger, requestId);
  // Unmetered API paths (login, the OpenAPI document, /mcp) still refuse a bad credential: it is never downgraded.
  if (caller.kind === "invalid" && isApiPath(path)) return answer(invalidCredential(path, caller, requestId));
  return undefined;
}

export const callerQuota = (access: AccessControl, logger: Logger): EdgeStep => ({
  async run(req) {
    const { path } = req;
    const ip = req.get("ip");
    const requestId = req.get("requestId");
    if (!isMetered(req.method, path)) return reportQuotaOnly(req, access, logger);
    const reportOnly = req.get("reportOnly") === true;
    let caller: Caller;
    try {
      const resolving = req.caller(access, ip);
      caller = resolving instanceof Promise ? await resolving : resolving;
      // Set before any refusal, so the request's log line names who was refused.
      req.set("caller", caller);
      if (caller.kind === "invalid") {
        await peekQuietly(req, access, caller, logger);
        return answer(invalidCredential(path, caller, requestId));
      }
      req.set("quota", await (reportOnly ? access.peek(caller) : access.consume(caller)));
    } catch (err) {
      throw new MeteringUnavailable("the request could not be recorded", { cause: err });
    }
    const quota = req.get("quota");
    if (quota?.exceeded) {
      const { status, retryAfterSeconds } = quota.exceeded;
      const message =
        status === 429
          ? `anonymous daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s (UTC midnight) or use an API key`
          : `account daily quota of ${quota.limit} requests used up; retry after ${retryAfterSeconds} s`;
      return answer(refusal(path, status, message, requestId, { "retry-after": String(retryAfterSeconds) }));
    }
    if (!reportOnly) req.set("charged", caller);
    return after((res) => {
      const charged = req.get("charged");
      const answered = charged !== undefined && !isUnanswered(res.status) && !req.aborted;
      const claim = paidClaim(caller);
      if (claim) {
        if (answered) access.settle?.(claim, caller);
        else giveBack(access, caller, claim, logger, requestId);
      }
      if (!charged) return;
      if (answered) {
        if (quota?.reservation) access.settle?.(quota.reservation, charged);
        return;
      }
      // Gives back the use of a request that was counted but not answered, and says so in its quota header.
      giveBack(access, charged, quota?.reservation, logger, requestId);
      if (quota && access.refund && charged.kind !== "paid") {
        req.set("quota", { ...quota, remaining: Math.min(quota.limit, quota.remaining + 1) });
      }
    });
  },
});

/** Refunds a counted request (or a paid token's claim) in the background; a failure is logged. */
export function giveBack(
  access: AccessControl,
  caller: Caller,
  reservation: string | undefined,
  logger: Logger,
  requestId: string,
): void {
  access
    .refund?.(caller, reservation)
    .catch((err: unknown) => logger.error({ err, request_id: requestId }, "refunding a request failed"));
}

/** What a failing step or route is answered: fail closed on the store (503 with Retry-After), else 500; logged. */
export const failureAnswer =
  (logger: Logger) =>
  (err: unknown, path: string, requestId: string): Response => {
    const lost = err instanceof MeteringUnavailable ? err.cause : err;
    if (lost instanceof StateIdentityLost) {
      // Logged once by the identity watch, not once per request; the answer says why and what fixes it.
      return refusal(path, 503, `service unavailable: ${lost.message}`, requestId, {
        "retry-after": String(STORE_RETRY_AFTER_SECONDS),
      });
    }
    if (err instanceof MeteringUnavailable || err instanceof StoreUnavailable) {
      logger.error(
        { err: err instanceof MeteringUnavailable ? err.cause : err, request_id: requestId, path },
        "state store unavailable: metered request refused 503 (fail closed)",
      );
      return refusal(
        path,
        503,
        `the usage of this request cannot be recorded right now; retry after ${STORE_RETRY_AFTER_SECONDS} s`,
        requestId,
        { "retry-after": String(STORE_RETRY_AFTER_SECONDS) },
      );
    }
    logger.error({ err, request_id: requestId, path }, "request failed");
    return refusal(path, 500, `internal error (request ${requestId})`, requestId);
  };
