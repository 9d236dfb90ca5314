/**
 * Watchlists over real HTTP, on a site built from the fixture and a real state store: a stored watchlist keeps
 * its subscription address when venues are added (`POST /watchlists`, then `PUT` with the edit secret), its
 * page shows each venue's next submission with its date, a wrong secret or bad input is refused with a clear
 * status; the calendars parse in node-ical and hold exactly the watched conferences' deadlines, as the
 * all-deadlines feed lists them; bad and unknown ids of `/calendar/watch.ics?ids=…` are skipped. An account's
 * tracked venues are its watchlist: `GET /watchlists/account` with its API key answers one address that stays
 * the same as the account tracks more venues, its token is read from the store once (again only after a failed
 * read) however often its calendar is polled, and a guessed address is a 404.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountAccess } from "../../../accounts/auth/access.ts";
import { createKey, createUser, updateProfile } from "../../../accounts/auth/accounts.ts";
import { readAuthConfig } from "../../../accounts/auth/config.ts";
import { KeyUses } from "../../../accounts/store/key-uses.ts";
import { QuotaLeases } from "../../../accounts/store/quota-leases.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import type { RunningServer } from "../../../functions/app.ts";
import { callerWatched } from "../../../functions/pages/account-watchlist.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { type BuiltSite, buildSite, serveSite } from "../../src/build-site.ts";
import { BASE_URL, BUILD_NOW, fixtureSnapshot } from "../../src/fixture.ts";

let site: BuiltSite;
let server: RunningServer;
let store: SqliteStore;
let keyUses: KeyUses;

beforeAll(async () => {
  site = await buildSite("watchlist", fixtureSnapshot(), { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL });
  store = await SqliteStore.open({ dir: join(site.root, "state") });
  // Real credentials over the same store: API keys the accounts CLI makes are the ones the server checks.
  const leases = new QuotaLeases(store, silentLogger, { units: 100, lifeMs: 60_000, idleMs: 1000 });
  keyUses = new KeyUses(store, silentLogger);
  const access = createAccountAccess(store, readAuthConfig({}), { settle: async () => {} }, leases, keyUses);
  server = await serveSite(site, BASE_URL, {}, { watchlistStore: store, access });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await keyUses?.close();
  await store?.close();
  if (site) await rm(site.root, { recursive: true, force: true });
});

const send = (path: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function events(path: string): Promise<{ status: number; type: string | null; uids: string[] }> {
  const res = await fetch(`${server.url}${path}`);
  const parsed = ical.sync.parseICS(await res.text());
  const uids = Object.values(parsed)
    .filter((c) => c?.type === "VEVENT")
    .map((c) => String((c as { uid: string }).uid))
    .sort();
  return { status: res.status, type: res.headers.get("content-type"), uids };
}

describe("stored watchlist", () => {
  it("keeps its subscription address when a venue is added, and its page shows the venues' dates", async () => {
    const created = await send("/watchlists", "POST", { conferences: ["101"] });
    expect(created.status).toBe(201);
    const { id, secret, calendar, page } = (await created.json()) as Record<string, string>;
    expect(calendar).toBe(`/calendar/watch/${id}.ics`);
    const before = await events(calendar ?? "");
    expect(before.uids.length).toBeGreaterThan(0);
    expect(before.uids.every((uid) => uid.startsWith("101-"))).toBe(true);

    const added = await send(
      `/watchlists/${id}`,
      "PUT",
      { conferences: ["101", "102"] },
      { "x-watchlist-secret": secret ?? "" },
    );
    expect(added.status).toBe(200);
    expect(((await added.json()) as Record<string, string>).calendar).toBe(calendar);
    const all = await events("/feeds/deadlines.ics");
    const after = await events(calendar ?? "");
    expect(after.uids).toEqual(all.uids.filter((uid) => uid.startsWith("101-") || uid.startsWith("102-")));
    expect(after.uids.some((uid) => uid.startsWith("102-"))).toBe(true);

    const html = await (await fetch(`${server.url}${page}`)).text();
    expect(html).toContain('href="/conference/101"');
    expect(html).toContain('href="/conference/102"');
    expect(html).toMatch(/2099-01-\d\d/);
    // TESTCONF's card shows its round whole, as its page's box does: the abstract (next) and the paper beside it.
    const at = html.indexOf('href="/conference/101"');
    const card = html.slice(at, html.indexOf("</li>", at));
    expect(card).toContain("2099-01-15");
    expect(card).toContain("2099-01-20");
    expect(html).toContain(`${BASE_URL}${calendar}`);
  });

  it("refuses a wrong secret, a body that is not JSON, bad ids and unknown watchlists", async () => {
    const { id } = (await (await send("/watchlists", "POST", {})).json()) as Record<string, string>;
    expect(
      (await send(`/watchlists/${id}`, "PUT", { conferences: ["101"] }, { "x-watchlist-secret": "guess" }))
        .status,
    ).toBe(403);
    expect((await send(`/watchlists/${id}`, "PUT", { conferences: ["101"] })).status).toBe(403);
    expect((await send("/watchlists", "POST", "{nope")).status).toBe(400);
    const bad = await send("/watchlists", "POST", { conferences: ["<script>"] });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("venue ids are digits");
    expect(
      (await send("/watchlists", "POST", "conferences=1", { "content-type": "text/plain" })).status,
    ).toBe(415);
    expect((await fetch(`${server.url}/watchlists/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await fetch(`${server.url}/calendar/watch/AAAAAAAAAAAAAAAAAAAAAA.ics`)).status).toBe(404);
  });
});

describe("watchlist calendar", () => {
  it("holds exactly the starred conferences' deadlines, skipping bad and unknown ids", async () => {
    const all = await events("/feeds/deadlines.ics");
    const starred = all.uids.filter((uid) => uid.startsWith("101-") || uid.startsWith("102-"));
    expect(starred.length).toBeGreaterThan(2);
    const watch = await events("/calendar/watch.ics?ids=101,abc,,999999999,102,101,-3");
    expect(watch.status).toBe(200);
    expect(watch.type).toBe("text/calendar; charset=utf-8");
    expect(watch.uids).toEqual(starred);
  });

  it("answers an empty calendar, not an error, for no usable id", async () => {
    for (const path of [
      "/calendar/watch.ics",
      "/calendar/watch.ics?ids=%3Cx%3E",
      "/calendar/watch.ics?ids=42",
    ]) {
      const watch = await events(path);
      expect(watch.status).toBe(200);
      expect(watch.uids).toEqual([]);
    }
  });

  it("offers one venue's calendar for 'add to calendar'", async () => {
    const one = await events("/conference/101.ics");
    expect(one.status).toBe(200);
    expect(one.uids.length).toBeGreaterThan(0);
    expect(one.uids.every((uid) => uid.startsWith("101-"))).toBe(true);
  });
});

describe("an account's tracked venues as its watchlist", () => {
  it("gives the key holder one address that stays the same as venues are tracked, with their dates", async () => {
    await createUser(store, { email: "watcher@lab.example", password: "a long enough password 1" });
    const { key } = await createKey(store, "watcher@lab.example");
    await updateProfile(store, "watcher@lab.example", { trackedConferences: ["101"] });
    const mine = () =>
      fetch(`${server.url}/watchlists/account`, { headers: { authorization: `Bearer ${key}` } });
    const first = await mine();
    expect(first.status).toBe(200);
    const { id, calendar, page, conferences } = (await first.json()) as {
      id: string;
      calendar: string;
      page: string;
      conferences: string[];
    };
    expect(conferences).toEqual(["101"]);
    expect(calendar).toBe(`/calendar/watch/${id}.ics`);
    expect((await events(calendar)).uids.every((uid) => uid.startsWith("101-"))).toBe(true);

    await updateProfile(store, "watcher@lab.example", { trackedConferences: ["101", "102"] });
    const second = (await (await mine()).json()) as { calendar: string; conferences: string[] };
    expect(second.calendar).toBe(calendar);
    expect(second.conferences).toEqual(["101", "102"]);
    const all = await events("/feeds/deadlines.ics");
    expect((await events(calendar)).uids).toEqual(
      all.uids.filter((uid) => uid.startsWith("101-") || uid.startsWith("102-")),
    );
    const html = await (await fetch(`${server.url}${page}`)).text();
    expect(html).toContain('href="/conference/102"');
    expect(html).toMatch(/2099-01-\d\d/);
    expect(html).toContain(`${BASE_URL}${calendar}`);
  });

  it("reads an account's token from the store once per process, and again after a failed read", async () => {
    const account = await createUser(store, {
      email: "poller@lab.example",
      password: "a long enough password 3",
    });
    const { key, id: keyId } = await createKey(store, "poller@lab.example");
    const tokenReads = vi.spyOn(store, "getOrInitSetting");
    const reads = () => tokenReads.mock.calls.filter(([name]) => name.startsWith("watchlist-token:")).length;
    try {
      tokenReads.mockRejectedValueOnce(new Error("store unavailable"));
      const caller = { kind: "account", accountId: account.id, keyId, ip: "127.0.0.1" } as const;
      await expect(callerWatched(store, caller)).rejects.toThrow("store unavailable");
      const { id } = (await callerWatched(store, caller)) ?? { id: "" };
      expect(reads()).toBe(2);

      const mine = await fetch(`${server.url}/watchlists/account`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const { calendar, page } = (await mine.json()) as { calendar: string; page: string };
      expect(calendar).toBe(`/calendar/watch/${id}.ics`);
      for (const poll of [calendar, calendar, page]) {
        expect((await fetch(`${server.url}${poll}`)).status).toBe(200);
      }
      expect(reads()).toBe(2);
    } finally {
      tokenReads.mockRestore();
    }
  });

  it("answers 401 without an account credential and 404 for a guessed address", async () => {
    const anonymous = await fetch(`${server.url}/watchlists/account`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Authorization: Bearer");
    const bad = await fetch(`${server.url}/watchlists/account`, {
      headers: { authorization: "Bearer vd_nope" },
    });
    expect(bad.status).toBe(401);
    const account = await createUser(store, {
      email: "guess@lab.example",
      password: "a long enough password 2",
    });
    const guessed = `${account.id}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await fetch(`${server.url}/calendar/watch/${guessed}.ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/watchlist?id=${guessed}`)).status).toBe(404);
  });
});
