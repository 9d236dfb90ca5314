/**
 * The subscriptions of one address (SubscriptionStore.listSubscriptions, for the account page) and the language a
 * subscription keeps (its mails and their links), on the embedded SQLite store and a real Redis: live ones only
 * (an unconfirmed one gone once its confirmation expires, a stopped one gone at once), oldest first, never another
 * address's; a subscription stored without a language reads as English.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store, Subscription } from "../../../accounts/store/types.ts";
import { withRedis } from "../../helpers/redis-server.ts";
import { type Backend, fileBackend, redisBackend, resetClock, testClock } from "./contract-backends.ts";

const at = (offsetMs: number) => new Date(testClock.ms + offsetMs).toISOString();

function subscription(id: string, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id,
    email: "reader@example.org",
    target: { kind: "filter", filter: "ccf_category=SE&core_for=4612&estimates=true" },
    frequency: "weekly",
    closesIn: [7],
    timeZone: "Asia/Shanghai",
    language: "zh",
    confirmed: true,
    createdAt: at(0),
    confirmHash: null,
    confirmExpiresAt: null,
    lastPeriod: null,
    lastDeadlines: null,
    ...overrides,
  };
}

function contract(name: string, makeBackend: () => Backend) {
  describe(name, () => {
    let backend: Backend;
    const opened: Store[] = [];
    const open = async () => {
      const store = await backend.open();
      opened.push(store);
      return store;
    };
    beforeAll(() => {
      backend = makeBackend();
    });
    beforeEach(() => {
      resetClock();
      backend.reset();
    });
    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
      backend.dispose();
    });

    it("lists an address's live subscriptions, oldest first, with their language", async () => {
      const store = await open();
      await store.createSubscription(subscription("b2", { createdAt: at(2000) }));
      await store.createSubscription(subscription("a1", { createdAt: at(1000), language: "en" }));
      await store.createSubscription(
        subscription("c3", {
          createdAt: at(3000),
          confirmed: false,
          confirmHash: "hash-c3",
          confirmExpiresAt: at(1500),
        }),
      );
      await store.createSubscription(subscription("o9", { email: "other@example.org" }));
      const listed = await store.listSubscriptions("reader@example.org");
      expect(listed.map((s) => s.id)).toEqual(["a1", "b2", "c3"]);
      expect(listed.map((s) => s.language)).toEqual(["en", "zh", "zh"]);
      expect(listed[1]).toEqual(subscription("b2", { createdAt: at(2000) }));
      expect((await store.getSubscription("b2"))?.language).toBe("zh");
      expect(await store.listSubscriptions("nobody@example.org")).toEqual([]);

      // Stopped: gone from the list at once; unconfirmed past its expiry: gone too.
      expect(await store.deleteSubscription("a1")).toBe(true);
      await backend.passTime(2000);
      expect((await store.listSubscriptions("reader@example.org")).map((s) => s.id)).toEqual(["b2"]);
    });

    it("reads a subscription stored without a language as English, and keeps the language once confirmed", async () => {
      const store = await open();
      const { language: _, ...withoutLanguage } = subscription("e1", {
        confirmed: false,
        confirmHash: "hash-e1",
        confirmExpiresAt: at(60_000),
      });
      await store.createSubscription(withoutLanguage);
      expect((await store.getSubscription("e1"))?.language).toBe("en");
      await store.createSubscription(
        subscription("z1", { confirmed: false, confirmHash: "hash-z1", confirmExpiresAt: at(60_000) }),
      );
      expect((await store.confirmSubscription("hash-z1"))?.language).toBe("zh");
      expect((await store.listConfirmedSubscriptions("", 10)).find((s) => s.id === "z1")?.language).toBe(
        "zh",
      );
    });
  });
}

contract("file store (SQLite)", fileBackend);
withRedis((url) => contract("redis store", () => redisBackend(url)));
