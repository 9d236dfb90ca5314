/**
 * One load run with autocannon against one endpoint group: req/s, latency percentiles and failures (socket
 * errors, timeouts, and answers that are not a success by `isSuccess`).
 */
import autocannon from "autocannon";
import { type BenchRequest, type EndpointGroup, isSuccess } from "./workload.ts";

export interface LoadOptions {
  duration: number;
  connections: number;
}

export interface EndpointResult {
  name: string;
  description: string;
  requests: number;
  /** Median of the per-second request counts (robust to a noisy second on a shared machine). */
  rps: number;
  /** Requests / duration. */
  rps_mean: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
}

const USER_AGENT = "venue-bench/1.0 (+npm run bench)";

/** Autocannon copies undefined members over its defaults, so only defined ones are passed. */
const toAutocannon = (r: BenchRequest) => ({
  method: r.method,
  path: r.path,
  ...(r.headers ? { headers: r.headers } : {}),
  ...(r.body !== undefined ? { body: r.body } : {}),
});

export async function runLoad(
  baseUrl: string,
  group: EndpointGroup,
  options: LoadOptions,
): Promise<EndpointResult> {
  let failed = 0;
  const { next } = group;
  const requests = next
    ? [
        {
          setupRequest: (request: { headers?: Record<string, string> }) => {
            const fresh = toAutocannon(next());
            return { ...request, ...fresh, headers: { ...request.headers, ...fresh.headers } };
          },
        },
      ]
    : group.requests.map(toAutocannon);
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    headers: { "user-agent": USER_AGENT },
    requests,
    verifyBody: (body) => {
      const ok = isSuccess(body);
      if (!ok) failed++;
      return ok;
    },
  });
  return {
    name: group.name,
    description: group.description,
    requests: result.requests.total,
    rps: result.requests.p50,
    rps_mean: result.requests.total / result.duration,
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    errors: result.errors + failed,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** One group's runs as one result: the median of each rate and latency, requests and errors summed. */
export function medianOfRuns(runs: EndpointResult[]): EndpointResult {
  const first = runs[0] as EndpointResult;
  const of = (pick: (r: EndpointResult) => number) => median(runs.map(pick));
  return {
    name: first.name,
    description: first.description,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    rps: of((r) => r.rps),
    rps_mean: of((r) => r.rps_mean),
    p50_ms: of((r) => r.p50_ms),
    p90_ms: of((r) => r.p90_ms),
    p99_ms: of((r) => r.p99_ms),
    max_ms: of((r) => r.max_ms),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}
