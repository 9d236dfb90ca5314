/**
 * Watchlists within bounds, over real HTTP with the real service (SQLite store) on an injected clock: a creation
 * from another site's page is refused 403 and one from this site's pages (or with an account's API key) accepted;
 * a list over 200 venues of a kind is a 400 and a body over 16 KB a 413; an address gets its daily allowance, then
 * 429 with Retry-After until UTC midnight; a list nobody opens or edits for WATCHLIST_KEEP_DAYS is gone from its
 * page, calendar and API, and the periodic sweep deletes its row from the state file, while a list in use is kept;
 * the page says how long a list is kept.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createKey, createUser } from "../../../accounts/auth/accounts.ts";
import { STATE_FILE_NAME } from "../../../accounts/store/sqlite-store.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import { BASE_URL } from "../../helpers/served-fixture.ts";
import { servedServiceForFile } from "../../helpers/served-service.ts";

const KEEP_DAYS = 2;
const DAILY = 3;
const FRAME = `<!doctype html><title>My deadlines</title>
<p class="subtitle">A list nobody opens or changes for <span data-keep-days>180</span> days is deleted.</p>
<div id="watchlist"><!--watchlist--></div>`;

const clock = { now: new Date("2026-06-14T10:00:00Z") };
let addresses = 0;
const served = servedServiceForFile(
  "vd-watchlist-bounds-",
  { "watchlist.html": FRAME },
  { TRUST_PROXY: "1", WATCHLIST_DAILY_CREATIONS: String(DAILY), WATCHLIST_KEEP_DAYS: String(KEEP_DAYS) },
  { clock: () => clock.now, watchlistSweepMs: 50 },
);

/** A request from an address of its own (X-Forwarded-For, TRUST_PROXY=1), so each test has its own allowance. */
function from(ip = `198.51.100.${++addresses}`) {
  return (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${served().service.server.url}${path}`, {
      method: init.method ?? "GET",
      headers: { "x-forwarded-for": ip, ...init.headers },
      body: init.body,
    });
}

const json = { "content-type": "application/json" };
const venues = JSON.stringify({ conferences: ["101"] });

describe("the watchlist settings", () => {
  it("default to 20 creations a day and 180 days, and name a bad value", () => {
    expect(loadConfig({}).watchlists).toEqual({ dailyCreations: 20, keepDays: 180 });
    expect(() => loadConfig({ WATCHLIST_DAILY_CREATIONS: "0" })).toThrow(/WATCHLIST_DAILY_CREATIONS must be/);
    expect(() => loadConfig({ WATCHLIST_KEEP_DAYS: "forever" })).toThrow(/WATCHLIST_KEEP_DAYS must be/);
    expect(() => loadConfig({ STATE_MIN_FREE: "lots" })).toThrow(/STATE_MIN_FREE must be/);
  });
});

describe("who may create a watchlist", () => {
  it("refuses a page on another site, accepts this site's pages, and a credential from anywhere", async () => {
    const ask = from();
    const post = (headers: Record<string, string>) =>
      ask("/watchlists", { method: "POST", headers: { ...json, ...headers }, body: venues });

    const foreignPages: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: BASE_URL, "sec-fetch-site": "cross-site" },
    ];
    for (const foreign of foreignPages) {
      const refused = await post(foreign);
      expect(refused.status, JSON.stringify(foreign)).toBe(403);
      expect(await refused.text()).toContain("created from this site's pages");
    }
    expect((await post({ origin: BASE_URL, "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await post({ origin: served().service.server.url })).status).toBe(201);

    await createUser(served().service.store, {
      email: "lists@lab.example",
      password: "a long enough password 1",
    });
    const { key } = await createKey(served().service.store, "lists@lab.example");
    const keyed = await post({ origin: "https://evil.example", authorization: `Bearer ${key}` });
    expect(keyed.status).toBe(201);
    expect(
      (await post({ origin: "https://evil.example", authorization: "Bearer vd_not-a-key" })).status,
    ).toBe(403);
  });
});

describe("a watchlist's size", () => {
  it("is at most 200 venues of a kind (400) in a body of at most 16 KB (413)", async () => {
    const ask = from();
    const tooMany = await ask("/watchlists", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ conferences: Array.from({ length: 201 }, (_, i) => String(i + 1)) }),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("at most 200 venues of each kind in one watchlist");

    const padded = JSON.stringify({ conferences: ["101"] }).replace("[", `[${" ".repeat(17 * 1024)}`);
    const tooLarge = await ask("/watchlists", { method: "POST", headers: json, body: padded });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("larger than 16384 bytes");
  });
});

describe("creations per address and day", () => {
  it("allows WATCHLIST_DAILY_CREATIONS, then 429 with Retry-After until UTC midnight, and again the next day", async () => {
    clock.now = new Date("2026-06-20T18:00:00Z");
    const ask = from();
    const create = () => ask("/watchlists", { method: "POST", headers: json, body: venues });
    const first = (await (await create()).json()) as { id: string; secret: string };
    for (let i = 1; i < DAILY; i++) expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(6 * 3600));
    expect(await refused.text()).toContain(`at most ${DAILY} watchlists are created per address a day`);
    // Changing a list it has is not a creation; another address has its own allowance.
    const edit = await ask(`/watchlists/${first.id}`, {
      method: "PUT",
      headers: { ...json, "x-watchlist-secret": first.secret },
      body: JSON.stringify({ conferences: ["101", "102"] }),
    });
    expect(edit.status).toBe(200);
    expect((await from()("/watchlists", { method: "POST", headers: json, body: venues })).status).toBe(201);
    clock.now = new Date("2026-06-21T00:00:01Z");
    expect((await create()).status).toBe(201);
  });
});

describe("expiry of unused watchlists", () => {
  const rowsOf = (id: string) => {
    const db = new DatabaseSync(join(served().stateDir, STATE_FILE_NAME), { readOnly: true });
    try {
      return Number(db.prepare("SELECT COUNT(*) AS n FROM watchlists WHERE id = ?").get(id)?.n);
    } finally {
      db.close();
    }
  };

  it("keeps a list in use, forgets one nobody opens, and the sweep deletes it from the state file", async () => {
    const start = new Date("2026-07-01T10:00:00Z");
    clock.now = start;
    const ask = from();
    const make = async () => {
      const res = await ask("/watchlists", { method: "POST", headers: json, body: venues });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; page: string; calendar: string; expires_at: string };
    };
    const used = await make();
    const unused = await make();
    expect(used.expires_at).toBe(new Date(start.getTime() + KEEP_DAYS * DAY_MS).toISOString());

    const page = await (await ask(used.page)).text();
    expect(page).toContain(`<span data-keep-days>${KEEP_DAYS}</span> days is deleted`);
    expect(page).toContain(
      'This list is kept until <time datetime="2026-07-03T10:00:00.000Z">2026-07-03</time>',
    );

    // A day and a half later a calendar app fetches the used list: its expiry moves on.
    clock.now = new Date(start.getTime() + 1.5 * DAY_MS);
    expect((await ask(used.calendar)).status).toBe(200);
    const read = (await (await ask(`/watchlists/${used.id}`)).json()) as { expires_at: string };
    expect(read.expires_at).toBe(new Date(clock.now.getTime() + KEEP_DAYS * DAY_MS).toISOString());

    // Past the unused list's expiry: gone everywhere, the used one still served.
    clock.now = new Date(start.getTime() + 2.5 * DAY_MS);
    expect((await ask(unused.page)).status).toBe(404);
    expect((await ask(unused.calendar)).status).toBe(404);
    const api = await ask(`/watchlists/${unused.id}`);
    expect(api.status).toBe(404);
    expect(await api.text()).toContain("expired unused");
    expect((await ask(used.page)).status).toBe(200);

    // The sweep (every 50 ms here) deletes the row itself.
    for (let i = 0; i < 100 && rowsOf(unused.id) > 0; i++) await sleep(50);
    expect(rowsOf(unused.id)).toBe(0);
    expect(rowsOf(used.id)).toBe(1);
  });
});
