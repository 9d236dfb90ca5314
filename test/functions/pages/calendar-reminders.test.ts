/**
 * `?remind=` on every kind of `.ics` feed, over real HTTP on a site built from the fixture: the filtered
 * `/deadlines.ics`, the built `/feeds/deadlines.ics` (and its alias `/calendar/deadlines.ics`), per field, per rank
 * tier, per venue, and the watchlist calendars (ids in the address, a stored watchlist). node-ical finds one VALARM
 * per day in every event at the right offset; without `remind` each feed is byte for byte the copy saved before
 * reminders existed (calendars-before/); bad values are a 400 naming the allowed form; ETag / 304 per variant; the
 * deadlines page, the watchlist page and a venue page offer the choice as plain links that work.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { asAccountHolder, servedSiteForFile } from "../../src/build-site.ts";
import { BASE_URL, fixtureSnapshot } from "../../src/fixture.ts";

const fixture = { ...fixtureSnapshot(), idRegistry: { conferences: {}, journals: {} } };
const served = servedSiteForFile("reminders", fixture, { ...asAccountHolder(), watchlistStore: true });

const DAY_MS = 86_400_000;
const QUESTION = "ccf_rank=A,B&core_rank=A*,A&within_days=60&estimates=true";
const VALARM = /BEGIN:VALARM\r\n[\s\S]*?END:VALARM\r\n/g;
const BEFORE = join(import.meta.dirname, "calendars-before");

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${served().server.url}${path}`, { headers, redirect: "manual" });

/** Every kind of feed, by name; `?` or `&` follows each, ready for `remind=`. */
const feeds: Record<string, string> = {};

beforeAll(async () => {
  const { site } = served();
  const [field] = await readdir(join(site.dist, "feeds/fields"));
  const [tier] = await readdir(join(site.dist, "feeds/ranks"));
  const res = await fetch(`${served().server.url}/watchlists`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ conferences: ["101", "104"] }),
  });
  const { id } = (await res.json()) as { id: string };
  Object.assign(feeds, {
    filtered: `/deadlines.ics?${QUESTION}&`,
    all: "/feeds/deadlines.ics?",
    alias: "/calendar/deadlines.ics?",
    field: `/feeds/fields/${field}?`,
    tier: `/feeds/ranks/${tier}?`,
    venue: "/conference/101.ics?",
    watchIds: "/calendar/watch.ics?ids=101,104&",
    watchStored: `/calendar/watch/${id}.ics?`,
  });
});

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT") as (VEvent & {
    alarms?: Record<string, string>[];
  })[];

/** When an alarm goes off: its trigger (`-P<n>D`, `PT0S`) from the event's start. */
function alarmTime(event: VEvent, trigger: string): number {
  if (trigger === "PT0S") return event.start.getTime();
  const days = /^-P(\d+)D$/.exec(trigger);
  if (!days) throw new Error(`unexpected trigger ${trigger}`);
  return event.start.getTime() - Number(days[1]) * DAY_MS;
}

