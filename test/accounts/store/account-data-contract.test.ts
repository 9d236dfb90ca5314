/**
 * What the account page needs of the store, one contract on the embedded SQLite store and a real Redis: a granted
 * daily quota read with the account and with its keys' caller, a profile that hides its tracked venues, quota
 * requests recorded, listed and granted, and an account deleted with its keys, profile (counts follow) and requests.
 */
import { expect, it } from "vitest";
import type { QuotaRequest } from "../../../accounts/store/types.ts";
import { storeContract } from "../../helpers/store-contract.ts";
import { account, keyOfA1, profile } from "./contract-backends.ts";

const request = (id: string, accountId: string, createdAt: string): QuotaRequest => ({
  id,
  accountId,
  email: `${accountId}@example.org`,
  requested: 1000,
  reason: "a survey of deadlines",
  createdAt,
  granted: null,
  grantedAt: null,
});

storeContract(({ open }) => {
  it("keeps a granted daily quota on the account and hands it with the key's caller", async () => {
    const store = await open();
    await store.createAccount(account("a1", "ada@example.org"));
    await store.createApiKey(keyOfA1("k1", "h1"));
    expect((await store.getAccount("a1"))?.dailyQuota).toBeUndefined();
    expect((await store.findKeyCaller("h1"))?.dailyQuota).toBeUndefined();
    expect(await store.setAccountQuota("a1", 5000)).toBe(true);
    expect((await store.getAccount("a1"))?.dailyQuota).toBe(5000);
    expect((await store.findKeyCaller("h1"))?.dailyQuota).toBe(5000);
    expect(await store.setAccountQuota("a1", null)).toBe(true);
    expect((await store.findKeyCaller("h1"))?.dailyQuota).toBeUndefined();
    expect(await store.setAccountQuota("missing", 10)).toBe(false);
    expect(await store.getAccount("missing")).toBeNull();
  });

  it("keeps whether a profile hides its tracked venues", async () => {
    const store = await open();
    await store.createAccount(account("a1", "ada@example.org"));
    await store.putProfile(profile("a1", { hideTracked: true }));
    expect((await store.getProfile("a1"))?.hideTracked).toBe(true);
    await store.putProfile(profile("a1", { hideTracked: false }));
    expect((await store.getProfile("a1"))?.hideTracked ?? false).toBe(false);
  });

  it("records quota requests, lists them oldest first, grants an account's open ones", async () => {
    const store = await open();
    await store.addQuotaRequest(request("q2", "a2", "2025-03-10T12:00:02.000Z"));
    await store.addQuotaRequest(request("q1", "a1", "2025-03-10T12:00:01.000Z"));
    expect((await store.listQuotaRequests()).map((r) => r.id)).toEqual(["q1", "q2"]);
    expect(await store.listQuotaRequests("a1")).toEqual([request("q1", "a1", "2025-03-10T12:00:01.000Z")]);
    expect(await store.grantQuotaRequests("a1", 2000, "2025-03-11T00:00:00.000Z")).toBe(1);
    expect(await store.grantQuotaRequests("a1", 3000, "2025-03-12T00:00:00.000Z")).toBe(0);
    expect((await store.listQuotaRequests("a1"))[0]).toMatchObject({
      granted: 2000,
      grantedAt: "2025-03-11T00:00:00.000Z",
    });
    expect((await store.listQuotaRequests("a2"))[0]?.granted).toBeNull();
  });

  it("deletes an account with its e-mail's claim, keys, profile (counts follow) and quota requests", async () => {
    const store = await open();
    await store.createAccount(account("a1", "ada@example.org"));
    await store.createAccount(account("a2", "bob@example.org"));
    await store.createApiKey(keyOfA1("k1", "h1"));
    await store.putProfile(profile("a1", { trackedConferences: ["406"], attendedConferences: ["406"] }));
    await store.putProfile(profile("a2", { trackedConferences: ["406"] }));
    await store.addQuotaRequest(request("q1", "a1", "2025-03-10T12:00:01.000Z"));
    await store.addQuotaRequest(request("q2", "a2", "2025-03-10T12:00:02.000Z"));
    expect((await store.venueCounts("conference")).get("406")).toEqual({ trackers: 2, attendees: 1 });

    expect(await store.deleteAccount("a1")).toBe(true);
    expect(await store.deleteAccount("a1")).toBe(false);
    expect(await store.getAccount("a1")).toBeNull();
    expect(await store.findAccountByEmail("ada@example.org")).toBeNull();
    expect(await store.findKeyCaller("h1")).toBeNull();
    expect(await store.listApiKeys("a1")).toEqual([]);
    expect(await store.getProfile("a1")).toBeNull();
    expect((await store.venueCounts("conference")).get("406")).toEqual({ trackers: 1, attendees: 0 });
    expect((await store.listQuotaRequests()).map((r) => r.id)).toEqual(["q2"]);
    // The address is free again; the other account is untouched.
    await store.createAccount(account("a3", "ada@example.org"));
    expect((await store.getAccount("a2"))?.email).toBe("bob@example.org");
  });
});
