/**
 * The service's Prometheus metrics (prom-client), in a registry of its own per server so several servers in one
 * process (tests) never share counts: requests and their latency by route group, quota and rate refusals, state
 * store errors, the served snapshot's age, and prom-client's default process metrics. Served at /metrics.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  requests: Counter<"group" | "method" | "status">;
  latency: Histogram<"group">;
  refusals: Counter<"reason">;
  storeErrors: Counter;
  keptAnswers: Counter;
  /** Reads the served snapshot's build instant when scraped; set once the snapshot is open. */
  snapshotBuiltAt(read: () => Date): void;
}

let processMetrics: Registry | undefined;

/** prom-client's process metrics, collected once per process however many servers it runs (tests run many). */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export function createMetrics(now: () => Date = () => new Date()): Metrics {
  const registry = Registry.merge([processRegistry(), new Registry()]);
  let builtAt: (() => Date) | null = null;
  new Gauge({
    name: "vd_snapshot_age_seconds",
    help: "Seconds since the served snapshot was built (its manifest's generated_at)",
    registers: [registry],
    collect() {
      if (builtAt) this.set(Math.max(0, (now().getTime() - builtAt().getTime()) / 1000));
    },
  });
  return {
    registry,
    requests: new Counter({
      name: "vd_http_requests_total",
      help: "Requests answered, by route group (api, mcp, snapshots, probe, site), method and status",
      labelNames: ["group", "method", "status"],
      registers: [registry],
    }),
    latency: new Histogram({
      name: "vd_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer leaving the edge, by route group",
      labelNames: ["group"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    refusals: new Counter({
      name: "vd_quota_refusals_total",
      help: "Requests refused for a used-up daily quota (daily_quota: 402/429) or the per-second limit (per_second)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    storeErrors: new Counter({
      name: "vd_store_errors_total",
      help: "State store calls that failed because the store could not answer (timeout, busy, full, unreachable)",
      registers: [registry],
    }),
    keptAnswers: new Counter({
      name: "vd_kept_answers_total",
      help: "API answers the kept-answer lane sent from kept bytes, without the app's chain (edge/kept-answers.ts)",
      registers: [registry],
    }),
    snapshotBuiltAt(read) {
      builtAt = read;
    },
  };
}
