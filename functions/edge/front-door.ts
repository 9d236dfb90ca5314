/**
 * The one front door: every edge step in order, outermost first. The app runs this list as its middleware (behind
 * compression, which rewrites the answer's body stream; functions/app.ts) and the kept-answer lane runs the same
 * list over node:http (kept-answers.ts), so a rule added here applies to both.
 *
 *   requestId        request-id.ts      X-Request-Id (a sane incoming one honoured)
 *   accessLog        access-log.ts      one JSON log line per request, once its answer is out
 *   requestMetrics   metrics.ts         requests, latency and refusals for /metrics (Prometheus)
 *   responseHeaders  headers.ts         X-Request-Id, CORS allow-origin/expose, CSP, nosniff, Referrer-Policy,
 *                                       X-Frame-Options; no Server or X-Powered-By
 *   clientAddress    client-address.ts  the client's IP (X-Forwarded-For as far as TRUST_PROXY)
 *   quotaHeaders     caller-quota.ts    X-Quota-* and private caching of credentialed answers, on every answer from
 *                                       here in (the refusals below, before the caller is known, read 0;
 *                                       a refused MCP batch peeks its caller's)
 *   rateLimit        rate-limit.ts      per-second limits → 429
 *   fairTurns        fair-turns.ts      CLIENT_CONCURRENCY requests per address inside at once, the rest queued per
 *                                       address (full → 429); the cost past 50 ms charged after
 *   bodyLimit        request-body.ts    bounded bodies (chunked too) → 413, non-JSON login → 415
 *   agentRefusal     agent-refusal.ts   library default User-Agents on /api and /mcp → 403
 *   corsPreflight    preflight.ts       OPTIONS → 204
 *   mcpMetering      mcp-metering.ts    /mcp: parses the message once; one calling no tool only reports the quota
 *   callerQuota      caller-quota.ts    caller + quota (401, 402/429), fail closed 503, refunds
 *   hostGuard        host-guard.ts      /api and /mcp: Host must name this service → 403
 *   originGuard      host-guard.ts      /mcp: a browser Origin must be this service, loopback or ALLOWED_ORIGINS
 *                                       → 403 (the API answers any Origin: open CORS)
 */
import type { AccessControl } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import type { Metrics } from "../../runtime/metrics.ts";
import { accessLog } from "./access-log.ts";
import { agentRefusal } from "./agent-refusal.ts";
import { callerQuota, quotaHeaders } from "./caller-quota.ts";
import { clientAddress } from "./client-address.ts";
import { type FairTurns, fairTurns } from "./fair-turns.ts";
import { responseHeaders } from "./headers.ts";
import { hostGuard, originGuard } from "./host-guard.ts";
import { mcpMetering } from "./mcp-metering.ts";
import { requestMetrics } from "./metrics.ts";
import { corsPreflight } from "./preflight.ts";
import { type RateLimiter, rateLimit } from "./rate-limit.ts";
import { bodyLimit } from "./request-body.ts";
import { requestId } from "./request-id.ts";
import type { EdgeStep } from "./step.ts";

export interface FrontDoorDeps {
  access: AccessControl;
  logger: Logger;
  metrics: Metrics;
  trustProxyHops: number;
  rateLimiter: RateLimiter;
  turns: FairTurns;
  blockedAgents: readonly string[];
  allowedHosts: ReadonlySet<string>;
  allowedOrigins: readonly string[];
}

/** The steps of one server, made once: their state (buckets, turns) is shared by the app and the lane. */
export function frontDoor(deps: FrontDoorDeps): readonly EdgeStep[] {
  const { access, logger, rateLimiter } = deps;
  return [
    requestId,
    accessLog(logger),
    requestMetrics(deps.metrics),
    responseHeaders,
    clientAddress(deps.trustProxyHops),
    quotaHeaders,
    rateLimit(rateLimiter),
    fairTurns(deps.turns, rateLimiter),
    bodyLimit,
    agentRefusal(access, deps.blockedAgents, logger),
    corsPreflight(access, logger),
    mcpMetering(access, logger),
    callerQuota(access, logger),
    hostGuard(deps.allowedHosts),
    originGuard(deps.allowedHosts, deps.allowedOrigins),
  ];
}
