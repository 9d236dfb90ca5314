import { SignJWT } from "jose";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  JWT_AUDIENCE,
  JWT_ISSUER,
  JWT_LIFETIME_SECONDS,
  jwtKey,
  signAccountJwt,
  verifyAccountJwt,
} from "../../../accounts/auth/jwt.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import { tempStore } from "../../helpers/temp-store.ts";

const key = new TextEncoder().encode("a-test-secret-that-is-long-enough-000");
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const nowSeconds = () => Math.floor(Date.now() / 1000);
const validClaims = () => ({
  sub: "acct1",
  iss: JWT_ISSUER,
  aud: JWT_AUDIENCE,
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
});

describe("account JWTs", () => {
  it("carry sub, iss, aud and a six-month expiry, and verify", async () => {
    const now = new Date("2025-03-10T12:00:00Z");
    const token = await signAccountJwt("acct1", key, now);
    const [header, payload] = token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({ sub: "acct1", iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(payload.exp - payload.iat).toBe(JWT_LIFETIME_SECONDS);
    expect(JWT_LIFETIME_SECONDS).toBe(15_552_000);
    expect(await verifyAccountJwt(token, key, now)).toEqual({ accountId: "acct1" });
  });

  it("expire after about six months", async () => {
    const issued = new Date("2025-01-01T00:00:00Z");
    const token = await signAccountJwt("acct1", key, issued);
    const justBefore = new Date(issued.getTime() + (JWT_LIFETIME_SECONDS - 60) * 1000);
    const after = new Date(issued.getTime() + (JWT_LIFETIME_SECONDS + 1) * 1000);
    expect(await verifyAccountJwt(token, key, justBefore)).toEqual({ accountId: "acct1" });
    expect(await verifyAccountJwt(token, key, after)).toEqual({ error: "expired" });
  });

  it('refuse alg "none", other algorithms, tampered payloads, other keys and foreign issuers or audiences', async () => {
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64(validClaims())}.`;
    const hs512 = await new SignJWT(validClaims()).setProtectedHeader({ alg: "HS512" }).sign(key);
    const token = await signAccountJwt("acct1", key);
    const [h, , s] = token.split(".");
    const tampered = `${h}.${b64({ ...validClaims(), sub: "someone-else" })}.${s}`;
    const otherKey = await signAccountJwt(
      "acct1",
      new TextEncoder().encode("another-secret-of-sufficient-size!!"),
    );
    const foreignIssuer = await new SignJWT({ ...validClaims(), iss: "elsewhere" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(key);
    const foreignAudience = await new SignJWT({ ...validClaims(), aud: "other-api" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(key);
    const noSubject = await new SignJWT({ ...validClaims(), sub: undefined })
      .setProtectedHeader({ alg: "HS256" })
      .sign(key);
    for (const bad of [
      unsigned,
      hs512,
      tampered,
      otherKey,
      foreignIssuer,
      foreignAudience,
      noSubject,
      "a.b.c",
    ]) {
      expect(await verifyAccountJwt(bad, key)).toEqual({ error: "invalid" });
    }
  });

  it("use JWT_SECRET when set, else one generated secret shared through the store", async () => {
    const temp = tempStore();
    onTestFinished(() => temp.dispose());
    const fromEnv = await jwtKey(temp.store, { jwtSecret: "x".repeat(32) });
    expect(new TextDecoder().decode(fromEnv)).toBe("x".repeat(32));

    const generated = await jwtKey(temp.store, { jwtSecret: null });
    expect(generated.length).toBeGreaterThanOrEqual(32);
    const otherProcess = new SqliteStore({ dir: temp.dir });
    const token = await signAccountJwt("acct1", generated);
    expect(await verifyAccountJwt(token, await jwtKey(otherProcess, { jwtSecret: null }))).toEqual({
      accountId: "acct1",
    });
    await otherProcess.close();
  });
});
