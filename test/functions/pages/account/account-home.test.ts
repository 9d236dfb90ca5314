/**
 * The account page over real HTTP, on both stores: logged out, `/account/api-keys` is the log-in form (200) that
 * comes back to the keys; a key created there (shown once, only its hash stored) opens a detail endpoint and, once
 * revoked there, is refused 401; the profile (tracked venues hidden from the public profile, unknown ids refused
 * with the form refilled); a quota request recorded, listed by `npm run accounts -- quota-requests` and granted by
 * `set-quota`, the new limit in X-Quota-Limit / X-Quota-Remaining; export (no secrets) and delete (key 401, session
 * ended, profile 404); every form refused without its CSRF token, nothing lost.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashApiKey } from "../../../../accounts/auth/api-keys.ts";
import {
  type Backend,
  bearer,
  forEachStore,
  freshIp,
  newAccount,
  PASSWORD,
  startTestService,
  type TestService,
} from "../../../helpers/accounts-service.ts";
import { REPO_ROOT, runTs } from "../../../helpers/run-ts.ts";
import { BrowserSession } from "./browser-session.ts";

const CLI = join(REPO_ROOT, "scripts/accounts.ts");

/** A logged-in browser of a new verified account (which has one key made by the CLI's own code). */
async function loggedIn(service: TestService) {
  const account = await newAccount(service.store);
  const browser = new BrowserSession(service, freshIp());
  const login = await browser.submit("/account/login", {
    email: account.email,
    password: PASSWORD,
    next: "/account",
  });
  expect(login.status).toBe(303);
  return { account, browser };
}

/** The new key shown on the page, once. */
const shownKey = (html: string) => /<code id="new-key"[^>]*>(vd_[A-Za-z0-9_-]{43})<\/code>/.exec(html)?.[1];

