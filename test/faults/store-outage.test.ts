/**
 * The state store gone or stalled while serving: Redis killed under a running service, and the SQLite file locked
 * by another process. Pages and snapshot files keep answering 200, fast (they never wait on the store); metered API
 * calls get 503 with Retry-After within a few seconds, never a 500 and never a stall; /readyz says so and /healthz
 * stays alive.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATE_FILE_NAME } from "../../accounts/store/sqlite-store.ts";
import { bearer, newAccount, startTestService, type TestService } from "../helpers/accounts-service.ts";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";

/** Fetches `path`, reads the body and says how long it all took. */
async function timed(service: TestService, path: string, init?: RequestInit) {
  const started = performance.now();
  const res = await service.fetch(path, init);
  await res.arrayBuffer();
  return {
    status: res.status,
    retryAfter: Number(res.headers.get("retry-after")),
    ms: performance.now() - started,
  };
}

describe.skipIf(skipRedis)("Redis killed under a running service", () => {
  let redis: RedisServer;
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    redis = await startRedis();
    const STATE_DIR = await mkdtemp(join(tmpdir(), "vd-outage-redis-"));
    service = await startTestService({ REDIS_URL: redis.url, REDIS_PREFIX: "outage:", STATE_DIR });
    key = (await newAccount(service.store)).key;
  });
  afterAll(async () => {
    await service?.close().catch(() => {});
  });

  it("serves before, fails closed for metered calls during, and keeps pages and files at 200", async () => {
    expect((await service.fetch("/api/conferences", { headers: bearer(key) })).status).toBe(200);
    expect((await service.fetch("/readyz")).status).toBe(200);
    await redis.stop();

    const tally = { served: 0, refused: 0, lost: 0 };
    const slowest = { metered: 0, page: 0 };
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      const metered = performance.now();
      const api = await service.fetch("/api/conferences", { headers: bearer(key) }).catch(() => null);
      if (!api) tally.lost += 1;
      else if (api.status === 503) {
        tally.refused += 1;
        expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
      } else tally.served += 1;
      await api?.arrayBuffer();
      slowest.metered = Math.max(slowest.metered, performance.now() - metered);
      for (const path of ["/conference/101", "/snapshots/latest/manifest.json"]) {
        const answer = await timed(service, path);
        expect(answer.status).toBe(200);
        slowest.page = Math.max(slowest.page, answer.ms);
      }
    }
    const ms = performance.now() - started;
    console.log(
      `redis outage: ${JSON.stringify(tally)} metered; 40 pages and files served in ${Math.round(ms)} ms; ` +
        `slowest metered ${Math.round(slowest.metered)} ms, slowest page or file ${Math.round(slowest.page)} ms`,
    );
    // Fail closed: nothing metered answered while the use could not be recorded, nothing lost.
    expect(tally).toEqual({ served: 0, refused: 20, lost: 0 });
    expect(ms).toBeLessThan(30_000);
    expect(slowest.metered).toBeLessThan(5000);
    expect(slowest.page).toBeLessThan(1000);
    // Signing in needs the store too: 503 with Retry-After from the edge, not the API's 500.
    const login = await timed(service, "/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.org", password: "whatever it is" }),
    });
    expect(login.status).toBe(503);
    expect(login.retryAfter).toBeGreaterThan(0);
    expect((await service.fetch("/readyz")).status).toBe(503);
    expect((await service.fetch("/healthz")).status).toBe(200);
  });
});

