/**
 * Daily quotas over real HTTP, against both stores: 402 for accounts and 429 for anonymous callers with the
 * seconds to UTC midnight, exact counting under 300 concurrent requests, counters that outlive a restart, and
 * quota headers that always describe the caller's own allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuthConfig } from "../../../accounts/auth/config.ts";
import { jwtKey, signAccountJwt } from "../../../accounts/auth/jwt.ts";
import { quotaLeaseOf } from "../../../accounts/store/index.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import * as service from "../../helpers/accounts-service.ts";

const ACCOUNT_QUOTA = 250;
const ANON_QUOTA = 250;
const CONCURRENT = 300;
/** The harness clock stands at 12:00 UTC. */
const SECONDS_TO_MIDNIGHT = 12 * 3600;

interface Tally {
  statuses: Map<number, number>;
  remaining: number[];
  retryAfter: Set<string | null>;
}

async function burst(
  svc: service.TestService,
  count: number,
  init: { headers?: Record<string, string>; ip?: string },
) {
  const responses = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await svc.fetch("/api/conferences?per_page=1", init);
      await res.arrayBuffer();
      return res;
    }),
  );
  const tally: Tally = { statuses: new Map(), remaining: [], retryAfter: new Set() };
  for (const res of responses) {
    tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
    if (res.status === 200) tally.remaining.push(Number(res.headers.get("x-quota-remaining")));
    else tally.retryAfter.add(res.headers.get("retry-after"));
  }
  return tally;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A burst of CONCURRENT held to `quota`: that many admitted, the rest refused with `refusal` until midnight. */
function expectQuotaHeld(tally: Tally, quota: number, refusal: 402 | 429) {
  expect(tally.statuses).toEqual(
    new Map([
      [200, quota],
      [refusal, CONCURRENT - quota],
    ]),
  );
  // Every admitted request saw its own count: none lost, none past the limit.
  expect(tally.remaining.sort((a, b) => a - b)).toEqual(range(quota));
  expect(tally.retryAfter).toEqual(new Set([String(SECONDS_TO_MIDNIGHT)]));
}

