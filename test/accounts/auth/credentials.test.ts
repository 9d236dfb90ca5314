import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../../accounts/auth/accounts.ts";
import { hashApiKey } from "../../../accounts/auth/api-keys.ts";
import { resolveCaller } from "../../../accounts/auth/credentials.ts";
import { jwtKey, signAccountJwt } from "../../../accounts/auth/jwt.ts";
import { mintPaidAccess } from "../../../accounts/auth/paid.ts";
import type { Caller } from "../../../read/caller.ts";
import { type TempStore, tempStore } from "../../helpers/temp-store.ts";
import { headers, PAID_KEY, testConfig } from "./helpers.ts";

const PATH = "/api/conferences/12";
const SOCKET = "198.51.100.20";
const config = testConfig();

let temp: TempStore;
let userId: string;
let liveKey: string;
let liveKeyId: string;
let revokedKey: string;
let token: string;

beforeAll(async () => {
  temp = tempStore();
  const user = await createUser(temp.store, { email: "ada@example.org", password: "correct horse battery" });
  userId = user.id;
  ({ key: liveKey, id: liveKeyId } = await createKey(temp.store, "ada@example.org", "live"));
  const revoked = await createKey(temp.store, "ada@example.org", "old");
  revokedKey = revoked.key;
  await temp.store.revokeApiKey(user.id, revoked.id);
  token = await signAccountJwt(user.id, await jwtKey(temp.store, config));
});
afterAll(() => temp.dispose());

const resolve = (h: Record<string, string>, path = PATH, now?: Date): Promise<Caller> =>
  resolveCaller({ headers: headers(h), path, ip: SOCKET }, temp.store, config, now);
const bearer = (credential: string) => ({ Authorization: `Bearer ${credential}` });
const invalid = (reason: string) => ({ kind: "invalid", reason, ip: SOCKET });

describe("resolveCaller", () => {
  it("is anonymous without an Authorization header", async () => {
    expect(await resolve({})).toEqual({ kind: "anonymous", ip: SOCKET });
  });

  it("resolves an API key to its account and key, and a login token to its account", async () => {
    expect(await resolve(bearer(liveKey))).toEqual({
      kind: "account",
      accountId: userId,
      keyId: liveKeyId,
      ip: SOCKET,
    });
    expect(await resolve({ authorization: `bearer   ${token}  ` })).toEqual({
      kind: "account",
      accountId: userId,
      keyId: null,
      ip: SOCKET,
    });
  });

  it("never downgrades a bad credential to anonymous", async () => {
    const key = await jwtKey(temp.store, config);
    const expired = await signAccountJwt(userId, key, new Date("2020-01-01T00:00:00Z"));
    const [h, p, s] = token.split(".");
    const claims = JSON.parse(Buffer.from(p ?? "", "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: "intruder" })).toString("base64url")}.${s}`;
    const flippedSignature = `${h}.${p}.${s?.startsWith("A") ? "B" : "A"}${s?.slice(1)}`;
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${p}.`;
    const ghost = await signAccountJwt("no-such-account", key);

    expect(await resolve(bearer(revokedKey))).toEqual(invalid("revoked_key"));
    expect(await resolve(bearer(`vd_${"A".repeat(43)}`))).toEqual(invalid("unknown_key"));
    expect(await resolve(bearer(expired))).toEqual(invalid("expired_token"));
    expect(await resolve(bearer(tampered))).toEqual(invalid("invalid_token"));
    expect(await resolve(bearer(flippedSignature))).toEqual(invalid("invalid_token"));
    expect(await resolve(bearer(none))).toEqual(invalid("invalid_token"));
    expect(await resolve(bearer(ghost))).toEqual(invalid("unknown_account"));
    expect(await resolve(bearer("not-a-credential"))).toEqual(invalid("malformed"));
    expect(await resolve({ Authorization: "Bearer" })).toEqual(invalid("malformed"));
    expect(await resolve({ Authorization: `Basic ${btoa("ada:pw")}` })).toEqual(
      invalid("unsupported_scheme"),
    );
    expect(await resolve({ Authorization: "" })).toEqual(invalid("unsupported_scheme"));
  });

  it("refuses a key whose account is not verified, as a login token of it", async () => {
    const key = `vd_${"B".repeat(43)}`;
    await temp.store.createAccount({
      id: "unverified",
      email: "new@example.org",
      name: null,
      institution: null,
      passwordHash: "x",
      passwordSalt: "y",
      verified: false,
      createdAt: "2025-03-01T00:00:00Z",
    });
    await temp.store.createApiKey({
      id: "k-unverified",
      accountId: "unverified",
      hash: hashApiKey(key),
      label: null,
      createdAt: "2025-03-01T00:00:00Z",
    });
    const tokenOfIt = await signAccountJwt("unverified", await jwtKey(temp.store, config));
    expect(await resolve(bearer(key))).toEqual(invalid("unknown_account"));
    expect(await resolve(bearer(tokenOfIt))).toEqual(invalid("unknown_account"));
  });

  it("treats a valid X-Paid-Access header as paid, even beside a bad bearer, and a bad one as absent", async () => {
    const mint = () => mintPaidAccess(PAID_KEY, { path: PATH, ttlSeconds: 60 });
    const paid = await mint();
    const otherPath = await mintPaidAccess(PAID_KEY, { path: "/api/journals/1", ttlSeconds: 60 });
    // The claim holds the token's single use until its paid answer is sent (edge/caller-quota.ts).
    const claimed = { kind: "paid", ip: SOCKET, claim: expect.any(String) };
    expect(await resolve({ "X-Paid-Access": paid })).toEqual(claimed);
    // Single use: the same token again pays for nothing while its claim stands.
    expect(await resolve({ "X-Paid-Access": paid })).toEqual({ kind: "anonymous", ip: SOCKET });
    expect(await resolve({ "X-Paid-Access": await mint(), ...bearer(revokedKey) })).toEqual(claimed);
    expect(await resolve({ "X-Paid-Access": otherPath })).toEqual({ kind: "anonymous", ip: SOCKET });
    expect(await resolve({ "X-Paid-Access": "forged", ...bearer(liveKey) })).toMatchObject({
      kind: "account",
    });
    expect(await resolve({ "X-Paid-Access": otherPath, ...bearer(revokedKey) })).toEqual(
      invalid("revoked_key"),
    );
    const disabled = await resolveCaller(
      { headers: headers({ "X-Paid-Access": paid }), path: PATH, ip: SOCKET },
      temp.store,
      testConfig({ paidAccessKey: null }),
    );
    expect(disabled.kind).toBe("anonymous");
  });

  it("reports the client address the edge resolved, whatever X-Forwarded-For says", async () => {
    // TRUST_PROXY is applied once, by the edge (clientIp); see test/runtime/client-ip.test.ts and test/functions/api.
    const request = {
      headers: headers({ "X-Forwarded-For": "6.6.6.6, 203.0.113.9", ...bearer(liveKey) }),
      path: PATH,
      ip: "203.0.113.9",
    };
    expect((await resolveCaller(request, temp.store, config)).ip).toBe("203.0.113.9");
    expect((await resolveCaller({ ...request, ip: SOCKET }, temp.store, config)).ip).toBe(SOCKET);
  });
});
