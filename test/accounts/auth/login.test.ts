import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../accounts/auth/accounts.ts";
import { JWT_LIFETIME_SECONDS, jwtKey, verifyAccountJwt } from "../../../accounts/auth/jwt.ts";
import { createLogin, type Login } from "../../../accounts/auth/login.ts";
import { ACCOUNT_FREE_FAILURES, FREE_FAILURES } from "../../../accounts/auth/login-limits.ts";
import { hashPassword } from "../../../accounts/auth/passwords.ts";
import { type TempStore, tempStore } from "../../helpers/temp-store.ts";
import { testConfig } from "./helpers.ts";

const config = testConfig();
let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
let temp: TempStore;
let userId: string;
const logins: Login[] = [];
/** A login service on the test store; generous address limits unless the test is about them. */
const loginOf = (limits = { perSecond: 1000, failuresPerHour: 1000 }, hashing = { threads: 1, queue: 8 }) => {
  const service = createLogin(temp.store, config, { limits, hashing }, () => new Date(clock));
  logins.push(service);
  return service;
};
let service: Login;
const attempt = (email: string, password: string, ip = "192.0.2.1") => service.login(email, password, { ip });

beforeAll(async () => {
  temp = tempStore(() => clock);
  service = loginOf();
  userId = (await createUser(temp.store, { email: "Grace@Example.org", password: "hopper-1906-cobol" })).id;
  // An account whose address was never verified cannot log in, even with the right password.
  const { hash, salt } = await hashPassword("hopper-1906-cobol");
  await temp.store.createAccount({
    id: "unverified",
    email: "new@example.org",
    name: null,
    institution: null,
    passwordHash: hash,
    passwordSalt: salt,
    verified: false,
    createdAt: new Date().toISOString(),
  });
});
afterAll(async () => {
  await Promise.all(logins.map((l) => l.close()));
  await temp.dispose();
});

