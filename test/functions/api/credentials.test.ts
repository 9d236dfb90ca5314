/**
 * Credentials over real HTTP, against both stores: login, API keys and login tokens, what makes a credential
 * invalid (always 401, never anonymous), paid access, and the accounts CLI acting on a running server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuthConfig } from "../../../accounts/auth/config.ts";
import { jwtKey, signAccountJwt } from "../../../accounts/auth/jwt.ts";
import { mintPaidAccess } from "../../../accounts/auth/paid.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import {
  bearer,
  forEachStore,
  freshIp,
  newAccount,
  PAID_KEY,
  PASSWORD,
  startTestService,
  type TestService,
} from "../../helpers/accounts-service.ts";
import { runTs } from "../../helpers/run-ts.ts";

const KEYED_REQUESTS = 40;

forEachStore((backend) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(await backend.freshState());
  });
  afterAll(() => svc.close());

  const login = (body: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) =>
    svc.json("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json", ...init.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ip: init.ip ?? freshIp(),
    });

  describe("POST /api/login", () => {
    it("returns a Bearer JWT for six months, and the token opens the detail endpoints", async () => {
      const account = await newAccount(svc.store);
      const { res, body } = await login({ email: account.email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(body.code).toBe(200);
      expect(body.data).toEqual({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        token_type: "Bearer",
        expires_in: 15_552_000,
        user_id: account.id,
      });
      const detail = await svc.json("/api/conferences/101", { headers: bearer(body.data.token) });
      expect(detail.res.status).toBe(200);
      expect(detail.body.data.id).toBe("101");
    });

    it("answers wrong credentials with HTTP 200 / code 401, the same for every failure", async () => {
      const account = await newAccount(svc.store);
      await svc.store.createAccount({
        id: "unverified1",
        email: "unverified@example.org",
        name: null,
        institution: null,
        passwordHash: (await svc.store.getAccount(account.id))?.passwordHash ?? "",
        passwordSalt: (await svc.store.getAccount(account.id))?.passwordSalt ?? "",
        verified: false,
        createdAt: svc.clock.now.toISOString(),
      });
      const failures = [
        { email: account.email, password: "wrong password!" },
        { email: "nobody@example.org", password: PASSWORD },
        // Same hash and salt as the verified account, so only the missing verification refuses it.
        { email: "unverified@example.org", password: PASSWORD },
      ];
      const messages = new Set<string>();
      for (const credentials of failures) {
        const { res, body } = await login(credentials);
        expect(res.status, credentials.email).toBe(200);
        expect(body, credentials.email).toMatchObject({ code: 401, data: null });
        messages.add(body.message);
      }
      expect(messages.size).toBe(1);
    });

    it("answers malformed bodies with HTTP 200 / code 400", async () => {
      for (const body of ["{not json", "", JSON.stringify({ email: "x@example.org" }), JSON.stringify([1])]) {
        const answer = await login(body);
        expect(answer.res.status, body).toBe(200);
        expect(answer.body.code, body).toBe(400);
      }
    });

    it("never charges the caller's anonymous allowance, so a used-up quota cannot lock anyone out of signing in", async () => {
      const ip = freshIp();
      const first = await login({ email: "nobody@example.org", password: "guess number one" }, { ip });
      const second = await login({ email: "nobody@example.org", password: "guess number two" }, { ip });
      const limit = Number(first.res.headers.get("x-quota-limit"));
      expect(limit).toBeGreaterThan(0);
      expect(Number(first.res.headers.get("x-quota-remaining"))).toBe(limit);
      expect(Number(second.res.headers.get("x-quota-remaining"))).toBe(limit);
    });

    it("refuses an invalid credential sent along with the login with 401", async () => {
      const { res } = await login(
        { email: "nobody@example.org", password: PASSWORD },
        { headers: bearer(`vd_${"x".repeat(43)}`) },
      );
      expect(res.status).toBe(401);
    });
  });

  describe("API keys and login tokens", () => {
    it("share one account quota, while each key keeps its own usage count", async () => {
      const account = await newAccount(svc.store);
      const token = (await login({ email: account.email, password: PASSWORD })).body.data.token as string;
      const remaining: number[] = [];
      for (const credential of [account.key, token, account.key, token, account.key]) {
        const res = await svc.fetch("/api/conferences/101", { headers: bearer(credential) });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        remaining.push(Number(res.headers.get("x-quota-remaining")));
      }
      const limit = readAuthConfig({}).accountDailyQuota;
      expect(remaining).toEqual([1, 2, 3, 4, 5].map((n) => limit - n));
      // Key uses are written in batches (every 0.1 s).
      await expect.poll(async () => (await svc.store.listApiKeys(account.id))[0]?.usageCount).toBe(3);
    });

    it("count every answered request of a key: once the server stops, its usage count is exactly that", async () => {
      const account = await newAccount(svc.store);
      const statuses = await Promise.all(
        Array.from({ length: KEYED_REQUESTS }, async () => {
          const res = await svc.fetch("/api/conferences/101", { headers: bearer(account.key) });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses).toEqual(Array(KEYED_REQUESTS).fill(200));
      await svc.restart();
      expect((await svc.store.listApiKeys(account.id))[0]).toMatchObject({
        usageCount: KEYED_REQUESTS,
        lastUsedAt: svc.clock.now.toISOString(),
      });
    });

    it("refuses a revoked key, an expired, tampered or unsigned token with 401 on every endpoint", async () => {
      const account = await newAccount(svc.store);
      const revoked = await newAccount(svc.store);
      await svc.store.revokeApiKey(revoked.id, revoked.keyId);
      const key = await jwtKey(svc.store, readAuthConfig(svc.env));
      const expired = await signAccountJwt(account.id, key, new Date(svc.clock.now.getTime() - 181 * DAY_MS));
      const valid = await signAccountJwt(account.id, key, svc.clock.now);
      const [header, payload, signature = ""] = valid.split(".");
      const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
      const otherSub = Buffer.from(JSON.stringify({ ...claims, sub: revoked.id })).toString("base64url");
      const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
      const cases: [string, string, RegExp][] = [
        ["revoked key", revoked.key, /revoked/],
        ["expired token", expired, /expired/],
        ["tampered claims", `${header}.${otherSub}.${signature}`, /invalid/],
        [
          "tampered signature",
          `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
          /invalid/,
        ],
        ["alg none", `${none}.${payload}.`, /invalid/],
        ["unknown key", `vd_${"Q".repeat(43)}`, /unknown API key/],
      ];
      // The valid token works, so the refusals below are about the changes alone.
      expect((await svc.fetch("/api/conferences/101", { headers: bearer(valid) })).status).toBe(200);
      for (const [label, credential, reason] of cases) {
        for (const path of ["/api/conferences/101", "/api/statistics", "/api/conferences?query=icml"]) {
          const ip = freshIp();
          const { res, body } = await svc.json(path, { headers: bearer(credential), ip });
          expect(res.status, `${label} ${path}`).toBe(401);
          expect(body.code, label).toBe(401);
          expect(body.message, label).toMatch(reason);
          // Not counted: the headers show the untouched anonymous allowance of the client address.
          expect(res.headers.get("x-quota-remaining"), label).toBe(res.headers.get("x-quota-limit"));
        }
      }
    });
  });

  describe("paid access (X-Paid-Access)", () => {
    const paid = (path: string, key = PAID_KEY) =>
      mintPaidAccess(key, { path, ttlSeconds: 120, now: svc.clock.now });

    it("a valid header opens the detail with the website, uncounted", async () => {
      const ip = freshIp();
      const { res, body } = await svc.json("/api/conferences/101", {
        headers: { "x-paid-access": await paid("/api/conferences/101") },
        ip,
      });
      expect(res.status).toBe(200);
      expect(body.data).toHaveProperty("website");
      expect(res.headers.get("x-quota-remaining")).toBe(res.headers.get("x-quota-limit"));
      const free = await svc.json("/api/conferences/101", {
        headers: bearer((await newAccount(svc.store)).key),
      });
      expect(free.body.data).not.toHaveProperty("website");
    });

    it("a forged header or one for another path is ignored: 401 on a detail without another credential", async () => {
      for (const header of [
        await paid("/api/conferences/101", "another-key-that-is-long-enough-0123456789"),
        await paid("/api/conferences/102"),
        "not.a.token",
      ]) {
        const { res, body } = await svc.json("/api/conferences/101", {
          headers: { "x-paid-access": header },
        });
        expect(res.status).toBe(401);
        expect(body.code).toBe(401);
        // Ignored, not refused: a free endpoint answers as for an anonymous caller.
        expect((await svc.fetch("/api/statistics", { headers: { "x-paid-access": header } })).status).toBe(
          200,
        );
      }
    });
  });

  describe("accounts CLI against the running server", () => {
    it("a key created with the CLI works at once, and stops at once when revoked", async () => {
      const account = await newAccount(svc.store);
      const cli = async (args: string[]) => {
        const run = await runTs("scripts/accounts.ts", args, { env: svc.env });
        expect(run.code, run.stderr).toBe(0);
        return JSON.parse(run.stdout);
      };
      const created = await cli(["create-key", "--email", account.email, "--label", "cli"]);
      expect((await svc.fetch("/api/journals/201", { headers: bearer(created.key) })).status).toBe(200);
      await cli(["revoke-key", "--email", account.email, "--key-id", created.id]);
      const { res, body } = await svc.json("/api/journals/201", { headers: bearer(created.key) });
      expect(res.status).toBe(401);
      expect(body.message).toMatch(/revoked/);
    });
  });
});
