/**
 * The service's Prometheus metrics (prom-client), in a registry of its own per server so several servers in one
 * process (tests) never share counts: requests and their latency by route group, quota and rate refusals, state
 * store errors, the served snapshot's age, and prom-client's default process metrics. Served at /metrics.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { BuildStatus } from "./build-status.ts";

/** The state store's room (store/storage-watch.ts). */
export interface StorageFigures {
  /** What this process may still write on STATE_DIR's file system, and its size. */
  diskFreeBytes: number;
  diskTotalBytes: number;
  /** The store's size (SQLite files, Redis used_memory) and Redis's maxmemory when set. */
  storeBytes: number;
  storeMaxBytes: number | null;
  /** Why room is low (under STATE_MIN_FREE); empty when it is not. */
  warnings: string[];
}

export interface Metrics {
  registry: Registry;
  requests: Counter<"group" | "method" | "status">;
  latency: Histogram<"group">;
  refusals: Counter<"reason">;
  storeErrors: Counter;
  keptAnswers: Counter;
  /** Connections closed before being served, by reason (edge/connections.ts). */
  connectionsClosed: Counter<"reason">;
  /** Reads the served snapshot's build instant when scraped; set once the snapshot is open. */
  snapshotBuiltAt(read: () => Date): void;
  /** Reads the state store's room when scraped; set once the store is open. */
  storage(read: () => Promise<StorageFigures>): void;
  /** Messages handed to the relay (or the log), failed attempts by outcome, messages not sent to a suppressed address. */
  mailSent: Counter;
  mailFailed: Counter<"outcome">;
  mailSuppressed: Counter;
  /** Reads the mail queue's depth when scraped; set once the store is open. */
  mailQueue(read: () => Promise<MailQueueFigures>): void;
  /** 1 while the state store is the state this server serves, 0 once it was emptied or replaced (identity-watch). */
  stateIdentityOk: Gauge;
  /** Snapshots `latest` pointed at that could not be loaded (the one in service stayed). */
  snapshotLoadFailures: Counter;
  /** Reads the builder's recorded sync and build outcomes when scraped (runtime/build-status.ts). */
  buildStatus(read: () => BuildStatus): void;
}

/** The mail queue's depth (accounts/mail). */
export interface MailQueueFigures {
  pending: number;
  dead: number;
}

/** The mail queue's depth by state, from one store call when scraped; a failed reading leaves the last values. */
function mailQueueGauge(registry: Registry, reader: () => (() => Promise<MailQueueFigures>) | null): void {
  new Gauge({
    name: "vd_mail_queue_messages",
    help:
      "Messages in the mail queue: pending (waiting to be sent: due, retrying or claimed), dead (given up, " +
      "kept for the operator until MAIL_KEEP_DAYS)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const read = reader();
      const figures = read ? await read().catch(() => null) : null;
      if (!figures) return;
      this.set({ state: "pending" }, figures.pending);
      this.set({ state: "dead" }, figures.dead);
    },
  });
}

/** The storage gauges, set from one (kept) reading when scraped; prom-client awaits every collect. */
function storageGauges(registry: Registry, reader: () => (() => Promise<StorageFigures>) | null): void {
  const gauge = (name: string, help: string, value: (f: StorageFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = reader();
        const figures = read ? await read().catch(() => null) : null;
        // A failed reading leaves the last value.
        if (figures) this.set(value(figures));
      },
    });
  gauge(
    "vd_state_disk_free_bytes",
    "Bytes this process may still write on STATE_DIR's file system",
    (f) => f.diskFreeBytes,
  );
  gauge("vd_state_disk_size_bytes", "Size of STATE_DIR's file system in bytes", (f) => f.diskTotalBytes);
  gauge("vd_store_bytes", "Size of the state store: SQLite files, or Redis used_memory", (f) => f.storeBytes);
  gauge("vd_store_max_bytes", "Redis maxmemory; 0 when unset or with SQLite", (f) => f.storeMaxBytes ?? 0);
  gauge(
    "vd_storage_low",
    "1 when the state store's room is under STATE_MIN_FREE (disk free space, or Redis memory left), else 0",
    (f) => (f.warnings.length > 0 ? 1 : 0),
  );
}

/**
 * The last sync's and build's outcome (1 ok, 0 failed), when they finished and how long they took, by step, as the
 * builder recorded them beside the snapshots (a step never recorded has no series).
 */
function buildStatusGauges(registry: Registry, reader: () => (() => BuildStatus) | null): void {
  const gauge = (
    name: string,
    help: string,
    value: (o: NonNullable<BuildStatus["build"]>) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ["step"],
      registers: [registry],
      collect() {
        const status = reader()?.();
        if (!status) return;
        for (const step of ["sync", "build"] as const) {
          const outcome = status[step];
          const v = outcome ? value(outcome) : null;
          if (v !== null) this.set({ step }, v);
        }
      },
    });
  gauge("vd_build_step_ok", "1 when the last sync / build succeeded, 0 when it failed", (o) =>
    o.outcome === "ok" ? 1 : 0,
  );
  gauge(
    "vd_build_step_finished_timestamp_seconds",
    "When the last sync / build finished (Unix time)",
    (o) => Date.parse(o.at) / 1000,
  );
  gauge("vd_build_step_duration_seconds", "How long the last sync / build took", (o) =>
    o.duration_ms === undefined ? null : o.duration_ms / 1000,
  );
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
  let storage: (() => Promise<StorageFigures>) | null = null;
  storageGauges(registry, () => storage);
  let mailQueue: (() => Promise<MailQueueFigures>) | null = null;
  mailQueueGauge(registry, () => mailQueue);
  let buildStatus: (() => BuildStatus) | null = null;
  buildStatusGauges(registry, () => buildStatus);
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
    connectionsClosed: new Counter({
      name: "vd_connections_closed_total",
      help:
        "Connections the server closed before serving them: past MAX_CONNECTIONS_PER_ADDRESS (per_address_cap), " +
        "idle ones taken back near MAX_CONNECTIONS (idle_reclaimed), refused at MAX_CONNECTIONS (total_cap)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    snapshotBuiltAt(read) {
      builtAt = read;
    },
    storage(read) {
      storage = read;
    },
    mailSent: new Counter({
      name: "vd_mail_sent_total",
      help: "Messages handed to the SMTP relay (or written to the log without SMTP_URL) by this process",
      registers: [registry],
    }),
    mailFailed: new Counter({
      name: "vd_mail_failed_total",
      help:
        "Failed sending attempts by outcome: retry (relay down, slow or 4xx; tried again later unless out of " +
        "attempts), dead (the relay refused the message for good), bounce (the address refused for good: suppressed)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    mailSuppressed: new Counter({
      name: "vd_mail_suppressed_total",
      help: "Messages not sent because their address is suppressed (a relay refused it for good)",
      registers: [registry],
    }),
    mailQueue(read) {
      mailQueue = read;
    },
    stateIdentityOk: new Gauge({
      name: "vd_state_identity_ok",
      help:
        "1 while the state store holds the state this server serves; 0 once it was emptied or replaced (metered " +
        "calls answer 503 until it is restored or accepted: npm run accounts -- accept-state)",
      registers: [registry],
    }),
    snapshotLoadFailures: new Counter({
      name: "vd_snapshot_load_failures_total",
      help: "Snapshots `latest` pointed at that this server could not load (the snapshot in service stayed)",
      registers: [registry],
    }),
    buildStatus(read) {
      buildStatus = read;
    },
  };
}
