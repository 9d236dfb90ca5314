/**
 * Health that tells the truth, over real HTTP: /readyz names the served snapshot's date and age and the last
 * nightly sync and build, and answers 503 (naming why) once the snapshot is older than the limit; it reports the
 * state store's room and warns, still ready, when it is under STATE_MIN_FREE (100 % here, so always). /metrics is
 * Prometheus text that a Prometheus text parser reads, with requests, latency, refusals, store errors, the
 * snapshot's age and the room gauges; it answers loopback callers and METRICS_TOKEN only.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../../functions/composition-root.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import { ConferenceSearchParams } from "../../../read/schema/api.ts";
import { recordBuildStep } from "../../../runtime/build-status.ts";
import { HOUR_MS } from "../../../runtime/clock.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { type ServedFixture, servedFixture } from "../../helpers/served-fixture.ts";

// The fixture snapshot's manifest says it was generated at this instant.
const BUILT_AT = Date.parse("2026-06-14T03:00:00Z");
const METRICS_TOKEN = "scraper-token-0123456789";

describe("/readyz and /metrics", () => {
  let fixture: ServedFixture;
  let stateDir: string;
  let service: RunningService;
  const clock = { now: new Date(BUILT_AT + 6 * HOUR_MS) };
  let probes = 0;
  // Each probe from an address of its own: the per-second limit (burst 3) is tested on purpose below only.
  const get = (path: string, ip = `198.18.0.${++probes}`) =>
    fetch(`${service.server.url}${path}`, { headers: { "x-forwarded-for": ip, "user-agent": "probe/1" } });
  /** /metrics as a remote scraper with the token reads it. */
  const scrape = (ip: string, token = METRICS_TOKEN) =>
    fetch(`${service.server.url}/metrics`, {
      headers: { "x-forwarded-for": ip, "user-agent": "probe/1", authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    fixture = await servedFixture({ "index.html": "<!doctype html><title>Venues</title>" });
    stateDir = await mkdtemp(join(tmpdir(), "vd-health-"));
    const config = loadConfig({
      ...fixture.env,
      STATE_DIR: stateDir,
      TRUST_PROXY: "1",
      ANON_DAILY_QUOTA: "2",
      RATE_LIMIT_PER_SECOND: "1",
      RATE_LIMIT_BURST: "3",
      READY_MAX_SNAPSHOT_AGE_HOURS: "30",
      METRICS_TOKEN,
      STATE_MIN_FREE: "100%",
    });
    service = await startService(config, { clock: () => clock.now, logger: silentLogger });
  });
  afterAll(async () => {
    await service.close();
    await fixture.remove();
    await rm(stateDir, { recursive: true, force: true });
  });

  it("is ready with a fresh snapshot and names its date and age, and the nightly outcomes", async () => {
    let res = await get("/readyz");
    let body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      status: "ready",
      reasons: [],
      warnings: [
        expect.stringMatching(/^the file system of STATE_DIR has .* under STATE_MIN_FREE \(100 %\)$/),
      ],
      store: "ok",
      storage: { status: "low", store_max_bytes: null },
      snapshot: { status: "loaded", date: expect.any(String), age_hours: 6, max_age_hours: 30 },
      nightly: { sync: null, build: null },
    });
    recordBuildStep(fixture.snapshotsDir, "sync", { outcome: "ok", at: "2026-06-14T00:11:00Z" });
    recordBuildStep(fixture.snapshotsDir, "build", {
      outcome: "failed",
      at: "2026-06-14T00:12:00Z",
      message: "snapshot failed (exit 1)",
    });
    res = await get("/readyz");
    body = await res.json();
    // A failed build is a reason of its own, whenever it happened (not only a stale snapshot later).
    expect(res.status).toBe(503);
    expect(body.reasons).toEqual(["build failed at 2026-06-14T00:12:00Z: snapshot failed (exit 1)"]);
    expect(body.nightly).toEqual({
      sync: { outcome: "ok", at: "2026-06-14T00:11:00Z" },
      build: { outcome: "failed", at: "2026-06-14T00:12:00Z", message: "snapshot failed (exit 1)" },
    });
    recordBuildStep(fixture.snapshotsDir, "build", { outcome: "ok", at: "2026-06-14T00:13:00Z" });
    expect((await get("/readyz")).status).toBe(200);
  });

  it("answers 503 naming the reason once the snapshot is older than READY_MAX_SNAPSHOT_AGE_HOURS", async () => {
    clock.now = new Date(BUILT_AT + 31 * HOUR_MS);
    try {
      const res = await get("/readyz");
      const body = await res.json();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(body.status).toBe("unavailable");
      expect(body.snapshot).toMatchObject({ status: "stale", age_hours: 31 });
      expect(body.reasons).toEqual([
        expect.stringMatching(/snapshot of .* is 31 h old, over the 30 h limit/),
      ]);
      expect((await get("/healthz")).status).toBe(200);
    } finally {
      clock.now = new Date(BUILT_AT + 6 * HOUR_MS);
    }
  });

  it("serves metrics a Prometheus text parser reads: requests, latency, refusals, store errors, snapshot age", async () => {
    // The search made beforehand, off HTTP: no request below is slow enough to be charged more than its token
    // (edge/fair-turns.ts), so the third is refused by the daily quota, not by the per-second limit.
    await service.server.query.searchConferences(ConferenceSearchParams.parse({}));
    await (await get("/api/conferences?limit=1", "192.0.2.10")).text();
    await (await get("/api/conferences?limit=1", "192.0.2.10")).text();
    const overQuota = await get("/api/conferences?limit=1", "192.0.2.10");
    expect(overQuota.status).toBe(429);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => get("/", "192.0.2.20")));
    expect(burst.map((r) => r.status)).toContain(429);
    const res = await scrape("192.0.2.30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    // The parser throws on any line that is not Prometheus text.
    const families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));

    const requests = families.get("vd_http_requests_total");
    expect(requests?.type).toBe("COUNTER");
    const apiOk = requests?.metrics.find((m) => m.labels?.group === "api" && m.labels.status === "200");
    expect(Number(apiOk?.value)).toBe(2);
    expect(families.get("vd_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    // The parser folds a labelled histogram's series into one, so the per-group samples are read from the text.
    expect(text).toMatch(/^vd_http_request_duration_seconds_count\{group="api"\} 3$/m);
    expect(text).toMatch(/^vd_http_request_duration_seconds_bucket\{le="\+Inf",group="api"\} 3$/m);
    const refusals = families.get("vd_quota_refusals_total")?.metrics ?? [];
    expect(Number(refusals.find((m) => m.labels?.reason === "daily_quota")?.value)).toBe(1);
    expect(Number(refusals.find((m) => m.labels?.reason === "per_second")?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(families.get("vd_snapshot_age_seconds")?.metrics[0]?.value)).toBe(6 * 3600);
    expect(Number(families.get("vd_store_errors_total")?.metrics[0]?.value)).toBe(0);
    expect(families.has("process_resident_memory_bytes")).toBe(true);
    const gauge = (name: string) => Number(families.get(name)?.metrics[0]?.value);
    expect(gauge("vd_state_disk_free_bytes")).toBeGreaterThan(0);
    expect(gauge("vd_state_disk_size_bytes")).toBeGreaterThanOrEqual(gauge("vd_state_disk_free_bytes"));
    expect(gauge("vd_store_bytes")).toBeGreaterThan(0);
    expect(gauge("vd_store_max_bytes")).toBe(0);
    expect(gauge("vd_storage_low")).toBe(1);
  });

  it("reports the state store's room on /readyz", async () => {
    const { storage } = await (await get("/readyz")).json();
    expect(storage.disk_free_bytes).toBeGreaterThan(0);
    expect(storage.disk_size_bytes).toBeGreaterThanOrEqual(storage.disk_free_bytes);
    // The SQLite file with its WAL.
    expect(storage.store_bytes).toBeGreaterThan(4096);
  });

  it("serves /metrics to loopback callers and to METRICS_TOKEN only: 403 to anyone else", async () => {
    const anonymous = await get("/metrics", "192.0.2.31");
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain("METRICS_TOKEN");
    expect((await scrape("192.0.2.32", "wrong-token-0123456789")).status).toBe(403);
    expect((await scrape("192.0.2.33", `${METRICS_TOKEN}x`)).status).toBe(403);
    // A scraper on the machine (its address through the trusted proxy here) needs no token.
    expect((await get("/metrics", "127.0.0.1")).status).toBe(200);
    expect((await get("/metrics", "::1")).status).toBe(200);
  });

  it("counts state store errors", async () => {
    await service.store.close();
    const refused = await get("/api/conferences?limit=1", "192.0.2.40");
    expect(refused.status).toBe(503);
    const families = parsePrometheusTextFormat(await (await scrape("192.0.2.41")).text());
    const errors = families.find((f) => f.name === "vd_store_errors_total");
    expect(Number(errors?.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
  });
});