describe("login", () => {
  it("returns a Bearer token for the account, valid about six months", async () => {
    const result = await attempt(" GRACE@example.org ", "hopper-1906-cobol");
    expect(result).toMatchObject({ token_type: "Bearer", expires_in: JWT_LIFETIME_SECONDS, user_id: userId });
    const token = result && "token" in result ? result.token : "";
    expect(await verifyAccountJwt(token, await jwtKey(temp.store, config))).toEqual({ accountId: userId });
  });

  it("returns null for a wrong password, an unknown e-mail, an unverified account or an oversized password", async () => {
    expect(await attempt("grace@example.org", "hopper-1906-cobol!")).toBeNull();
    expect(await attempt("nobody@example.org", "hopper-1906-cobol")).toBeNull();
    expect(await attempt("new@example.org", "hopper-1906-cobol")).toBeNull();
    expect(await attempt("grace@example.org", "x".repeat(5000))).toBeNull();
  });

  // Before: 5 failures on an e-mail from anywhere held every attempt on it, the owner's too, wherever it came from.
  it("backs off one address on one account after its own failures, for every instance; the owner elsewhere gets in", async () => {
    const email = "backoff@example.org";
    await createUser(temp.store, { email, password: "right-password-1234" });
    // A second instance (its own process memory) on the same store.
    const other = loginOf();
    for (let i = 0; i < FREE_FAILURES; i++)
      expect(await attempt(email, "wrong-password", "192.0.2.10")).toBeNull();
    // Inside the wait that address's right password is refused unchecked, on the other instance too ...
    expect(await other.login(email, "right-password-1234", { ip: "192.0.2.10" })).toBeNull();
    // ... while an address that never failed is checked, at its first try.
    expect(await other.login(email, "right-password-1234", { ip: "198.51.100.1" })).not.toBeNull();
    clock += 2000;
    expect(await other.login(email, "right-password-1234", { ip: "192.0.2.10" })).not.toBeNull();
    // The success cleared that address's count: four more failures cost no wait.
    for (let i = 0; i < FREE_FAILURES - 1; i++) await attempt(email, "wrong", "192.0.2.10");
    expect(await attempt(email, "right-password-1234", "192.0.2.10")).not.toBeNull();
  });

  it("lets one address guess at any rate without ever holding the owner, from a known or a fresh address", async () => {
    const email = "victim@example.org";
    await createUser(temp.store, { email, password: "victim-password-1234" });
    expect(await attempt(email, "victim-password-1234", "198.51.100.20")).not.toBeNull();
    for (let i = 0; i < 200; i++) {
      await attempt(email, `guess ${i}`, "203.0.113.66");
      clock += 500;
    }
    expect(await attempt(email, "victim-password-1234", "198.51.100.20")).not.toBeNull();
    expect(await attempt(email, "victim-password-1234", "198.51.100.21")).not.toBeNull();
  });

  it("holds addresses new to the account once several addresses guess, never one that logged in to it before", async () => {
    const email = "spread@example.org";
    await createUser(temp.store, { email, password: "spread-password-1234" });
    expect(await attempt(email, "spread-password-1234", "198.51.100.30")).not.toBeNull();
    const guessers = ["203.0.113.1", "203.0.113.2"];
    for (const ip of guessers) for (let i = 0; i < FREE_FAILURES; i++) await attempt(email, "guess", ip);
    // 2 × FREE_FAILURES from two addresses: a fresh address now waits out the account-wide back-off ...
    expect(ACCOUNT_FREE_FAILURES).toBe(2 * FREE_FAILURES);
    expect(await attempt(email, "spread-password-1234", "198.51.100.31")).toBeNull();
    // ... a known one does not, and its success leaves the others' failures counted.
    expect(await attempt(email, "spread-password-1234", "198.51.100.30")).not.toBeNull();
    expect(await attempt(email, "spread-password-1234", "198.51.100.31")).toBeNull();
    clock += 2000;
    expect(await attempt(email, "spread-password-1234", "198.51.100.31")).not.toBeNull();
  });

  it("counts refused attempts against the sending address, whatever the account", async () => {
    const strict = loginOf({ perSecond: 1000, failuresPerHour: FREE_FAILURES + 3 });
    const ip = "203.0.113.90";
    for (let i = 0; i < FREE_FAILURES; i++)
      expect(await strict.login("grace@example.org", "guess", { ip })).toBeNull();
    // Held unchecked now, and each refusal counts: three fill the hour.
    for (let i = 0; i < 3; i++) expect(await strict.login("grace@example.org", "guess", { ip })).toBeNull();
    expect(await strict.login("someone-else@example.org", "guess", { ip })).toMatchObject({
      retryAfterSeconds: 3600,
    });
  });

  it("answers an address over its per-second or hourly limit with a retry time, before any hashing", async () => {
    const strict = loginOf({ perSecond: 1, failuresPerHour: 4 });
    // All at once, so the bucket cannot refill in between; the last spells the address as IPv4-mapped IPv6.
    const ips = ["203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.7", "::ffff:203.0.113.7"];
    const outcomes = await Promise.all(ips.map((ip) => strict.login("nobody@example.org", "guess", { ip })));
    // A burst of 3 (BURST_SECONDS at 1 a second), then a wait of a second, for both spellings.
    expect(outcomes.slice(0, 3)).toEqual([null, null, null]);
    expect(outcomes.slice(3)).toMatchObject([{ retryAfterSeconds: 1 }, { retryAfterSeconds: 1 }]);
    // The fourth failure within the hour closes the address for the hour, on every instance.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await strict.login("nobody@example.org", "guess", { ip: "203.0.113.7" })).toBeNull();
    const fresh = loginOf({ perSecond: 1, failuresPerHour: 4 });
    expect(await fresh.login("grace@example.org", "hopper-1906-cobol", { ip: "203.0.113.7" })).toMatchObject({
      retryAfterSeconds: 3600,
    });
    expect(await fresh.login("grace@example.org", "hopper-1906-cobol", { ip: "203.0.113.8" })).toMatchObject({
      user_id: userId,
    });
  });

  it("refuses at once with a retry time when every hashing thread is busy and the queue is full", async () => {
    const small = loginOf(undefined, { threads: 1, queue: 1 });
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        small.login(`flood${i}@example.org`, "guess", { ip: `192.0.2.${50 + i}` }),
      ),
    );
    expect(outcomes.filter((o) => o === null).length).toBeGreaterThanOrEqual(2);
    expect(outcomes.filter((o) => o !== null)).toContainEqual({
      retryAfterSeconds: 1,
      reason: "login is busy",
    });
  });

  it("hashes a login from an address the account knows ahead of a full queue of others' guesses", async () => {
    const small = loginOf(undefined, { threads: 1, queue: 1 });
    expect(
      await small.login("grace@example.org", "hopper-1906-cobol", { ip: "198.51.100.40" }),
    ).not.toBeNull();
    const guesses = Array.from({ length: 6 }, (_, i) =>
      small.login(`queue${i}@example.org`, "guess", { ip: `192.0.2.${120 + i}` }),
    );
    // Once the guesses fill the thread and the queue, the owner's attempt is hashed, not refused as busy.
    await new Promise((r) => setTimeout(r, 20));
    const owner = await small.login("grace@example.org", "hopper-1906-cobol", { ip: "198.51.100.40" });
    expect(await Promise.all(guesses)).toContainEqual({ retryAfterSeconds: 1, reason: "login is busy" });
    expect(owner).toMatchObject({ user_id: userId });
  });

  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const time = async (email: string) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await attempt(email, "not the password", "192.0.2.99");
      return performance.now() - start;
    };
    const ratio = (await time("nobody-else@example.org")) / (await time("grace@example.org"));
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(3);
  });
});
