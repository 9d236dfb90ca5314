/**
 * Sessions, single-use links and the account updates of sign-up and password reset: one contract, the embedded
 * SQLite store and a real Redis.
 */
import { expect, it } from "vitest";
import { storeContract } from "../../helpers/store-contract.ts";
import { account, at } from "./contract-backends.ts";

storeContract(({ open, passTime }) => {
  it("keeps a session until it expires, is deleted, or its account's sessions all end", async () => {
    const store = await open();
    await store.createSession({ id: "s1", accountId: "a1", createdAt: at(0), expiresAt: at(60_000) });
    await store.createSession({ id: "s2", accountId: "a1", createdAt: at(0), expiresAt: at(60_000) });
    await store.createSession({ id: "s3", accountId: "a2", createdAt: at(0), expiresAt: at(1_000) });
    expect(await store.getSession("s1")).toMatchObject({ id: "s1", accountId: "a1", createdAt: at(0) });
    expect(await store.getSession("nope")).toBeNull();
    await store.deleteSession("s1");
    expect(await store.getSession("s1")).toBeNull();
    expect(await store.deleteAccountSessions("a1")).toBe(1);
    expect(await store.getSession("s2")).toBeNull();
    expect(await store.deleteAccountSessions("a1")).toBe(0);
    await passTime(1_100);
    expect(await store.getSession("s3")).toBeNull();
  });

  it("gives a single-use token once, to its purpose only, and never after it expires", async () => {
    const store = await open();
    const token = {
      hash: "h1",
      purpose: "verify" as const,
      accountId: "a1",
      createdAt: at(0),
      expiresAt: at(60_000),
    };
    await store.putOneTimeToken(token);
    expect(await store.takeOneTimeToken("h1", "reset")).toBeNull();
    const other = await open();
    const taken = await Promise.all([
      store.takeOneTimeToken("h1", "verify"),
      other.takeOneTimeToken("h1", "verify"),
    ]);
    expect(taken.filter((t) => t !== null)).toEqual([token]);
    expect(await store.takeOneTimeToken("h1", "verify")).toBeNull();
    await store.putOneTimeToken({ ...token, hash: "h2", expiresAt: at(1_000) });
    await passTime(1_100);
    expect(await store.takeOneTimeToken("h2", "verify")).toBeNull();
  });

  it("confirms an account and replaces its password with the instant earlier credentials end", async () => {
    const store = await open();
    await store.createAccount({ ...account("a1", "ada@example.org"), verified: false });
    expect((await store.getAccount("a1"))?.credentialsValidAfter).toBeUndefined();
    expect(await store.markAccountVerified("a1")).toBe(true);
    expect(await store.markAccountVerified("missing")).toBe(false);
    expect(await store.setAccountPassword("a1", { hash: "new-hash", salt: "new-salt" }, at(5))).toBe(true);
    expect(await store.setAccountPassword("missing", { hash: "x", salt: "y" }, at(5))).toBe(false);
    expect(await store.findAccountByEmail("ada@example.org")).toMatchObject({
      verified: true,
      passwordHash: "new-hash",
      passwordSalt: "new-salt",
      credentialsValidAfter: at(5),
    });
    expect(await store.getAccount("missing")).toBeNull();
  });
});