describe("SQLite state file locked by another process under a running service", () => {
  let service: TestService;
  let stateDir: string;
  let key: string;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), "vd-locked-state-"));
    // One quota unit a lease, so every metered call writes to the store (a call answered from a leased block does
    // not, and reads work under the lock: the next test).
    service = await startTestService({ STATE_DIR: stateDir, REDIS_URL: "", QUOTA_LEASE_UNITS: "1" });
    key = (await newAccount(service.store)).key;
  });
  afterAll(async () => {
    await service?.close().catch(() => {});
  });

  it("keeps pages and files fast, refuses metered calls 503 within seconds, and recovers once the lock goes", async () => {
    expect((await timed(service, "/api/conferences", { headers: bearer(key) })).status).toBe(200);

    // Another connection takes the write lock and keeps it: every write of the service now meets SQLITE_BUSY.
    const locker = new DatabaseSync(join(stateDir, STATE_FILE_NAME), { timeout: 0 });
    locker.exec("BEGIN EXCLUSIVE");
    try {
      // A page and a file asked for while a metered call waits on the lock: the event loop is free, so they answer.
      const metered = timed(service, "/api/conferences", { headers: bearer(key) });
      await sleep(50);
      const page = await timed(service, "/conference/101");
      const file = await timed(service, "/snapshots/latest/manifest.json");
      const first = await metered;
      console.log(
        `sqlite locked: first metered call ${first.status} in ${Math.round(first.ms)} ms; ` +
          `page ${Math.round(page.ms)} ms, file ${Math.round(file.ms)} ms meanwhile`,
      );
      expect(page.status).toBe(200);
      expect(file.status).toBe(200);
      expect(Math.max(page.ms, file.ms)).toBeLessThan(1000);
      expect(first.status).toBe(503);
      expect(first.retryAfter).toBeGreaterThan(0);
      expect(first.ms).toBeLessThan(5000);

      // More of the same: every metered call 503 within a few seconds (a write waits out the busy timeout, or the
      // call its deadline when it queues behind another write such as a page view), pages and files at 200.
      const slowest = { metered: 0, page: 0 };
      for (let i = 0; i < 8; i++) {
        const api = await timed(service, "/api/conferences", { headers: bearer(key) });
        expect(api.status).toBe(503);
        expect(api.retryAfter).toBeGreaterThan(0);
        slowest.metered = Math.max(slowest.metered, api.ms);
        const again = await timed(service, "/conference/101");
        expect(again.status).toBe(200);
        slowest.page = Math.max(slowest.page, again.ms);
      }
      console.log(
        `sqlite locked: slowest metered ${Math.round(slowest.metered)} ms, page ${Math.round(slowest.page)} ms`,
      );
      expect(slowest.metered).toBeLessThan(5000);
      expect(slowest.page).toBeLessThan(1000);
      // Reads still work under another connection's write lock (WAL), so /readyz may well say ready; /healthz does.
      expect((await timed(service, "/healthz")).status).toBe(200);
    } finally {
      locker.exec("ROLLBACK");
      locker.close();
    }

    // The lock gone, metered calls are served again once the cool-down has passed.
    let status = 0;
    for (let waited = 0; waited < 15_000 && status !== 200; waited += 250) {
      status = (await timed(service, "/api/conferences", { headers: bearer(key) })).status;
      if (status !== 200) await sleep(250);
    }
    expect(status).toBe(200);
  });
});

describe("SQLite state file locked by another process while quota is leased", () => {
  let service: TestService;
  let stateDir: string;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), "vd-locked-leased-"));
    // The leased block must outlive the wait for the first key use (idle blocks go back after a second by default).
    service = await startTestService({
      STATE_DIR: stateDir,
      REDIS_URL: "",
      QUOTA_LEASE_MS: "30000",
      QUOTA_LEASE_IDLE_MS: "30000",
    });
  });
  afterAll(async () => {
    await service?.close().catch(() => {});
  });

  it("answers a keyed call from its leased block (the key is read, nothing written) and writes its key use once the lock goes", async () => {
    const account = await newAccount(service.store);
    const usage = async () => (await service.store.listApiKeys(account.id))[0]?.usageCount;
    expect((await timed(service, "/api/conferences", { headers: bearer(account.key) })).status).toBe(200);
    await expect.poll(usage).toBe(1);

    const locker = new DatabaseSync(join(stateDir, STATE_FILE_NAME), { timeout: 0 });
    locker.exec("BEGIN EXCLUSIVE");
    try {
      // The key is only read and the quota comes from the leased block; the key-use batch meets the lock and is
      // kept, without counting toward the store's circuit breaker, so no call is refused.
      for (let i = 0; i < 3; i++) {
        expect((await timed(service, "/api/conferences", { headers: bearer(account.key) })).status).toBe(200);
      }
      // The batch meets the lock (busy, then retried later and later) and is kept.
      await sleep(1500);
    } finally {
      locker.exec("ROLLBACK");
      locker.close();
    }
    await expect.poll(usage, { timeout: 15_000, interval: 250 }).toBe(1 + 3);
  });
});