service.forEachStore((backend) => {
  let svc: service.TestService;
  beforeAll(async () => {
    svc = await service.startTestService(await backend.freshState(), {
      env: {
        ACCOUNT_DAILY_QUOTA: String(ACCOUNT_QUOTA),
        ANON_DAILY_QUOTA: String(ANON_QUOTA),
        // Each burst opens hundreds of connections from 127.0.0.1 beside the last one's kept-alive ones; the
        // per-address cap has its own test (test/faults/idle-connections.test.ts).
        MAX_CONNECTIONS_PER_ADDRESS: "0",
      },
    });
  });
  afterAll(() => svc.close());

  it(`admits exactly ${ACCOUNT_QUOTA} of ${CONCURRENT} concurrent requests of one account, then 402 until midnight`, async () => {
    const account = await service.newAccount(svc.store);
    const tally = await burst(svc, CONCURRENT, { headers: service.bearer(account.key) });
    expectQuotaHeld(tally, ACCOUNT_QUOTA, 402);
    // Key uses are written in batches (every 0.1 s).
    await expect
      .poll(async () => (await svc.store.listApiKeys(account.id))[0]?.usageCount)
      .toBe(ACCOUNT_QUOTA);

    // A login token of the same account is refused too, with the envelope; the anonymous tier is untouched.
    const token = await signAccountJwt(
      account.id,
      await jwtKey(svc.store, readAuthConfig(svc.env)),
      svc.clock.now,
    );
    const refused = await svc.json("/api/statistics", { headers: service.bearer(token) });
    expect(refused.res.status).toBe(402);
    expect(refused.body.code).toBe(402);
    expect(refused.res.headers.get("retry-after")).toBe(String(SECONDS_TO_MIDNIGHT));
    expect(refused.res.headers.get("x-quota-remaining")).toBe("0");
    expect((await svc.fetch("/api/statistics", { ip: service.freshIp() })).status).toBe(200);

    // The next UTC day starts afresh.
    svc.clock.now = new Date(svc.clock.now.getTime() + SECONDS_TO_MIDNIGHT * 1000 + 1000);
    try {
      const nextDay = await svc.fetch("/api/statistics", { headers: service.bearer(account.key) });
      expect(nextDay.status).toBe(200);
      expect(nextDay.headers.get("x-quota-remaining")).toBe(String(ACCOUNT_QUOTA - 1));
    } finally {
      svc.clock.now = new Date(svc.clock.now.getTime() - SECONDS_TO_MIDNIGHT * 1000 - 1000);
    }
  });

  it(`admits exactly ${ANON_QUOTA} of ${CONCURRENT} concurrent anonymous requests of one address, then 429`, async () => {
    const ip = service.freshIp();
    const tally = await burst(svc, CONCURRENT, { ip });
    expectQuotaHeld(tally, ANON_QUOTA, 429);
    const { res, body } = await svc.json("/api/conferences", { ip });
    expect([res.status, body.code, res.headers.get("retry-after")]).toEqual([429, 429, "43200"]);
    // Another address, and the same address with an account credential, still get through.
    expect((await svc.fetch("/api/conferences", { ip: service.freshIp() })).status).toBe(200);
    const account = await service.newAccount(svc.store);
    expect((await svc.fetch("/api/conferences", { ip, headers: service.bearer(account.key) })).status).toBe(
      200,
    );
  });

  it("reads the client address from X-Forwarded-For as far as TRUST_PROXY=1 allows", async () => {
    const ip = service.freshIp();
    const first = await svc.fetch("/api/statistics", { headers: { "x-forwarded-for": `6.6.6.6, ${ip}` } });
    // A forged left-hand entry changes nothing: the same address is counted again.
    const second = await svc.fetch("/api/statistics", { headers: { "x-forwarded-for": `7.7.7.7, ${ip}` } });
    expect(Number(first.headers.get("x-quota-remaining")) - 1).toBe(
      Number(second.headers.get("x-quota-remaining")),
    );
  });

  it("shows the caller's own figures on every response, and pages and files only peek", async () => {
    const account = await service.newAccount(svc.store);
    const ip = service.freshIp();
    const used = await svc.fetch("/api/statistics", { headers: service.bearer(account.key), ip });
    expect(used.headers.get("x-quota-limit")).toBe(String(ACCOUNT_QUOTA));
    expect(used.headers.get("x-quota-remaining")).toBe(String(ACCOUNT_QUOTA - 1));
    for (const path of ["/", "/conference/101", "/snapshots/latest/manifest.json", "/api/openapi.json"]) {
      const page = await svc.fetch(path, { headers: service.bearer(account.key), ip });
      await page.arrayBuffer();
      expect(page.status, path).toBe(200);
      expect(page.headers.get("x-quota-limit"), path).toBe(String(ACCOUNT_QUOTA));
      expect(page.headers.get("x-quota-remaining"), path).toBe(String(ACCOUNT_QUOTA - 1));
      const anonymous = await svc.fetch(path, { ip });
      await anonymous.arrayBuffer();
      expect(anonymous.headers.get("x-quota-limit"), path).toBe(String(ANON_QUOTA));
      expect(anonymous.headers.get("x-quota-remaining"), path).toBe(String(ANON_QUOTA));
    }
  });

  it("keeps counters, keys, login tokens and views across a server restart", async () => {
    const account = await service.newAccount(svc.store);
    const ip = service.freshIp();
    const token = (
      await svc.json("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: account.email, password: service.PASSWORD }),
        ip,
      })
    ).body.data.token as string;
    for (let i = 0; i < 3; i++)
      await (await svc.fetch("/api/journals/202", { headers: service.bearer(account.key) })).text();
    await (await svc.fetch("/api/statistics", { ip })).text();

    await svc.restart();

    const byKey = await svc.fetch("/api/statistics", { headers: service.bearer(account.key) });
    expect(byKey.headers.get("x-quota-remaining")).toBe(String(ACCOUNT_QUOTA - 4));
    const byToken = await svc.fetch("/api/statistics", { headers: service.bearer(token) });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get("x-quota-remaining")).toBe(String(ACCOUNT_QUOTA - 5));
    // The statistics call before the restart and this one: the login is never charged.
    const anonymous = await svc.fetch("/api/statistics", { ip });
    expect(anonymous.headers.get("x-quota-remaining")).toBe(String(ANON_QUOTA - 2));
    expect(await svc.store.views30dOf("journal", "202")).toBe(3);
  });
});

describe("configuration", () => {
  it("refuses bad quota, proxy and store settings at start-up, naming every bad variable", () => {
    expect(() => loadConfig({ ACCOUNT_DAILY_QUOTA: "many" })).toThrow(/ACCOUNT_DAILY_QUOTA/);
    expect(() => loadConfig({ TRUST_PROXY: "maybe", PORT: "x" })).toThrow(/PORT[\s\S]*TRUST_PROXY/);
    expect(() => loadConfig({ REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ STORE_TIMEOUT_MS: "0" })).toThrow(/STORE_TIMEOUT_MS/);
    expect(loadConfig({ STORE_TIMEOUT_MS: "750" }).store.STORE_TIMEOUT_MS).toBe("750");
    expect(() => loadConfig({ QUOTA_LEASE_UNITS: "0", QUOTA_LEASE_MS: "soon" })).toThrow(
      /QUOTA_LEASE_MS[\s\S]*QUOTA_LEASE_UNITS|QUOTA_LEASE_UNITS[\s\S]*QUOTA_LEASE_MS/,
    );
  });

  it("leases quota blocks for at most half the reservation lease, so the sweep never takes a live block", () => {
    expect(quotaLeaseOf(loadConfig({}).store)).toEqual({ units: 100, lifeMs: 10_000, idleMs: 1000 });
    const short = loadConfig({
      RESERVATION_LEASE_MS: "1000",
      QUOTA_LEASE_UNITS: "5",
      QUOTA_LEASE_IDLE_MS: "50",
    });
    expect(quotaLeaseOf(short.store)).toEqual({ units: 5, lifeMs: 500, idleMs: 50 });
  });
});
