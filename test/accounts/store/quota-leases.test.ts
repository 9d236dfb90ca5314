/**
 * QuotaLeases over a real SQLite store, its calls counted: store round trips per request, exact admission under
 * concurrency, refunds reused in the block, unused units given back when idle and at close, what is answered kept.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { type QuotaLeaseOptions, QuotaLeases } from "../../../accounts/store/quota-leases.ts";
import type { Store } from "../../../accounts/store/types.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { closedAfterTest } from "../../helpers/closed-after-test.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";

const KEY = "ip:192.0.2.7:2025-03-10";

/** The store with every call counted by method. */
function counted(store: Store) {
  const calls = new Map<string, number>();
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.set(String(property), (calls.get(String(property)) ?? 0) + 1);
        return value.apply(target, args);
      };
    },
  });
  const total = () => [...calls.values()].reduce((a, b) => a + b, 0);
  return { store: wrapped, calls, total };
}

/** QuotaLeases over `store` with `options`, closed after the test. */
const leasesOver = (store: Store, options: QuotaLeaseOptions) =>
  closedAfterTest(new QuotaLeases(store, silentLogger, options));

describe("QuotaLeases", () => {
  const temp = tempStorePerTest();

  it("admits exactly the limit of 1,000 concurrent requests, with a store round trip for a few of them only", async () => {
    const { store, total } = counted(temp().store);
    const leases = leasesOver(store, { units: 100, lifeMs: 60_000, idleMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 1000 }, () => leases.reserve(KEY, 200, 3600)));
    const admitted = results.filter((r) => r.allowed);
    expect(admitted).toHaveLength(200);
    // Each admitted request saw its own count.
    expect(new Set(admitted.map((r) => r.remaining)).size).toBe(200);
    for (const r of admitted) leases.settle(r.reservation ?? "");
    await leases.close();
    const trips = total();
    console.log(
      `1,000 requests against 200: ${trips} store calls (${(trips / 1000).toFixed(3)} per request)`,
    );
    // Leases shrink to a quarter of what is left, so ~20 leases and the refusals' own; never one per request.
    expect(trips).toBeLessThan(100);
    expect(await temp().store.peek(KEY, 200)).toMatchObject({ used: 200 });
  });

  it("reuses a refunded unit, gives unused units back when idle, and keeps what was answered", async () => {
    const { store, calls } = counted(temp().store);
    const leases = leasesOver(store, { units: 10, lifeMs: 60_000, idleMs: 1000 });
    const first = await leases.reserve(KEY, 50, 3600);
    expect(first).toMatchObject({ allowed: true, remaining: 49 });
    // The block holds ceil(50 / 4) = 10 capped at 10: the store counts them all, the caller sees its own use.
    expect(await temp().store.peek(KEY, 50)).toMatchObject({ used: 10 });
    expect(await leases.peek(KEY, 50)).toMatchObject({ used: 1, remaining: 49 });
    const second = await leases.reserve(KEY, 50, 3600);
    leases.release(second.reservation ?? "");
    const third = await leases.reserve(KEY, 50, 3600);
    expect(third.remaining).toBe(second.remaining);
    leases.settle(first.reservation ?? "");
    leases.settle(third.reservation ?? "");
    expect(calls.get("lease")).toBe(1);
    // Idle: the 8 unused go back, the 2 answered stay, in batched writes (one or two: the answers may go first).
    await expect.poll(async () => (await temp().store.peek(KEY, 50)).used, { timeout: 5000 }).toBe(2);
    const settles = calls.get("settleUnits") ?? 0;
    expect(settles).toBeGreaterThanOrEqual(1);
    expect(settles).toBeLessThanOrEqual(2);
  });

  it("gives unused units back at close; a request still in flight stays held for the sweep", async () => {
    const leases = leasesOver(temp().store, { units: 100, lifeMs: 60_000, idleMs: 60_000 });
    const answered = await leases.reserve(KEY, 400, 3600);
    await leases.reserve(KEY, 400, 3600);
    leases.settle(answered.reservation ?? "");
    expect(await temp().store.peek(KEY, 400)).toMatchObject({ used: 100 });
    await leases.close();
    expect(await temp().store.peek(KEY, 400)).toMatchObject({ used: 2 });
    expect(await temp().store.releaseAbandoned(0)).toBe(1);
    expect(await temp().store.peek(KEY, 400)).toMatchObject({ used: 1 });
  });

  it("refuses a non-positive limit as the store does, without a store call", async () => {
    const { store, total } = counted(temp().store);
    const leases = leasesOver(store, { units: 100, lifeMs: 60_000, idleMs: 60_000 });
    for (const limit of [0, -1]) {
      expect(await leases.reserve(KEY, limit, 3600)).toEqual(await temp().store.reserve(KEY, limit, 3600));
    }
    expect(total()).toBe(0);
  });

  it("writes nothing more once closed: a request answered after close leaves its unit for the sweep", async () => {
    const { store, calls } = counted(temp().store);
    const leases = leasesOver(store, { units: 100, lifeMs: 60_000, idleMs: 60_000 });
    const late = await leases.reserve(KEY, 400, 3600);
    await leases.close();
    const written = calls.get("settleUnits");
    leases.settle(late.reservation ?? "");
    await sleep(300);
    expect(calls.get("settleUnits")).toBe(written);
  });

  it("stops admitting from a block past its life and leases a new one", async () => {
    const { store, calls } = counted(temp().store);
    const leases = leasesOver(store, { units: 100, lifeMs: 50, idleMs: 60_000 });
    const first = await leases.reserve(KEY, 1000, 3600);
    leases.settle(first.reservation ?? "");
    await sleep(60);
    const second = await leases.reserve(KEY, 1000, 3600);
    expect(second.reservation).not.toBe(first.reservation);
    expect(calls.get("lease")).toBe(2);
    leases.settle(second.reservation ?? "");
    await leases.close();
    expect(await temp().store.peek(KEY, 1000)).toMatchObject({ used: 2 });
  });
});
