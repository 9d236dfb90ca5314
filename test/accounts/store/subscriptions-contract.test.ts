/**
 * Digest subscriptions (SubscriptionStore): one contract, the embedded SQLite store and a real Redis. Double
 * opt-in (a confirmation used once, never after it expires), the count per address, paging the confirmed ones,
 * the record of the last digest, and a stop that leaves nothing behind.
 */
import { expect, it } from "vitest";
import { storeContract } from "../../helpers/store-contract.ts";
import { at, subscription } from "./contract-backends.ts";

storeContract(({ open, passTime }) => {
  it("confirms once by the token's hash, and only that subscription", async () => {
    const store = await open();
    await store.createSubscription(subscription("s1"));
    await store.createSubscription(
      subscription("s2", { target: { kind: "watchlist", watchlistId: "w".repeat(22) } }),
    );
    expect(await store.getSubscription("s1")).toMatchObject({ confirmed: false, confirmHash: "hash-s1" });
    expect(await store.confirmSubscription("hash-forged")).toBeNull();
    expect(await store.listConfirmedSubscriptions("", 10)).toEqual([]);
    const confirmed = await store.confirmSubscription("hash-s1");
    expect(confirmed).toMatchObject({
      id: "s1",
      confirmed: true,
      confirmHash: null,
      confirmExpiresAt: null,
      frequency: "weekly",
      closesIn: [7, 1],
      timeZone: "Europe/Berlin",
      target: { kind: "filter", filter: "ccf_rank=A&estimates=true&ranked_only=true" },
    });
    // Used once: the same link a second time confirms nothing.
    expect(await store.confirmSubscription("hash-s1")).toBeNull();
    expect((await store.listConfirmedSubscriptions("", 10)).map((s) => s.id)).toEqual(["s1"]);
    expect(await store.getSubscription("s2")).toMatchObject({
      confirmed: false,
      target: { kind: "watchlist", watchlistId: "w".repeat(22) },
    });
  });

  it("forgets an unconfirmed subscription once its confirmation expires", async () => {
    const store = await open();
    await store.createSubscription(subscription("s1", { confirmExpiresAt: at(1_000) }));
    await store.createSubscription(subscription("s2"));
    expect(await store.countSubscriptions("reader@example.org")).toBe(2);
    await passTime(1_100);
    expect(await store.getSubscription("s1")).toBeNull();
    expect(await store.confirmSubscription("hash-s1")).toBeNull();
    expect(await store.countSubscriptions("reader@example.org")).toBe(1);
    expect(await store.countSubscriptions("other@example.org")).toBe(0);
  });

  it("changes, records a digest, pages by id and stops", async () => {
    const store = await open();
    for (const id of ["a", "b", "c"]) {
      await store.createSubscription(subscription(id));
      await store.confirmSubscription(`hash-${id}`);
    }
    expect(await store.updateSubscription("b", { frequency: "daily", closesIn: [], timeZone: "UTC" })).toBe(
      true,
    );
    expect(
      await store.updateSubscription("gone", { frequency: "daily", closesIn: [], timeZone: "UTC" }),
    ).toBe(false);
    const recorded = {
      "1:2027:1:paper": {
        date: "2026-12-11",
        time: "23:59:00",
        timezone: "AoE",
        closesAt: "2026-12-12T11:59:00Z",
        estimated: false,
      },
    };
    expect(await store.recordDigest("b", "2026-11-27", recorded)).toBe(true);
    expect(await store.recordDigest("gone", "2026-11-27", recorded)).toBe(false);
    expect(await store.getSubscription("b")).toMatchObject({
      frequency: "daily",
      closesIn: [],
      timeZone: "UTC",
      lastPeriod: "2026-11-27",
      lastDeadlines: recorded,
    });
    expect((await store.listConfirmedSubscriptions("", 2)).map((s) => s.id)).toEqual(["a", "b"]);
    expect((await store.listConfirmedSubscriptions("b", 2)).map((s) => s.id)).toEqual(["c"]);
    expect(await store.countSubscriptions("reader@example.org")).toBe(3);
    expect(await store.deleteSubscription("b")).toBe(true);
    expect(await store.deleteSubscription("b")).toBe(false);
    expect(await store.getSubscription("b")).toBeNull();
    expect(await store.recordDigest("b", "2026-11-28", recorded)).toBe(false);
    expect((await store.listConfirmedSubscriptions("", 10)).map((s) => s.id)).toEqual(["a", "c"]);
    expect(await store.countSubscriptions("reader@example.org")).toBe(2);
  });

  it("a stopped unconfirmed subscription cannot be confirmed afterwards", async () => {
    const store = await open();
    await store.createSubscription(subscription("s1"));
    expect(await store.deleteSubscription("s1")).toBe(true);
    expect(await store.confirmSubscription("hash-s1")).toBeNull();
    expect(await store.getSubscription("s1")).toBeNull();
  });
});
