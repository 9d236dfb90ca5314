/**
 * The kept-answer lane: an anonymous GET of /api whose answer the API still keeps (api/answers.ts,
 * API_ANSWER_WINDOW_MS) is answered straight from node:http, without the web Request/Response bridge and the app's
 * chain of steps, which cost several times the answer itself (bench/README.md, "The fixed cost of a request").
 * It applies the same rules through the same functions, to the headers as the app reads them (every value sent):
 * the Host rule (host-guard.ts hostRefusal) and the User-Agent refusal, the per-second limit, the daily quota
 * (charged, kept once the answer is out, given back when the client has gone), the request id, the headers every
 * answer carries, If-None-Match → 304, the log line and the metrics.
 *
 * Everything else goes down the whole chain (functions/app.ts): another method or path, a credential, a body, an
 * accepted compression, a percent-encoded path, no kept answer, any refusal and a store that fails. Only the
 * per-second token is not taken twice: a request handed on after it was taken says so (ConnectionInfo.rateChecked).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AccessControl, Caller } from "../http/caller.ts";
import { clientIp } from "../http/client-ip.ts";
import type { Logger } from "../runtime/logger.ts";
import type { Metrics } from "../runtime/metrics.ts";
import { bytesSent, logRequest } from "./access-log.ts";
import { blockedAgentTest } from "./agents.ts";
import { giveBack } from "./caller-quota.ts";
import { chooseEncoding, isCompressible } from "./compression.ts";
import { DATA_ANSWER_HEADERS, varyWith } from "./headers.ts";
import { hostRefusal } from "./host-guard.ts";
import { countAnswer } from "./metrics.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { requestIdOf } from "./request-id.ts";

/** A kept answer as the API would send it: its own headers (ETag, caching, type) and body (null for 304). */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  /** Written one after the other. */
  body: readonly Uint8Array[] | null;
}

/**
 * The API's kept answer to `key` (path and query string as sent): null, or its maker for a request id and
 * If-None-Match, called once the request is admitted.
 */
export type KeptAnswers = (
  key: string,
) => ((requestId: string, ifNoneMatch: string | undefined) => KeptAnswer) | null;

export interface KeptAnswerLaneDeps {
  keptAnswer: KeptAnswers;
  access: AccessControl;
  rateLimiter: RateLimiter;
  allowedHosts: ReadonlySet<string>;
  blockedAgents: readonly string[];
  trustProxyHops: number;
  logger: Logger;
  metrics: Metrics;
}

/**
 * Answers the request and resolves true, or resolves (or returns) false having written nothing: the caller then
 * hands the request to the app, with `rateChecked` when the per-second limit already took its token.
 */
export type KeptAnswerLane = (
  incoming: IncomingMessage,
  outgoing: ServerResponse,
) => false | Promise<{ answered: boolean; rateChecked: boolean }>;

/**
 * A request header as the app's web Request reads it: every value sent, joined by ", ". Read from the raw
 * headers, as node:http keeps only the first of a repeated Host (where the app sees both, and refuses them).
 */
const header = (incoming: IncomingMessage, name: string): string | undefined => {
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.length === name.length && raw[i]?.toLowerCase() === name) {
      value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
  }
  return value;
};

/** Only these requests can have a kept answer the lane may send as it is. */
function isPlainAnonymousGet(incoming: IncomingMessage): boolean {
  const h = incoming.headers;
  return (
    incoming.method === "GET" &&
    h.authorization === undefined &&
    h["x-paid-access"] === undefined &&
    (h["content-length"] === undefined || h["content-length"] === "0") &&
    h["transfer-encoding"] === undefined &&
    chooseEncoding(h["accept-encoding"] ?? null) === null
  );
}

export function keptAnswerLane(deps: KeptAnswerLaneDeps): KeptAnswerLane {
  const { access, metrics } = deps;
  const isBlockedAgent = blockedAgentTest(deps.blockedAgents);
  return (incoming, outgoing) => {
    const url = incoming.url ?? "";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (!path.startsWith("/api/") || path.includes("%") || !isPlainAnonymousGet(incoming)) return false;
    const h = incoming.headers;
    const userAgent = header(incoming, "user-agent");
    // The app's own Host rule, on the Host the app would read.
    if (hostRefusal(header(incoming, "host") ?? "", deps.allowedHosts) || isBlockedAgent(userAgent ?? null)) {
      return false;
    }
    const started = performance.now();
    const makeAnswer = deps.keptAnswer(url);
    if (!makeAnswer) return false;
    const stopTimer = metrics.latency.startTimer({ group: "api" });
    const ip = clientIp(
      { get: (name) => header(incoming, name) },
      incoming.socket.remoteAddress,
      deps.trustProxyHops,
    );
    const caller: Caller = { kind: "anonymous", ip };
    return (async () => {
      // Refused, the app asks the (empty) bucket again and refuses as usual.
      if (await deps.rateLimiter(null, ip)) return { answered: false, rateChecked: false };
      const quota = await access.consume(caller).catch(() => null);
      if (!quota || quota.exceeded) return { answered: false, rateChecked: true };
      const requestId = requestIdOf(header(incoming, "x-request-id"));
      const kept = makeAnswer(requestId, h["if-none-match"]);
      const headers: Record<string, string> = {
        ...kept.headers,
        ...DATA_ANSWER_HEADERS,
        "x-request-id": requestId,
        "x-quota-limit": String(quota.limit),
        "x-quota-remaining": String(quota.remaining),
      };
      if (kept.body !== null) {
        headers["content-length"] = String(kept.body.reduce((sum, part) => sum + part.byteLength, 0));
      }
      const contentType = kept.headers["content-type"] ?? null;
      if (isCompressible(contentType)) headers.vary = varyWith(kept.headers.vary, "Accept-Encoding");
      const sent = bytesSent(outgoing);
      // As the app does for a client that went away before its answer: not charged.
      if (incoming.socket.destroyed) giveBack(access, caller, quota.reservation, deps.logger, requestId);
      else if (quota.reservation) access.settle?.(quota.reservation, caller);
      // Corked: the status line, the headers and every part leave in one write.
      outgoing.cork();
      outgoing.writeHead(kept.status, headers);
      for (const part of kept.body ?? []) outgoing.write(part);
      outgoing.end();
      outgoing.uncork();
      stopTimer();
      countAnswer(metrics, "api", "GET", kept.status, false);
      metrics.keptAnswers.inc();
      const record = { requestId, ip, method: "GET", path, userAgent, caller, status: kept.status, started };
      logRequest(deps.logger, record, sent, null);
      return { answered: true, rateChecked: true };
    })();
  };
}
