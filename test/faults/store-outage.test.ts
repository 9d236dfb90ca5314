/**
 * The state store gone while serving: Redis killed under a running service. Pages and snapshot files keep
 * answering 200 (they never depend on the store); metered API calls get 503 with Retry-After, never a 500 and
 * never a stall; /readyz says so and /healthz stays alive.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newAccount, startTestService, type TestService } from "../accounts/harness.ts";
import { type RedisServer, redisAvailable, startRedis } from "../store/redis-server.ts";

describe.skipIf(!redisAvailable)("Redis killed under a running service", () => {
  let redis: RedisServer;
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    redis = await startRedis();
    service = await startTestService({ REDIS_URL: redis.url, REDIS_PREFIX: "outage:" });
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
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      const api = await service.fetch("/api/conferences", { headers: bearer(key) }).catch(() => null);
      if (!api) tally.lost += 1;
      else if (api.status === 503) {
        tally.refused += 1;
        expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
      } else tally.served += 1;
      await api?.arrayBuffer();
      const page = await service.fetch("/conference/101");
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      const file = await service.fetch("/snapshots/latest/manifest.json");
      expect(file.status).toBe(200);
      await file.arrayBuffer();
    }
    const ms = performance.now() - started;
    console.log(
      `redis outage: ${JSON.stringify(tally)} metered; 40 pages and files served in ${Math.round(ms)} ms`,
    );
    // Fail closed: nothing metered answered while the use could not be recorded, nothing lost.
    expect(tally).toEqual({ served: 0, refused: 20, lost: 0 });
    expect(ms).toBeLessThan(30_000);
    expect((await service.fetch("/readyz")).status).toBe(503);
    expect((await service.fetch("/healthz")).status).toBe(200);
  });
});
