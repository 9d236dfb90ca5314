/**
 * Requests as Prometheus metrics: every answer counted and timed by route group (a handful of groups, so label
 * values stay few whatever paths are asked), refusals by reason; and the /metrics answer in the text format.
 */
import { createMiddleware } from "hono/factory";
import { isApiPath, MCP_PATH } from "../http/paths.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import type { Metrics } from "../runtime/metrics.ts";

export const METRICS_PATH = "/metrics";

const PROBES = new Set(["/healthz", "/readyz", METRICS_PATH]);

/** The route group of a path: api, mcp, snapshots, probe or site (pages, feeds and everything else). */
function routeGroup(path: string): string {
  if (path === MCP_PATH || path.startsWith(`${MCP_PATH}/`)) return "mcp";
  if (isApiPath(path)) return "api";
  if (path.startsWith("/snapshots")) return "snapshots";
  return PROBES.has(path) ? "probe" : "site";
}

export const requestMetrics = (metrics: Metrics) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    const group = routeGroup(c.req.path);
    const stop = metrics.latency.startTimer({ group });
    await next();
    stop();
    countAnswer(metrics, group, c.req.method, c.res.status, c.get("quota")?.exceeded != null);
  });

/** Counts one answer; `quotaExceeded`: the request's daily quota was used up (else a 429 is the per-second limit's). */
export function countAnswer(
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

export async function metricsResponse(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
