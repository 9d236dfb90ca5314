/**
 * The subscriptions of one address (SubscriptionStore.listSubscriptions, for the account page) and the language a
 * subscription keeps (its mails and their links), on the embedded SQLite store and a real Redis: live ones only
 * (an unconfirmed one gone once its confirmation expires, a stopped one gone at once), oldest first, never another
 * address's; a subscription stored without a language reads as English.
 */
import { expect, it } from "vitest";
import type { Subscription } from "../../../accounts/store/types.ts";
import { storeContract } from "../../helpers/store-contract.ts";
import { at, subscription } from "./contract-backends.ts";

/** A confirmed weekly subscription in Chinese to a filter of CCF SE venues. */
function confirmed(id: string, overrides: Partial<Subscription> = {}): Subscription {
  return subscription(id, {
    target: { kind: "filter", filter: "ccf_category=SE&core_for=4612&estimates=true" },
    closesIn: [7],
    timeZone: "Asia/Shanghai",
    language: "zh",
    confirmed: true,
    confirmHash: null,
    confirmExpiresAt: null,
    ...overrides,
  });
}

storeContract(({ open, passTime }) => {
  it("lists an address's live subscriptions, oldest first, with their language", async () => {
    const store = await open();
    await store.createSubscription(confirmed("b2", { createdAt: at(2000) }));
    await store.createSubscription(confirmed("a1", { createdAt: at(1000), language: "en" }));
    await store.createSubscription(
      confirmed("c3", {
        createdAt: at(3000),
        confirmed: false,
        confirmHash: "hash-c3",
        confirmExpiresAt: at(1500),
      }),
    );
    await store.createSubscription(confirmed("o9", { email: "other@example.org" }));
    const listed = await store.listSubscriptions("reader@example.org");
    expect(listed.map((s) => s.id)).toEqual(["a1", "b2", "c3"]);
    expect(listed.map((s) => s.language)).toEqual(["en", "zh", "zh"]);
    expect(listed[1]).toEqual(confirmed("b2", { createdAt: at(2000) }));
    expect((await store.getSubscription("b2"))?.language).toBe("zh");
    expect(await store.listSubscriptions("nobody@example.org")).toEqual([]);

    // Stopped: gone from the list at once; unconfirmed past its expiry: gone too.
    expect(await store.deleteSubscription("a1")).toBe(true);
    await passTime(2000);
    expect((await store.listSubscriptions("reader@example.org")).map((s) => s.id)).toEqual(["b2"]);
  });

  it("reads a subscription stored without a language as English, and keeps the language once confirmed", async () => {
    const store = await open();
    const { language: _, ...withoutLanguage } = confirmed("e1", {
      confirmed: false,
      confirmHash: "hash-e1",
      confirmExpiresAt: at(60_000),
    });
    await store.createSubscription(withoutLanguage);
    expect((await store.getSubscription("e1"))?.language).toBe("en");
    await store.createSubscription(
      confirmed("z1", { confirmed: false, confirmHash: "hash-z1", confirmExpiresAt: at(60_000) }),
    );
    expect((await store.confirmSubscription("hash-z1"))?.language).toBe("zh");
    expect((await store.listConfirmedSubscriptions("", 10)).find((s) => s.id === "z1")?.language).toBe("zh");
  });
});