describe("calendar reminders", () => {
  it("adds a VALARM per day to every event of every kind of feed, at the right offsets", async () => {
    for (const [name, path] of Object.entries(feeds)) {
      const res = await get(`${path}remind=1,7,7`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type"), name).toBe("text/calendar; charset=utf-8");
      const events = eventsOf(await res.text());
      expect(events.length, name).toBeGreaterThan(0);
      for (const event of events) {
        const alarms = event.alarms ?? [];
        expect(
          alarms.map((a) => [a.action, a.trigger]),
          `${name} ${event.uid}`,
        ).toEqual([
          ["DISPLAY", "-P7D"],
          ["DISPLAY", "-P1D"],
        ]);
        expect(alarms.map((a) => event.start.getTime() - alarmTime(event, a.trigger ?? ""))).toEqual([
          7 * DAY_MS,
          DAY_MS,
        ]);
        expect(alarms.map((a) => a.description)).toEqual([
          `${event.summary} — due in 7 days`,
          `${event.summary} — due in 1 day`,
        ]);
      }
    }
  });

  it("leaves every feed without remind byte for byte as it was, and adds nothing but the alarms", async () => {
    const saved: Record<string, string> = {
      filtered: "deadlines-filter.ics",
      all: "feeds-deadlines.ics",
      alias: "feeds-deadlines.ics",
      venue: "conference-101.ics",
      watchIds: "watch-ids.ics",
      watchStored: "watch-ids.ics",
    };
    for (const [name, path] of Object.entries(feeds)) {
      const plain = Buffer.from(await (await get(path.slice(0, -1))).arrayBuffer());
      const file = saved[name];
      if (file) expect(plain.equals(await readFile(join(BEFORE, file))), name).toBe(true);
      // An empty remind is none.
      expect(await (await get(`${path}remind=`)).text(), name).toBe(plain.toString());
      const reminded = await (await get(`${path}remind=0,60`)).text();
      expect(reminded.replace(VALARM, ""), name).toBe(plain.toString());
      expect(reminded.match(VALARM)?.length, name).toBe(2 * eventsOf(reminded).length);
    }
  });

  it("refuses a bad remind with a 400 naming the allowed form", async () => {
    for (const [name, path] of Object.entries(feeds)) {
      for (const bad of ["61", "-1", "1.5", "week", "1,2,3,4,5,6", "7,,1"]) {
        const res = await get(`${path}remind=${encodeURIComponent(bad)}`);
        expect(res.status, `${name} ${bad}`).toBe(400);
        expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(await res.text()).toContain(
          "remind takes up to 5 whole numbers of days before the deadline, each 0 to 60, comma-separated (e.g. remind=7,1)",
        );
      }
    }
  });

  it("answers If-None-Match with 304 per variant, each variant with its own ETag", async () => {
    for (const [name, path] of Object.entries(feeds)) {
      const tags = new Set<string>();
      for (const remind of ["remind=7,1", "remind=1", "remind=7"]) {
        for (const encoding of ["identity", "br"]) {
          const first = await get(`${path}${remind}`, { "accept-encoding": encoding });
          await first.arrayBuffer();
          const etag = first.headers.get("etag") ?? "";
          expect(etag, `${name} ${remind}`).toMatch(/^(W\/)?"/);
          tags.add(etag.replace(/^W\//, ""));
          const again = await get(`${path}${remind}`, { "if-none-match": etag, "accept-encoding": encoding });
          expect(again.status, `${name} ${remind} ${encoding}`).toBe(304);
        }
      }
      // Three variants, three tags; the same list however spelled is the same variant.
      expect(tags.size, name).toBe(3);
      const spelled = await get(`${path}remind=1,7,1`);
      expect(spelled.headers.get("etag")?.replace(/^W\//, ""), name).toBe(
        (await get(`${path}remind=7,1`)).headers.get("etag")?.replace(/^W\//, ""),
      );
      // Another variant's tag is not this one's.
      const other = await get(`${path}remind=1`, { "if-none-match": [...tags][0] ?? "" });
      expect(other.status, name).toBe(200);
    }
  });

  it("offers none, 1, 7, 7 and 1 days before beside the deadlines', the watchlist's and a venue's calendar", async () => {
    const watchlist = feeds.watchStored?.slice(0, -1).replace("/calendar/watch/", "").replace(".ics", "");
    const pages: [string, string][] = [
      [`/deadlines?${QUESTION}`, `${BASE_URL}/deadlines.ics?`],
      [`/watchlist?id=${watchlist}`, `${BASE_URL}/calendar/watch/${watchlist}.ics`],
      ["/conference/101", "/conference/101.ics"],
    ];
    for (const [page, calendar] of pages) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      const links = [...parseHTML(await res.text()).document.querySelectorAll(".reminders a")].map((a) => [
        a.textContent,
        a.getAttribute("href") as string,
      ]);
      expect(
        links.map(([text]) => text),
        page,
      ).toEqual(["none", "1 day before", "7 days before", "7 and 1 days before"]);
      const [plain, ...reminded] = links.map(([, href]) => href as string);
      expect(plain?.startsWith(calendar), page).toBe(true);
      expect(reminded).toEqual([
        `${plain}${plain?.includes("?") ? "&" : "?"}remind=1`,
        expect.any(String),
        expect.any(String),
      ]);
      // Each link is a working calendar with its alarms.
      const counts = [];
      for (const href of [plain, ...reminded]) {
        const text = await (await get((href as string).replace(BASE_URL, ""))).text();
        counts.push((text.match(VALARM)?.length ?? 0) / eventsOf(text).length);
      }
      expect(counts, page).toEqual([0, 1, 1, 2]);
    }
  });

  it("offers the choice in Chinese on the Chinese deadlines page, and Chinese feeds remind in Chinese", async () => {
    const res = await get(`/zh/deadlines?${QUESTION}`);
    const links = [...parseHTML(await res.text()).document.querySelectorAll(".reminders a")];
    expect(links.map((a) => a.textContent)).toEqual(["不提醒", "提前 1 天", "提前 7 天", "提前 7 天和 1 天"]);
    // The Chinese feeds' alarms speak Chinese, served or built.
    for (const path of [`/zh/deadlines.ics?${QUESTION}&remind=7`, "/zh/feeds/deadlines.ics?remind=7"]) {
      const events = eventsOf(await (await get(path)).text());
      expect(events.length, path).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.alarms?.map((a) => a.description)).toEqual([`${event.summary} — 7 天后截止`]);
      }
    }
  });
});
