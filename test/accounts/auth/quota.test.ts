import { beforeEach, describe, expect, it } from "vitest";
import { createAccountAccess } from "../../../accounts/auth/access.ts";
import { consumeQuota, peekQuota } from "../../../accounts/auth/quota.ts";
import { KeyUses } from "../../../accounts/store/key-uses.ts";
import { QuotaLeases } from "../../../accounts/store/quota-leases.ts";
import { ReservationKeeper } from "../../../accounts/store/reservations.ts";
import type { Caller } from "../../../read/caller.ts";
import { secondsToUtcMidnight } from "../../../runtime/clock.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";
import { accountWithKeys, testConfig } from "./helpers.ts";

const config = testConfig({ accountDailyQuota: 3, anonDailyQuota: 2 });
const morning = new Date("2025-03-10T08:00:00Z");
const viaKey = (keyId: string): Caller => ({ kind: "account", accountId: "a1", keyId, ip: "192.0.2.1" });
const viaJwt: Caller = { kind: "account", accountId: "a1", keyId: null, ip: "192.0.2.2" };
const anonymous = (ip: string): Caller => ({ kind: "anonymous", ip });

const temp = tempStorePerTest(() => morning.getTime());
beforeEach(() => accountWithKeys(temp().store, ["k1", "k2"], "2025-03-01"));

describe("secondsToUtcMidnight", () => {
  it("counts to the next UTC midnight, never less than one second", () => {
    expect(secondsToUtcMidnight(new Date("2025-03-10T23:59:00Z"))).toBe(60);
    expect(secondsToUtcMidnight(new Date("2025-03-10T00:00:00Z"))).toBe(86_400);
    expect(secondsToUtcMidnight(new Date("2025-03-10T23:59:59.900Z"))).toBe(1);
  });
});

describe("account quota", () => {
  it("is shared by every key and login token of the account, then answers 402 until UTC midnight", async () => {
    const q = (caller: Caller) => consumeQuota(caller, temp().store, config, morning);
    // An admitted request's charge comes with its reservation (settled or refunded by the edge).
    const held = { exceeded: null, reservation: expect.any(String) };
    expect(await q(viaKey("k1"))).toEqual({ limit: 3, remaining: 2, ...held });
    expect(await q(viaKey("k2"))).toEqual({ limit: 3, remaining: 1, ...held });
    expect(await q(viaJwt)).toEqual({ limit: 3, remaining: 0, ...held });
    expect(await q(viaKey("k1"))).toEqual({
      limit: 3,
      remaining: 0,
      exceeded: { status: 402, retryAfterSeconds: 16 * 3600 },
    });
    expect(await consumeQuota(anonymous("192.0.2.1"), temp().store, config, morning)).toMatchObject({
      exceeded: null,
    });

    const nextDay = new Date("2025-03-11T00:00:01Z");
    expect(await consumeQuota(viaKey("k1"), temp().store, config, nextDay)).toEqual({
      limit: 3,
      remaining: 2,
      ...held,
    });
  });

  it("counts an answered request as a use of its key, each key on its own; refused and refunded ones are not", async () => {
    const leases = new QuotaLeases(temp().store, silentLogger, {
      units: 100,
      lifeMs: 60_000,
      idleMs: 60_000,
    });
    const keyUses = new KeyUses(temp().store, silentLogger);
    const reservations = new ReservationKeeper(temp().store, silentLogger);
    const access = createAccountAccess(temp().store, config, reservations, leases, keyUses, () => morning);
    const answer = async (caller: Caller) => {
      const quota = await access.consume(caller);
      if (quota.reservation) access.settle?.(quota.reservation, caller);
      return quota.exceeded?.status ?? 200;
    };
    expect(await answer(viaKey("k1"))).toBe(200);
    const unanswered = await access.consume(viaKey("k2"));
    await access.refund?.(viaKey("k2"), unanswered.reservation);
    expect(await answer(viaKey("k1"))).toBe(200);
    expect(await answer(viaKey("k2"))).toBe(200);
    expect(await answer(viaKey("k1"))).toBe(402);
    await leases.close();
    await keyUses.close();
    await reservations.close();
    const usage = Object.fromEntries(
      (await temp().store.listApiKeys("a1")).map((k) => [k.id, [k.usageCount, k.lastUsedAt]]),
    );
    expect(usage).toEqual({ k1: [2, morning.toISOString()], k2: [1, morning.toISOString()] });
  });
});

describe("anonymous quota", () => {
  it("counts per IP (per /64 for IPv6) and answers 429 with Retry-After when used up", async () => {
    const q = (ip: string) => consumeQuota(anonymous(ip), temp().store, config, morning);
    await q("203.0.113.5");
    expect(await q("203.0.113.5")).toMatchObject({ limit: 2, remaining: 0, exceeded: null });
    expect((await q("203.0.113.5")).exceeded).toEqual({ status: 429, retryAfterSeconds: 16 * 3600 });
    expect((await q("203.0.113.6")).exceeded).toBeNull();

    await q("2001:db8:1:2::1");
    await q("2001:db8:1:2::ffff");
    expect((await q("2001:db8:1:2:abcd::9")).exceeded?.status).toBe(429);
    expect((await q("2001:db8:1:3::1")).exceeded).toBeNull();
  });
});

describe("uncounted requests", () => {
  it("do not count paid or invalid callers, and report the caller's anonymous allowance", async () => {
    await consumeQuota(anonymous("203.0.113.5"), temp().store, config, morning);
    for (const caller of [
      { kind: "paid", ip: "203.0.113.5" },
      { kind: "invalid", reason: "revoked_key", ip: "203.0.113.5" },
    ] satisfies Caller[]) {
      for (let i = 0; i < 3; i++) {
        expect(await consumeQuota(caller, temp().store, config, morning)).toEqual({
          limit: 2,
          remaining: 1,
          exceeded: null,
        });
      }
    }
  });

  it("peek reports without consuming", async () => {
    await consumeQuota(viaKey("k1"), temp().store, config, morning);
    for (let i = 0; i < 3; i++) {
      expect(await peekQuota(viaKey("k1"), temp().store, config, morning)).toEqual({
        limit: 3,
        remaining: 2,
      });
    }
    expect(await peekQuota(anonymous("203.0.113.9"), temp().store, config, morning)).toEqual({
      limit: 2,
      remaining: 2,
    });
  });
});
