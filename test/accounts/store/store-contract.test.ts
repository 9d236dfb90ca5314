/**
 * One contract, two stores: every test here runs against the embedded SQLite store and against a real Redis.
 */
import { expect, it } from "vitest";
import { DuplicateEmailError, type VenueKind } from "../../../accounts/store/types.ts";
import { storeContract } from "../../helpers/store-contract.ts";
import { account, keyOfA1, profile, testClock } from "./contract-backends.ts";

storeContract(({ open, passTime }) => {
  it("keeps accounts, keys, profiles, counters, views and settings across close and reopen", async () => {
    const first = await open();
    await first.createAccount(account("a1", "ada@example.org"));
    await first.createApiKey({
      id: "k1",
      accountId: "a1",
      hash: "h1",
      label: "laptop",
      createdAt: "2025-03-10",
    });
    await first.putProfile(profile("a1", { trackedConferences: ["12"], attendedConferences: ["12"] }));
    await first.consume("account:a1:2025-03-10", 5, 3600);
    await first.consume("account:a1:2025-03-10", 5, 3600);
    await first.recordViews([{ kind: "conference", venueId: "12", count: 1 }]);
    const secret = await first.getOrInitSetting("jwt_secret", "s1");
    await first.close();

    const second = await open();
    expect(await second.findAccountByEmail("ada@example.org")).toMatchObject({ id: "a1", name: "Name a1" });
    expect(await second.findKeyCaller("h1")).toMatchObject({ keyId: "k1", accountId: "a1" });
    expect(await second.listApiKeys("a1")).toMatchObject([{ id: "k1", label: "laptop" }]);
    expect((await second.getProfile("a1"))?.trackedConferences).toEqual(["12"]);
    expect(await second.peek("account:a1:2025-03-10", 5)).toEqual({ allowed: true, used: 2, remaining: 3 });
    expect(await second.views30dOf("conference", "12")).toBe(1);
    expect(await second.getOrInitSetting("jwt_secret", "s2")).toBe(secret);
    expect(secret).toBe("s1");
  });

  it("rejects a second account with the same e-mail, also when both race", async () => {
    const store = await open();
    await store.createAccount(account("a1", "bo@example.org"));
    await expect(store.createAccount(account("a2", "bo@example.org"))).rejects.toBeInstanceOf(
      DuplicateEmailError,
    );
    const other = await open();
    const results = await Promise.allSettled([
      store.createAccount(account("r1", "race@example.org")),
      other.createAccount(account("r2", "race@example.org")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await store.getAccount("a2")).toBeNull();
  });

  it("lists, meters and revokes API keys per account", async () => {
    const store = await open();
    await store.createAccount(account("a1", "k@example.org"));
    await store.createAccount(account("a2", "other@example.org"));
    await store.createApiKey({
      id: "k1",
      accountId: "a1",
      hash: "h1",
      label: null,
      createdAt: "2025-03-10T00:00Z",
    });
    await store.createApiKey({
      id: "k2",
      accountId: "a1",
      hash: "h2",
      label: "ci",
      createdAt: "2025-03-11T00:00Z",
    });
    expect((await store.listApiKeys("a1")).map((k) => k.id)).toEqual(["k1", "k2"]);
    expect(await store.listApiKeys("a2")).toEqual([]);

    const at = (minute: number) => new Date(testClock.ms + minute * 60_000).toISOString();
    await store.recordKeyUses({
      writer: "w1",
      sequence: 1,
      uses: [
        { keyId: "k1", count: 2, lastUsedAt: at(2) },
        { keyId: "gone", count: 5, lastUsedAt: at(2) },
      ],
    });
    // Another writer's batch adds to the same key; an earlier last use does not move it back.
    await store.recordKeyUses({
      writer: "w2",
      sequence: 1,
      uses: [{ keyId: "k1", count: 3, lastUsedAt: at(1) }],
    });
    const [k1, k2] = await store.listApiKeys("a1");
    expect(k1).toMatchObject({ usageCount: 5, lastUsedAt: at(2) });
    expect(k2).toMatchObject({ usageCount: 0, lastUsedAt: null, label: "ci" });
    expect(await store.findKeyCaller("h2")).toEqual({
      keyId: "k2",
      accountId: "a1",
      revokedAt: null,
      accountVerified: true,
    });
    expect(await store.findKeyCaller("unknown")).toBeNull();

    expect(await store.revokeApiKey("a2", "k1")).toBeNull();
    expect(await store.revokeApiKey("a1", "missing")).toBeNull();
    const revoked = await store.revokeApiKey("a1", "k1");
    expect(revoked?.revokedAt).toBe(new Date(testClock.ms).toISOString());
    await passTime(1000);
    expect((await store.revokeApiKey("a1", "k1"))?.revokedAt).toBe(revoked?.revokedAt);
    expect((await store.findKeyCaller("h1"))?.revokedAt).toBe(revoked?.revokedAt);
    expect((await store.findKeyCaller("h2"))?.revokedAt).toBeNull();
  });

  it("writes a batch of key uses once: written again (after an unknown outcome) or out of turn, it changes nothing", async () => {
    const store = await open();
    const other = await open();
    await store.createAccount(account("a1", "uses@example.org"));
    await store.createApiKey(keyOfA1("k1", "h1"));
    const batch = (sequence: number, count: number) => ({
      writer: "w1",
      sequence,
      uses: [{ keyId: "k1", count, lastUsedAt: new Date(testClock.ms).toISOString() }],
    });
    await store.recordKeyUses(batch(1, 2));
    await other.recordKeyUses(batch(1, 2));
    await store.recordKeyUses(batch(2, 3));
    await store.recordKeyUses(batch(1, 7));
    await other.recordKeyUses(batch(2, 3));
    expect((await other.listApiKeys("a1"))[0]?.usageCount).toBe(5);
  });

  it("finds a key's caller with its account's state: a key of an unverified account is not verified", async () => {
    const store = await open();
    await store.createAccount({ ...account("a1", "new@example.org"), verified: false });
    await store.createApiKey(keyOfA1("k1", "h1"));
    expect(await store.findKeyCaller("h1")).toEqual({
      keyId: "k1",
      accountId: "a1",
      revokedAt: null,
      accountVerified: false,
    });
  });

  it("counts 300 concurrent requests from three connections exactly: none past the limit, none lost", async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const stores = [a, b, c];
    const hit = (key: string, limit: number) =>
      Promise.all(Array.from({ length: 300 }, (_, i) => (stores[i % 3] ?? a).consume(key, limit, 3600)));

    const capped = await hit("ip:10.0.0.1:2025-03-10", 250);
    const allowed = capped.filter((r) => r.allowed);
    expect(allowed).toHaveLength(250);
    expect(allowed.map((r) => r.used).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    expect(capped.filter((r) => !r.allowed).every((r) => r.used === 250 && r.remaining === 0)).toBe(true);
    expect(await a.peek("ip:10.0.0.1:2025-03-10", 250)).toEqual({
      allowed: false,
      used: 250,
      remaining: 0,
    });

    const open300 = await hit("ip:10.0.0.2:2025-03-10", 1000);
    expect(new Set(open300.map((r) => r.used)).size).toBe(300);
    expect(await b.peek("ip:10.0.0.2:2025-03-10", 1000)).toMatchObject({
      used: 300,
      remaining: 700,
    });
  });

  it("gives back refunded requests exactly under concurrency, never below zero, never twice", async () => {
    const [a, b] = [await open(), await open()];
    const key = "account:r1:2025-03-10";
    // 1,000 concurrent against 200 (an admitted one holds a reservation): exactly 200 admitted, each its own.
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => (i % 2 ? a : b).reserve(key, 200, 3600)),
    );
    const reservations = results.flatMap((r) => (r.reservation === null ? [] : [r.reservation]));
    expect(results.filter((r) => r.allowed)).toHaveLength(200);
    expect(new Set(reservations).size).toBe(200);
    expect(results.filter((r) => !r.allowed).every((r) => r.reservation === null)).toBe(true);
    // 50 refunded (unanswered requests), each released twice from two connections: given back once.
    const unanswered = reservations.slice(0, 50);
    await Promise.all([...unanswered, ...unanswered].map((r, i) => (i % 2 ? a : b).release(r)));
    expect(await a.peek(key, 200)).toMatchObject({ used: 150, remaining: 50 });
    const again = await Promise.all(Array.from({ length: 100 }, () => b.reserve(key, 200, 3600)));
    expect(again.filter((r) => r.allowed)).toHaveLength(50);
    await a.release("never-reserved");
    expect(await a.peek(key, 200)).toMatchObject({ used: 200, remaining: 0 });
  });

  it("keeps settled charges, and refunds reservations left past the lease once, from any connection", async () => {
    const [a, b] = [await open(), await open()];
    const key = "account:k1:2025-03-10";
    const taken = await Promise.all(Array.from({ length: 10 }, () => a.reserve(key, 50, 3600)));
    const reservations = taken.map((r) => r.reservation ?? "");
    const answered = reservations.slice(0, 6);
    const unsettled = reservations.slice(6);
    await a.settle(answered);
    await a.settle([]);
    expect(await b.releaseAbandoned(60_000)).toBe(0);
    await passTime(1500);
    // The process that took them is gone: another connection finds the four left pending and refunds them.
    const [first, second] = await Promise.all([b.releaseAbandoned(1000), a.releaseAbandoned(1000)]);
    expect((first ?? 0) + (second ?? 0)).toBe(4);
    expect(await b.peek(key, 50)).toMatchObject({ used: 6 });
    // Late answers of swept requests change nothing: settled or refunded, the charge is gone already.
    await a.release(unsettled[0] ?? "");
    await a.settle(unsettled.slice(1));
    await a.release(answered[0] ?? "");
    expect(await a.peek(key, 50)).toMatchObject({ used: 6 });
  });

  it("leases blocks atomically from two connections, a quarter of what is left at most, never past the limit", async () => {
    const [a, b] = [await open(), await open()];
    const key = "ip:10.0.0.9:2025-03-10";
    expect(await a.lease(key, 200, 3600, 100)).toMatchObject({ granted: 50, used: 50 });
    const leases = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).lease(key, 200, 3600, 10)),
    );
    const granted = leases.reduce((sum, l) => sum + l.granted, 0);
    expect(granted).toBe(150);
    expect(leases.filter((l) => l.granted === 0).every((l) => l.reservation === null)).toBe(true);
    expect(new Set(leases.flatMap((l) => (l.reservation ? [l.reservation] : []))).size).toBe(
      leases.filter((l) => l.granted > 0).length,
    );
    expect(await b.peek(key, 200)).toMatchObject({ used: 200, remaining: 0 });
    expect(await a.lease("zero", 0, 60, 10)).toEqual({ granted: 0, used: 0, reservation: null });
  });

  it("keeps a lease's spent units, gives back the rest once, and sweeps what a dead process left", async () => {
    const [a, b] = [await open(), await open()];
    const key = "account:l1:2025-03-10";
    const first = await a.lease(key, 100, 3600, 20);
    const second = await a.lease(key, 100, 3600, 20);
    expect([first.granted, second.granted]).toEqual([20, 20]);
    const [one, two] = [first.reservation ?? "", second.reservation ?? ""];
    // 12 answered and 3 unused written so far; the same update again from another connection takes nothing more.
    await a.settleUnits([{ reservation: one, kept: 12, returned: 3 }]);
    expect(await b.peek(key, 100)).toMatchObject({ used: 37 });
    // The rest of the first block: 5 kept; the block is then gone, so a late update changes nothing.
    await b.settleUnits([{ reservation: one, kept: 5, returned: 0 }]);
    await b.settleUnits([{ reservation: one, kept: 0, returned: 5 }]);
    expect(await a.peek(key, 100)).toMatchObject({ used: 37 });
    await a.settleUnits([{ reservation: two, kept: 9, returned: 0 }]);
    await passTime(1500);
    // The second block's process died with 11 units still held: the sweep gives them back, once.
    const [swept, again] = await Promise.all([b.releaseAbandoned(1000), a.releaseAbandoned(1000)]);
    expect((swept ?? 0) + (again ?? 0)).toBe(1);
    expect(await a.peek(key, 100)).toMatchObject({ used: 26 });
    await a.settleUnits([{ reservation: two, kept: 0, returned: 11 }]);
    await a.release(two);
    expect(await b.peek(key, 100)).toMatchObject({ used: 26 });
  });

  it("refunds a reservation into its own counter window only, never into the next", async () => {
    const store = await open();
    const [first] = await Promise.all([store.reserve("w", 5, 1), store.reserve("w", 5, 1)]);
    await passTime(1500);
    const next = await store.reserve("w", 5, 1);
    expect(next).toMatchObject({ allowed: true, used: 1 });
    await store.release(first?.reservation ?? "");
    expect(await store.releaseAbandoned(1000)).toBe(1);
    expect(await store.peek("w", 5)).toMatchObject({ used: 1 });
    expect(await store.reserve("zero", 0, 60)).toMatchObject({ allowed: false, reservation: null });
  });

  it("starts a new window once the old one expires, and refuses a zero limit without counting", async () => {
    const store = await open();
    expect(await store.consume("w", 2, 1)).toEqual({ allowed: true, used: 1, remaining: 1 });
    expect(await store.consume("w", 2, 1)).toEqual({ allowed: true, used: 2, remaining: 0 });
    expect((await store.consume("w", 2, 1)).allowed).toBe(false);
    await passTime(1500);
    expect(await store.peek("w", 2)).toEqual({ allowed: true, used: 0, remaining: 2 });
    expect(await store.consume("w", 2, 1)).toEqual({ allowed: true, used: 1, remaining: 1 });
    expect(await store.consume("zero", 0, 60)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await store.peek("zero", 5)).toMatchObject({ used: 0 });
  });

  it("forgets a counter for every connection at once, and a one-request window refuses until it ends", async () => {
    const [first, second] = [await open(), await open()];
    for (let i = 0; i < 3; i++) await first.consume("failures", 1000, 3600);
    expect(await second.peek("failures", 1000)).toMatchObject({ used: 3 });
    await second.forget("failures");
    expect(await first.peek("failures", 1000)).toMatchObject({ used: 0 });
    await second.forget("never-counted");
    // The login back-off: one request in a window of `wait` seconds locks the key for everyone until it ends.
    expect((await first.consume("wait", 1, 1)).allowed).toBe(true);
    expect((await second.peek("wait", 1)).allowed).toBe(false);
    expect((await second.consume("wait", 1, 1)).allowed).toBe(false);
    await passTime(1500);
    expect((await second.peek("wait", 1)).allowed).toBe(true);
  });

  it("adds batches of views to the current UTC day, sums the last 30 days and drops older days", async () => {
    const store = await open();
    testClock.ms = Date.UTC(2025, 0, 1, 23, 59, 0);
    await store.recordViews([
      { kind: "conference", venueId: "7", count: 2 },
      { kind: "journal", venueId: "7", count: 1 },
    ]);
    testClock.ms = Date.UTC(2025, 0, 2, 0, 1, 0);
    await store.recordViews([{ kind: "conference", venueId: "8", count: 1 }]);
    await store.recordViews([]);
    await store.recordViews([{ kind: "conference", venueId: "7", count: 1 }]);
    expect(await store.views30d("conference")).toEqual(
      new Map([
        ["7", 3],
        ["8", 1],
      ]),
    );
    expect(await store.views30dOf("journal", "7")).toBe(1);
    testClock.ms = Date.UTC(2025, 0, 30, 12); // 1 Jan is the 30th day back: still counted
    expect(await store.views30dOf("conference", "7")).toBe(3);
    testClock.ms = Date.UTC(2025, 0, 31, 12); // 1 Jan has left the window
    expect(await store.views30dOf("conference", "7")).toBe(1);
    testClock.ms = Date.UTC(2025, 1, 1, 12);
    expect(await store.views30d("conference")).toEqual(new Map());
  });

  it("stores profiles and derives tracker and attendee counts from them", async () => {
    const store = await open();
    for (const id of ["a1", "a2"]) await store.createAccount(account(id, `${id}@example.org`));
    expect(await store.getProfile("a1")).toBeNull();
    const first = profile("a1", {
      trackedConferences: ["5", "3", "5"],
      trackedJournals: ["3"],
      attendedConferences: ["5"],
    });
    await store.putProfile(first);
    await store.putProfile(profile("a2", { public: false, cv: null, trackedConferences: ["5"] }));
    expect(await store.getProfile("a1")).toEqual({ ...first, trackedConferences: ["5", "3"] });
    expect(await store.getProfile("a2")).toMatchObject({ public: false, cv: null, institution: "Uni" });

    expect((await store.venueActivity("conference", "5", 0)).counts).toEqual({ trackers: 2, attendees: 1 });
    expect((await store.venueActivity("journal", "3", 0)).counts).toEqual({ trackers: 1, attendees: 0 });
    expect(await store.venueCounts("conference")).toEqual(
      new Map([
        ["5", { trackers: 2, attendees: 1 }],
        ["3", { trackers: 1, attendees: 0 }],
      ]),
    );

    await store.putProfile(profile("a1", { institution: null, trackedConferences: ["9"] }));
    expect(await store.getProfile("a1")).toMatchObject({ institution: null, trackedJournals: [] });
    expect(await store.venueCounts("conference")).toEqual(
      new Map([
        ["5", { trackers: 1, attendees: 0 }],
        ["9", { trackers: 1, attendees: 0 }],
      ]),
    );
    expect(await store.venueCounts("journal")).toEqual(new Map());
  });

  it("keeps one rating per user, lists comments newest first and removes demo feedback", async () => {
    const store = await open();
    await store.putRating({ kind: "conference", venueId: "1", userId: "u1", rating: 2, demo: false });
    await store.putRating({ kind: "conference", venueId: "1", userId: "u1", rating: 4, demo: false });
    await store.putRating({ kind: "conference", venueId: "1", userId: "demo-1", rating: 5, demo: true });
    await store.putRating({ kind: "journal", venueId: "1", userId: "u1", rating: 1, demo: false });
    await expect(
      store.putRating({ kind: "conference", venueId: "1", userId: "u2", rating: 6, demo: false }),
    ).rejects.toThrow(/1 to 5/);
    const ratings = async (kind: VenueKind, venueId: string) =>
      (await store.venueActivity(kind, venueId, 0)).ratings;
    const comments = async (kind: VenueKind, venueId: string, limit: number) =>
      (await store.venueActivity(kind, venueId, limit)).comments.map((c) => c.text);
    expect(await ratings("conference", "1")).toEqual({
      count: 2,
      average: 4.5,
      histogram: [0, 0, 0, 1, 1],
    });
    expect(await ratings("journal", "1")).toMatchObject({ count: 1, average: 1 });
    expect(await ratings("conference", "2")).toEqual({
      count: 0,
      average: null,
      histogram: [0, 0, 0, 0, 0],
    });

    const c1 = await store.addComment({
      kind: "conference",
      venueId: "1",
      userId: "u1",
      text: "first",
      demo: false,
    });
    await store.addComment({
      kind: "conference",
      venueId: "1",
      userId: "demo-1",
      text: "seeded",
      demo: true,
    });
    await store.addComment({ kind: "conference", venueId: "1", userId: "u2", text: "third", demo: false });
    expect(c1).toMatchObject({
      text: "first",
      demo: false,
      createdAt: new Date(testClock.ms).toISOString(),
    });
    expect(await comments("conference", "1", 2)).toEqual(["third", "seeded"]);
    expect(await comments("journal", "1", 10)).toEqual([]);

    expect(await store.removeDemoFeedback()).toBe(2);
    expect(await comments("conference", "1", 10)).toEqual(["third", "first"]);
    expect(await ratings("conference", "1")).toMatchObject({ count: 1, average: 4 });
    expect(await store.removeDemoFeedback()).toBe(0);
  });

  it("reads a venue's counts, ratings and newest comments with their authors' names and profile flags", async () => {
    const store = await open();
    await store.createAccount(account("pub", "pub@example.org"));
    await store.createAccount({ ...account("noname", "noname@example.org"), name: null });
    await store.createAccount(account("private", "private@example.org"));
    await store.putProfile(profile("pub", { trackedConferences: ["4"], attendedConferences: ["4"] }));
    await store.putProfile(profile("noname", { trackedConferences: ["4"] }));
    await store.putProfile(profile("private", { public: false, trackedJournals: ["4"] }));
    await store.putRating({ kind: "conference", venueId: "4", userId: "pub", rating: 3, demo: false });
    const say = (userId: string, text: string, kind: VenueKind = "conference") =>
      store.addComment({ kind, venueId: "4", userId, text, demo: false });
    const first = await say("pub", "one");
    for (const [userId, text] of [
      ["private", "two"],
      ["gone", "three"],
      ["noname", "four"],
      ["pub", "five"],
    ] as const) {
      await say(userId, text);
    }
    await say("pub", "journal", "journal");

    const activity = await store.venueActivity("conference", "4", 4);
    expect(activity.counts).toEqual({ trackers: 2, attendees: 1 });
    expect(activity.ratings).toEqual({ count: 1, average: 3, histogram: [0, 0, 1, 0, 0] });
    // Newest first, the oldest past the limit left out; an author without an account has no name, no profile.
    expect(activity.comments.map((c) => [c.text, c.userId, c.author])).toEqual([
      ["five", "pub", { name: "Name pub", publicProfile: true }],
      ["four", "noname", { name: null, publicProfile: true }],
      ["three", "gone", { name: null, publicProfile: false }],
      ["two", "private", { name: "Name private", publicProfile: false }],
    ]);
    expect(activity.comments[0]).toMatchObject({ kind: "conference", venueId: "4", demo: false });
    const all = await store.venueActivity("conference", "4", 10);
    expect(all.comments.at(-1)).toEqual({ ...first, author: { name: "Name pub", publicProfile: true } });

    const journal = await store.venueActivity("journal", "4", 0);
    expect(journal).toEqual({
      counts: { trackers: 1, attendees: 0 },
      ratings: { count: 0, average: null, histogram: [0, 0, 0, 0, 0] },
      comments: [],
    });
    expect((await store.venueActivity("journal", "4", 10)).comments.map((c) => c.text)).toEqual(["journal"]);
    expect(await store.venueActivity("conference", "5", 10)).toEqual({
      counts: { trackers: 0, attendees: 0 },
      ratings: { count: 0, average: null, histogram: [0, 0, 0, 0, 0] },
      comments: [],
    });
  });

  it("remembers an account's login addresses for every connection: renewed, at most `max`, forgotten when expired", async () => {
    const [first, second] = [await open(), await open()];
    const ada = "ada@example.org";
    expect(await first.knowsLoginAddress(ada, "10.0.0.1")).toBe(false);
    await first.rememberLoginAddress(ada, "10.0.0.1", 3600, 2);
    expect(await second.knowsLoginAddress(ada, "10.0.0.1")).toBe(true);
    expect(await second.knowsLoginAddress(ada, "10.0.0.2")).toBe(false);
    expect(await second.knowsLoginAddress("bo@example.org", "10.0.0.1")).toBe(false);
    // 10.0.0.1 renewed after 10.0.0.2, so the third address pushes out 10.0.0.2, whose time runs out first.
    await passTime(10);
    await second.rememberLoginAddress(ada, "10.0.0.2", 3600, 2);
    await passTime(10);
    await first.rememberLoginAddress(ada, "10.0.0.1", 3600, 2);
    await passTime(10);
    await first.rememberLoginAddress(ada, "10.0.0.3", 3600, 2);
    const known = async (address: string) => second.knowsLoginAddress(ada, address);
    expect([await known("10.0.0.1"), await known("10.0.0.2"), await known("10.0.0.3")]).toEqual([
      true,
      false,
      true,
    ]);
    // An address whose time ran out is no longer known.
    await first.rememberLoginAddress("short@example.org", "10.0.0.9", 1, 2);
    expect(await second.knowsLoginAddress("short@example.org", "10.0.0.9")).toBe(true);
    await passTime(1500);
    expect(await second.knowsLoginAddress("short@example.org", "10.0.0.9")).toBe(false);
    expect(await second.knowsLoginAddress(ada, "10.0.0.1")).toBe(true);
  });

  it("keeps the first value of a setting when several processes initialise it at once", async () => {
    const [a, b] = [await open(), await open()];
    const values = await Promise.all([a.getOrInitSetting("s", "one"), b.getOrInitSetting("s", "two")]);
    expect(values[0]).toBe(values[1]);
    expect(await a.getOrInitSetting("s", "three")).toBe(values[0]);
  });

  it("keeps a watchlist across processes; replacing its venues never changes its edit secret", async () => {
    const first = await open();
    const expiresAt = new Date(testClock.ms + 86_400_000).toISOString();
    expect(await first.getWatchlist("w1")).toBeNull();
    await first.putWatchlist({
      id: "w1",
      secretHash: "hash-1",
      conferences: ["12", "7"],
      journals: [],
      updatedAt: "2026-11-26T10:00:00.000Z",
      expiresAt,
    });
    await first.putWatchlist({
      id: "w1",
      secretHash: "another-hash",
      conferences: ["12", "7", "40"],
      journals: ["3"],
      updatedAt: "2026-11-26T11:00:00.000Z",
      expiresAt,
    });
    const second = await open();
    const kept = await second.getWatchlist("w1");
    expect(kept).toMatchObject({
      id: "w1",
      secretHash: "hash-1",
      conferences: ["12", "7", "40"],
      journals: ["3"],
      updatedAt: "2026-11-26T11:00:00.000Z",
    });
    // Redis reads the expiry back from the key's TTL, to the millisecond or so.
    expect(Math.abs(Date.parse(kept?.expiresAt ?? "") - Date.parse(expiresAt))).toBeLessThan(1000);
  });

  it("forgets a watchlist once its expiry passes; a use moves it on, never back; the sweep removes it", async () => {
    const store = await open();
    const start = testClock.ms;
    const at = (ms: number) => new Date(start + ms).toISOString();
    const list = (id: string, expiresAt: string) => ({
      id,
      secretHash: `hash-${id}`,
      conferences: ["12"],
      journals: [],
      updatedAt: at(0),
      expiresAt,
    });
    await store.putWatchlist(list("short", at(300)));
    await store.putWatchlist(list("used", at(300)));
    await store.keepWatchlist("used", at(60_000));
    await store.keepWatchlist("used", at(1000));
    await store.keepWatchlist("never-made", at(60_000));
    expect(await store.getWatchlist("never-made")).toBeNull();

    await passTime(500);
    expect(await store.getWatchlist("short")).toBeNull();
    const used = await store.getWatchlist("used");
    expect(Math.abs(Date.parse(used?.expiresAt ?? "") - (start + 60_000))).toBeLessThan(1000);
    // An expired list is not brought back by a late use.
    await store.keepWatchlist("short", at(60_000));
    expect(await store.getWatchlist("short")).toBeNull();
    // SQLite deletes it in its sweep; Redis already has (the key's TTL).
    expect(await store.removeExpiredWatchlists()).toBe(store.backend === "file" ? 1 : 0);
    expect(await store.removeExpiredWatchlists()).toBe(0);
    expect(await store.getWatchlist("used")).not.toBeNull();
  });

  it("says how much room it takes", async () => {
    const store = await open();
    await store.getOrInitSetting("s", "a value");
    const use = await store.storageUse();
    expect(use.bytes).toBeGreaterThan(0);
    if (store.backend === "file") expect(use.maxBytes).toBeNull();
    else expect(use.maxBytes === null || use.maxBytes > 0).toBe(true);
  });
});
