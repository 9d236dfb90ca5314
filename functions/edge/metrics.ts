/**
 * Requests as Prometheus metrics: every answer counted and timed by route group (a handful of groups, so label
 * values stay few whatever paths are asked), refusals by reason; and the /metrics answer in the text format, for
 * loopback callers (a scraper on the machine) or a scraper sending METRICS_TOKEN as a bearer token; anyone else
 * gets 403, as the figures tell an attacker how the service is doing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList } from "node:net";
import { normalizeIp } from "../../runtime/client-ip.ts";
import type { Metrics } from "../../runtime/metrics.ts";
import { isApiPath, MCP_PATH } from "../http/paths.ts";
import { after, type EdgeStep } from "./step.ts";

export const METRICS_PATH = "/metrics";

const PROBES = new Set(["/healthz", "/readyz", METRICS_PATH]);

/** The route group of a path: api, mcp, snapshots, probe or site (pages, feeds and everything else). */
function routeGroup(path: string): string {
  if (path === MCP_PATH || path.startsWith(`${MCP_PATH}/`)) return "mcp";
  if (isApiPath(path)) return "api";
  if (path.startsWith("/snapshots")) return "snapshots";
  return PROBES.has(path) ? "probe" : "site";
}

export const requestMetrics = (metrics: Metrics): EdgeStep => ({
  run(req) {
    const group = routeGroup(req.path);
    const stop = metrics.latency.startTimer({ group });
    return after((res) => {
      stop();
      countAnswer(metrics, group, req.method, res.status, req.get("quota")?.exceeded != null);
    });
  },
});

/** Counts one answer; `quotaExceeded`: the request's daily quota was used up (else a 429 is the per-second limit's). */
function countAnswer(
  metrics: Metrics,
  group: string,
  method: string,
  status: number,
  quotaExceeded: boolean,
): void {
  metrics.requests.inc({ group, method, status: String(status) });
  if (quotaExceeded && (status === 402 || status === 429)) metrics.refusals.inc({ reason: "daily_quota" });
  else if (status === 429) metrics.refusals.inc({ reason: "per_second" });
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether a client address is a loopback one (127.0.0.0/8, ::1, in any spelling). */
export function isLoopback(ip: string): boolean {
  const address = normalizeIp(ip);
  if (!address) return false;
  return LOOPBACK.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Why a caller at `ip` (the client address, X-Forwarded-For as far as TRUST_PROXY) sending `authorization` may not
 * read /metrics, or undefined when it may: from loopback, or with `Bearer <token>` when a token is set.
 */
export function metricsRefusal(
  ip: string,
  authorization: string | null,
  token: string | null,
): string | undefined {
  if (isLoopback(ip)) return undefined;
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  // Digests compared, so the comparison takes the same time whatever the lengths.
  if (token && sent && timingSafeEqual(digest(sent), digest(token))) return undefined;
  return token
    ? "metrics are served to loopback callers and to Authorization: Bearer <METRICS_TOKEN> only"
    : "metrics are served to loopback callers only (set METRICS_TOKEN to let a remote scraper in with it)";
}

export async function metricsResponse(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
