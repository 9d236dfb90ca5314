import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../functions/auth/accounts.ts";
import { JWT_LIFETIME_SECONDS, jwtKey, verifyAccountJwt } from "../../functions/auth/jwt.ts";
import { FREE_FAILURES, login } from "../../functions/auth/login.ts";
import { hashPassword } from "../../functions/auth/passwords.ts";
import { type TempStore, tempStore, testConfig } from "./helpers.ts";

const config = testConfig();
let temp: TempStore;
let userId: string;

beforeAll(async () => {
  temp = tempStore();
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
afterAll(() => temp.dispose());

describe("login", () => {
  it("returns a Bearer token for the account, valid about six months", async () => {
    const result = await login(temp.store, config, " GRACE@example.org ", "hopper-1906-cobol");
    expect(result).toMatchObject({ token_type: "Bearer", expires_in: JWT_LIFETIME_SECONDS, user_id: userId });
    expect(await verifyAccountJwt(result?.token ?? "", await jwtKey(temp.store, config))).toEqual({
      accountId: userId,
    });
  });

  it("returns null for a wrong password, an unknown e-mail, an unverified account or an oversized password", async () => {
    expect(await login(temp.store, config, "grace@example.org", "hopper-1906-cobol!")).toBeNull();
    expect(await login(temp.store, config, "nobody@example.org", "hopper-1906-cobol")).toBeNull();
    expect(await login(temp.store, config, "new@example.org", "hopper-1906-cobol")).toBeNull();
    expect(await login(temp.store, config, "grace@example.org", "x".repeat(5000))).toBeNull();
  });

  it("backs off per account after repeated failures, even for the right password, and a success clears it", async () => {
    const email = "backoff@example.org";
    await createUser(temp.store, { email, password: "right-password-1234" });
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, seconds));
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(await login(temp.store, config, email, "wrong-password", at(0))).toBeNull();
    }
    // Inside the wait the right password is refused unchecked; after it, the account opens again.
    expect(await login(temp.store, config, email, "right-password-1234", at(0))).toBeNull();
    expect(await login(temp.store, config, email, "right-password-1234", at(2))).not.toBeNull();
    // The success cleared the count: four more failures cost no wait.
    for (let i = 0; i < FREE_FAILURES - 1; i++) await login(temp.store, config, email, "wrong", at(3));
    expect(await login(temp.store, config, email, "right-password-1234", at(3))).not.toBeNull();
  });

  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const time = async (email: string) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await login(temp.store, config, email, "not the password");
      return performance.now() - start;
    };
    const ratio = (await time("nobody@example.org")) / (await time("grace@example.org"));
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(3);
  });
});