forEachStore((backend: Backend) => {
  let service: TestService;
  let state: Record<string, string>;

  beforeAll(async () => {
    state = await backend.freshState();
    service = await startTestService(state);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  it("answers /account/api-keys logged out with the log-in form, which comes back to the keys", async () => {
    const account = await newAccount(service.store);
    const browser = new BrowserSession(service, freshIp());
    const page = await browser.get("/account/api-keys");
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="next" value="/account/api-keys"');
    expect(page.html).toContain('id="f-password"');
    const login = await browser.postFrom(page, "/account/login", {
      email: account.email,
      password: PASSWORD,
      next: "/account/api-keys",
    });
    expect(login.status).toBe(303);
    expect(login.res.headers.get("location")).toBe("/account/api-keys");
    const keys = await browser.get("/account/api-keys");
    expect(keys.status).toBe(200);
    expect(keys.html).toContain('id="api-keys"');
    expect(keys.html).toContain(account.email);
  });

  it("creates a key shown once, stores only its hash, and a revoked key answers 401 at once", async () => {
    const { account, browser } = await loggedIn(service);
    const home = await browser.get("/account");
    const unnamed = await browser.postFrom(home, "/account/api-keys", { label: "  " });
    expect(unnamed.status).toBe(400);
    expect(unnamed.html).toContain("give the key a name");

    const created = await browser.postFrom(home, "/account/api-keys", { label: "lab server" });
    expect(created.status).toBe(201);
    expect(created.res.headers.get("cache-control")).toBe("no-store");
    const key = shownKey(created.html);
    expect(key).toBeDefined();
    const stored = (await service.store.listApiKeys(account.id)).find((k) => k.label === "lab server");
    expect(stored?.hash).toBe(hashApiKey(key ?? ""));
    // Never shown again.
    const again = await browser.get("/account");
    expect(again.html).not.toContain(key);
    expect(again.html).toContain("lab server");

    const detail = await service.fetch("/api/conferences/101", { headers: bearer(key ?? "") });
    expect(detail.status).toBe(200);

    const revoked = await browser.postFrom(home, "/account/api-keys/revoke", { key_id: stored?.id ?? "" });
    expect(revoked.status).toBe(303);
    const after = await service.json("/api/conferences/101", { headers: bearer(key ?? "") });
    expect(after.res.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
    // Someone else's key id is not this account's to revoke.
    const other = await newAccount(service.store);
    const foreign = await browser.postFrom(home, "/account/api-keys/revoke", { key_id: other.keyId });
    expect(foreign.status).toBe(400);
    expect((await service.fetch("/api/conferences/101", { headers: bearer(other.key) })).status).toBe(200);
  });

  it("refuses every form without its CSRF token, the form refilled", async () => {
    const { account, browser } = await loggedIn(service);
    const profile = await browser.post("/account/profile", {
      cv: "Compilers and type systems.",
      track: "101",
    });
    expect(profile.status).toBe(403);
    expect(profile.html).toContain("Compilers and type systems.");
    const key = await browser.post("/account/api-keys", { csrf: "forged", label: "x" });
    expect(key.status).toBe(403);
    expect((await service.store.listApiKeys(account.id)).length).toBe(1);
    const crossSite = await browser.post(
      "/account/delete",
      { csrf: (await browser.get("/account")).csrf ?? "", confirm: account.email },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(await service.store.getAccount(account.id)).not.toBeNull();
  });

  it("saves the profile, hides tracked venues from the public profile, refuses unknown ids with the form refilled", async () => {
    const { account, browser } = await loggedIn(service);
    const home = await browser.get("/account");
    const bad = await browser.postFrom(home, "/account/profile", {
      public: "on",
      cv: "Distributed systems.",
      track: "101, 99999999",
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("no conference has the id 99999999");
    expect(bad.html).toContain("Distributed systems.");
    expect(bad.html).toContain('value="101, 99999999"');

    const saved = await browser.postFrom(home, "/account/profile", {
      public: "on",
      hide_tracked: "on",
      institution: "ETH",
      cv: "Distributed systems.",
      track: "101",
      attend: "101",
    });
    expect(saved.status).toBe(303);
    const reader = await newAccount(service.store);
    const { body } = await service.json(`/api/researchers/${account.id}`, { headers: bearer(reader.key) });
    expect(body.data.cv).toBe("Distributed systems.");
    expect(body.data.tracked_conferences).toEqual([]);
    expect(body.data.attended_conferences.map((c: { id: string }) => c.id)).toEqual(["101"]);
    // Still the account's watchlist.
    expect((await service.store.getProfile(account.id))?.trackedConferences).toEqual(["101"]);
    const page = await browser.get("/account?done=profile");
    expect(page.html).toContain("Your profile is saved.");
    expect(page.html).toMatch(/id="f-hide_tracked"[^>]*checked/);

    const hidden = await browser.postFrom(home, "/account/profile", { track: "101" });
    expect(hidden.status).toBe(303);
    const gone = await service.json(`/api/researchers/${account.id}`, { headers: bearer(reader.key) });
    expect(gone.res.status).toBe(404);
  });

  it("shows today's quota, records a request, and the CLI lists it and grants it", async () => {
    const { account, browser } = await loggedIn(service);
    const used = await service.fetch("/api/conferences/101", { headers: bearer(account.key) });
    const remaining = Number(used.headers.get("x-quota-remaining"));
    const home = await browser.get("/account");
    expect(home.html).toContain(`<strong>${remaining}</strong> left`);

    const bad = await browser.postFrom(home, "/account/quota-request", {
      requested: "lots",
      reason: "a survey",
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("give a whole number of requests a day");
    expect(bad.html).toContain("a survey");
    const asked = await browser.postFrom(home, "/account/quota-request", {
      requested: "5000",
      reason: "A survey of CCF-A deadlines for our lab.",
    });
    expect(asked.status).toBe(303);
    const twice = await browser.postFrom(home, "/account/quota-request", {
      requested: "6000",
      reason: "Asking once more, a second time.",
    });
    expect(twice.status).toBe(400);
    expect(twice.html).toContain("not answered yet");

    const env = { ...service.env, ...state };
    const listed = await runTs(CLI, ["quota-requests", "--open"], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const requests = JSON.parse(listed.stdout).requests as { email: string; requested: number }[];
    expect(requests.filter((r) => r.email === account.email)).toEqual([
      expect.objectContaining({ email: account.email, requested: 5000 }),
    ]);
    const granted = await runTs(CLI, ["set-quota", "--email", account.email, "--daily", "5000"], { env });
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ daily_quota: 5000, requests_answered: 1 });

    const next = await service.fetch("/api/conferences/101", { headers: bearer(account.key) });
    expect(next.headers.get("x-quota-limit")).toBe("5000");
    // Two requests counted so far; the instance's leased block may hold its unspent units as used.
    const left = Number(next.headers.get("x-quota-remaining"));
    expect(left).toBeGreaterThan(4000);
    expect(left).toBeLessThanOrEqual(4998 + 1);
    const page = await browser.get("/account");
    expect(page.html).toContain("granted 5000 a day");

    const usage = await runTs(CLI, ["set-quota", "--email", account.email, "--daily", "0"], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--daily");
  }, 60_000);

  it("exports the account's data without a secret, then deletes the account behind its confirmation", async () => {
    const { account, browser } = await loggedIn(service);
    const home = await browser.get("/account");
    const created = await browser.postFrom(home, "/account/api-keys", { label: "to delete" });
    const key = shownKey(created.html) ?? "";

    const exported = await browser.postFrom(home, "/account/export");
    expect(exported.status).toBe(200);
    expect(exported.res.headers.get("content-disposition")).toContain("attachment");
    expect(exported.res.headers.get("cache-control")).toBe("no-store");
    const data = JSON.parse(exported.html);
    expect(data.account.email).toBe(account.email);
    expect(data.api_keys.map((k: { label: string }) => k.label).sort()).toEqual(["tests", "to delete"]);
    expect(data).toHaveProperty("profile");
    expect(data).toHaveProperty("watchlist");
    expect(data).toHaveProperty("quota_requests");
    expect(exported.html).not.toMatch(/hash|salt|vd_[A-Za-z0-9_-]{43}/);

    const form = await browser.get("/account/delete");
    expect(form.status).toBe(200);
    const wrong = await browser.postFrom(form, "/account/delete", { confirm: "someone@example.org" });
    expect(wrong.status).toBe(400);
    expect(await service.store.getAccount(account.id)).not.toBeNull();
    const deleted = await browser.postFrom(form, "/account/delete", { confirm: account.email });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("Your account is deleted");

    for (const credential of [key, account.key]) {
      expect((await service.fetch("/api/conferences/101", { headers: bearer(credential) })).status).toBe(401);
    }
    expect(await service.store.getAccount(account.id)).toBeNull();
    expect(await service.store.getProfile(account.id)).toBeNull();
    // The session is over: the page is the log-in form again.
    const after = await browser.get("/account");
    expect(after.html).toContain('id="f-password"');
    const reader = await newAccount(service.store);
    const profile = await service.fetch(`/api/researchers/${account.id}`, { headers: bearer(reader.key) });
    expect(profile.status).toBe(404);
    const login = await service.json("/api/login", {
      method: "POST",
      ip: freshIp(),
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    expect(login.body.code).toBe(401);
  });
});
