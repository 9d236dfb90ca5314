/**
 * KeyUses over a real SQLite store: uses written in batches, not one store call each; a failed write kept and
 * written again, never lost and never counted twice (also when the failed write had gone through); what cannot be
 * written at close logged.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { KeyUses } from "../../../accounts/store/key-uses.ts";
import { type KeyUseBatch, StoreUnavailable } from "../../../accounts/store/types.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";
import { accountWithKeys } from "../auth/helpers.ts";

const at = (second: number) => new Date(Date.UTC(2025, 2, 10, 12, 0, second));

describe("KeyUses", () => {
  const temp = tempStorePerTest();
  beforeEach(() => accountWithKeys(temp().store, ["k1", "k2"], "2025-03-01"));

  /** KeyUses over the temp store, its batches kept. */
  const recordingKeyUses = () => {
    const batches: KeyUseBatch[] = [];
    const keyUses = new KeyUses(
      {
        recordKeyUses: (batch) => {
          batches.push(batch);
          return temp().store.recordKeyUses(batch);
        },
      },
      silentLogger,
    );
    return { keyUses, batches };
  };

  const usage = async () =>
    Object.fromEntries(
      (await temp().store.listApiKeys("a1")).map((k) => [k.id, [k.usageCount, k.lastUsedAt]]),
    );

  it("writes many uses of several keys in a few batched store calls, with each key's latest use", async () => {
    const { keyUses, batches } = recordingKeyUses();
    // Out of order, as concurrent requests finish: the latest use of k1 comes first.
    for (let i = 0; i < 200; i++) keyUses.record("k1", at(59 - (i % 60)));
    for (let i = 0; i < 100; i++) keyUses.record("k2", at(i % 30));
    await expect.poll(usage, { timeout: 5000 }).toEqual({
      k1: [200, at(59).toISOString()],
      k2: [100, at(29).toISOString()],
    });
    expect(batches).toHaveLength(1);
    await keyUses.close();
    expect(batches).toHaveLength(1);
  });

  it("writes a failed batch again unchanged, so a write that failed after it went through is not counted twice", async () => {
    // The first write goes through but its answer is lost (a timeout); the second fails before it is applied.
    const outcomes = ["applied, then failed", "failed"];
    const written: KeyUseBatch[] = [];
    const errors: object[] = [];
    const keyUses = new KeyUses(
      {
        async recordKeyUses(batch) {
          written.push(batch);
          const outcome = outcomes.shift();
          if (outcome === "applied, then failed") await temp().store.recordKeyUses(batch);
          if (outcome) throw new StoreUnavailable(`state store: ${outcome}`);
          await temp().store.recordKeyUses(batch);
        },
      },
      { ...silentLogger, error: (details: object) => errors.push(details) },
    );
    for (let i = 0; i < 5; i++) keyUses.record("k1", at(1));
    await expect.poll(() => written.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    // Counted while the first batch was retried: written in a batch of their own.
    for (let i = 0; i < 2; i++) keyUses.record("k1", at(2));
    await keyUses.close();
    expect(await usage()).toMatchObject({ k1: [7, at(2).toISOString()], k2: [0, null] });
    expect(written.slice(0, 3).map((b) => b.sequence)).toEqual([1, 1, 1]);
    expect(written.at(-1)).toMatchObject({ sequence: 2, uses: [{ keyId: "k1", count: 2 }] });
    expect(errors).toHaveLength(2);
  });

  it("ignores uses recorded after close: nothing is written to the closed store", async () => {
    const { keyUses, batches } = recordingKeyUses();
    keyUses.record("k1", at(1));
    await keyUses.close();
    keyUses.record("k1", at(2));
    await sleep(300);
    expect(batches).toHaveLength(1);
    expect(await usage()).toMatchObject({ k1: [1, at(1).toISOString()] });
  });

  it("logs the uses it could not write at close instead of dropping them silently", async () => {
    const errors: { uses?: number; keys?: number }[] = [];
    const keyUses = new KeyUses(
      {
        recordKeyUses: () => Promise.reject(new StoreUnavailable("state store: down")),
      },
      { ...silentLogger, error: (details: object) => errors.push(details) },
    );
    keyUses.record("k1", at(1));
    keyUses.record("k2", at(1));
    keyUses.record("k2", at(1));
    await keyUses.close();
    expect(errors.at(-1)).toMatchObject({ uses: 3, keys: 2 });
  });
});
