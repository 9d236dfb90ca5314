import { describe, expect, it } from "vitest";
import * as accounts from "../../../accounts/auth/accounts.ts";
import { hashApiKey } from "../../../accounts/auth/api-keys.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";

const temp = tempStorePerTest();

/** An account with a password long enough to be accepted: for the tests that are not about passwords. */
const newUser = (email: string, fields: { institution?: string } = {}) =>
  accounts.createUser(temp().store, { email, password: "long enough pw", ...fields });

const rejectsWith = (promise: Promise<unknown>, code: string) =>
  expect(promise).rejects.toSatisfy((e) => e instanceof accounts.AccountError && e.code === code);

describe("createUser", () => {
  it("creates a verified account with a normalised e-mail and a hashed password", async () => {
    const user = await accounts.createUser(temp().store, {
      email: "  Ada@Example.ORG ",
      password: "analytical-engine",
      name: "Ada Lovelace",
      institution: " ",
    });
    expect(user).toMatchObject({
      email: "ada@example.org",
      name: "Ada Lovelace",
      institution: null,
      verified: true,
    });
    expect(user).not.toHaveProperty("passwordHash");
    const stored = await temp().store.getAccount(user.id);
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain("analytical-engine");
  });

  it("refuses weak passwords, bad e-mails and duplicates", async () => {
    await rejectsWith(
      accounts.createUser(temp().store, { email: "a@example.org", password: "short" }),
      "invalid_input",
    );
    await rejectsWith(newUser("not-an-email"), "invalid_input");
    await newUser("a@example.org");
    await rejectsWith(newUser("A@example.org"), "duplicate_email");
  });
});

describe("API key administration", () => {
  it("shows a key once, stores only its hash, lists without it and revokes it", async () => {
    const user = await newUser("k@example.org");
    const created = await accounts.createKey(temp().store, "K@example.org", "laptop");
    expect(created).toMatchObject({ label: "laptop", revoked_at: null, usage_count: 0 });
    expect((await temp().store.findKeyCaller(hashApiKey(created.key)))?.accountId).toBe(user.id);

    const { key, ...view } = created;
    const listed = await accounts.listKeys(temp().store, "k@example.org");
    expect(listed).toEqual([view]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoked = await accounts.revokeKey(temp().store, "k@example.org", created.id);
    expect(revoked.revoked_at).not.toBeNull();
    await rejectsWith(accounts.revokeKey(temp().store, "k@example.org", "key_0000000000000000"), "not_found");
    await rejectsWith(accounts.createKey(temp().store, "nobody@example.org"), "not_found");
  });

  it("refuses keys for accounts whose e-mail is not verified", async () => {
    await temp().store.createAccount({
      id: "u1",
      email: "unverified@example.org",
      name: null,
      institution: null,
      passwordHash: "x",
      passwordSalt: "y",
      verified: false,
      createdAt: new Date().toISOString(),
    });
    await rejectsWith(accounts.createKey(temp().store, "unverified@example.org"), "unverified");
  });
});

describe("updateProfile", () => {
  it("starts public with the account's institution and changes only the fields given", async () => {
    const user = await newUser("p@example.org", { institution: "ETH" });
    const first = await accounts.updateProfile(temp().store, "p@example.org", {
      trackedConferences: ["1", "2"],
    });
    expect(first).toMatchObject({
      id: user.id,
      public: true,
      institution: "ETH",
      tracked_conferences: ["1", "2"],
    });

    const second = await accounts.updateProfile(temp().store, "p@example.org", {
      cv: "Works on compilers.",
      attendedConferences: ["2"],
      trackedJournals: ["7"],
    });
    expect(second).toMatchObject({
      public: true,
      institution: "ETH",
      cv: "Works on compilers.",
      tracked_conferences: ["1", "2"],
      tracked_journals: ["7"],
      attended_conferences: ["2"],
    });
    expect((await temp().store.venueActivity("conference", "2", 0)).counts).toEqual({
      trackers: 1,
      attendees: 1,
    });

    const cleared = await accounts.updateProfile(temp().store, "p@example.org", {
      cv: "",
      trackedConferences: [],
    });
    expect(cleared).toMatchObject({ cv: null, tracked_conferences: [], attended_conferences: ["2"] });
  });

  it("refuses venue ids that are not decimal digits and over-long text", async () => {
    await newUser("p@example.org");
    await rejectsWith(
      accounts.updateProfile(temp().store, "p@example.org", { trackedJournals: ["12a"] }),
      "invalid_input",
    );
    await rejectsWith(
      accounts.updateProfile(temp().store, "p@example.org", { cv: "x".repeat(20_001) }),
      "invalid_input",
    );
    await rejectsWith(accounts.updateProfile(temp().store, "q@example.org", { public: true }), "not_found");
  });
});
