/**
 * The feeds in Chinese (issue 40): every built calendar and RSS feed has its /zh/ twin, the server's filtered
 * /zh/deadlines.ics and .xml and the watchlist calendars too. node-ical parses the Chinese calendars and finds the
 * same events (UIDs, instants, tentative estimates) as the English ones; their titles and descriptions are in
 * Chinese and link the /zh/ pages; the data (acronyms, ranks, zones) stays as the sources give it.
 */
import { XMLParser } from "fast-xml-parser";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { servedSiteForFile } from "./build-site.ts";
import { listFiles, readText } from "./dist-files.ts";
import { BASE_URL, fixtureSnapshot } from "./fixture.ts";

const fixture = fixtureSnapshot();
const served = servedSiteForFile("i18n-feeds", fixture, { watchlistStore: true });

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

/** What must agree between the languages: the UID, the instant or day, and whether it is tentative. */
const sameness = (events: readonly VEvent[]) =>
  events.map((e) => `${e.uid} ${new Date(e.start).toISOString()} ${e.datetype} ${e.status ?? "-"}`).sort();

const textOf = (value: unknown) =>
  typeof value === "string" ? value : ((value as { val?: string } | undefined)?.val ?? "");

/** A Chinese calendar: every event's title and description in Chinese, linking the /zh/ page. */
function expectChinese(events: readonly VEvent[]) {
  for (const e of events) {
    const summary = textOf(e.summary);
    expect(summary, e.uid).toMatch(/论文投稿|摘要截止/);
    expect(summary, e.uid).not.toMatch(/submission|estimated|Abstract|cycle/i);
    expect(textOf(e.description), e.uid).toContain("详情：");
    expect(textOf(e.description), e.uid).toContain(`${BASE_URL}/zh/conference/`);
    expect(textOf(e.url), e.uid).toContain(`${BASE_URL}/zh/conference/`);
  }
}

const get = async (path: string) => {
  const res = await fetch(`${served().server.url}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

describe("built calendars in Chinese", () => {
  it("every English calendar has a /zh/ twin with the same events and UIDs, in Chinese", () => {
    const dist = served().site.dist;
    const calendars = listFiles(dist).filter((f) => f.endsWith(".ics") && !f.startsWith("zh/"));
    // The whole feed, a feed per field and rank tier, one per conference.
    expect(calendars.length).toBeGreaterThan(30);
    let compared = 0;
    for (const file of calendars) {
      const english = eventsOf(readText(`${dist}/${file}`));
      const chinese = eventsOf(readText(`${dist}/zh/${file}`));
      expect(sameness(chinese), file).toEqual(sameness(english));
      expectChinese(chinese);
      compared += english.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("words the events in Chinese, estimates included, and keeps the data as published", () => {
    const text = readText(`${served().site.dist}/zh/feeds/deadlines.ics`);
    const events = eventsOf(text);
    expect(text).toContain("X-WR-CALNAME:Venue Directory：全部即将到来的投稿截止日期");
    expect(text).toContain("PRODID:-//Venue Directory//Deadlines//ZH");
    const paper = events.find((e) => e.uid === "101-2099-paper-1@venue-directory");
    expect(textOf(paper?.summary)).toBe("TESTCONF 2099 — 论文投稿【CCF A · CORE A* · QUALIS A1】");
    expect(textOf(paper?.description)).toContain(
      "（TESTCONF）。论文投稿，2099 年度：2099-01-20 23:59:59 UTC-8 = 2099-01-21 07:59 UTC。",
    );
    const tentative = events.filter((e) => e.status === "TENTATIVE");
    expect(tentative.length).toBeGreaterThan(0);
    for (const e of tentative) {
      expect(textOf(e.summary)).toContain("（预估）");
      expect(textOf(e.description)).toMatch(/预估，尚未公布，约 2099年\d+月\d+日/);
    }
  });
});

describe("the built RSS in Chinese", () => {
  it("holds the same items as the English one, titled in Chinese, linking the /zh/ pages", () => {
    const dist = served().site.dist;
    const parse = (file: string) =>
      new XMLParser().parse(readText(`${dist}/${file}`)).rss.channel as {
        language: string;
        title: string;
        item: { title: string; link: string; description: string }[] | { title: string; link: string };
      };
    const items = (channel: ReturnType<typeof parse>) => [channel.item].flat();
    const english = parse("feeds/deadlines.xml");
    const chinese = parse("zh/feeds/deadlines.xml");
    expect(chinese.language).toBe("zh-CN");
    expect(chinese.title).toBe("Venue Directory：即将到来的投稿截止日期");
    expect(items(english).length).toBeGreaterThan(0);
    expect(items(chinese).map((i) => i.link)).toEqual(
      items(english).map((i) => i.link.replace(BASE_URL, `${BASE_URL}/zh`)),
    );
    for (const item of items(chinese)) {
      expect(item.title).toMatch(/论文投稿|摘要截止/);
      expect(item.title).not.toMatch(/submission|estimated/i);
    }
  });
});

describe("served feeds in Chinese", () => {
  it("/zh/deadlines.ics and .xml of a filter: the English events, words in Chinese, cached apart", async () => {
    const query = "?ccf_rank=A";
    const english = await get(`/deadlines.ics${query}`);
    const chinese = await get(`/zh/deadlines.ics${query}`);
    expect(chinese.status).toBe(200);
    expect(chinese.type).toContain("text/calendar");
    expect(eventsOf(english.text).length).toBeGreaterThan(0);
    expect(sameness(eventsOf(chinese.text))).toEqual(sameness(eventsOf(english.text)));
    expectChinese(eventsOf(chinese.text));
    expect(chinese.text).toContain("X-WR-CALNAME:Venue Directory：投稿截止日期：CCF A");
    // Asked again, each language keeps its own answer.
    expect((await get(`/deadlines.ics${query}`)).text).toBe(english.text);
    expect((await get(`/zh/deadlines.ics${query}`)).text).toBe(chinese.text);
    const rss = await get(`/zh/deadlines.xml${query}&notifications=true`);
    expect(rss.status).toBe(200);
    expect(rss.text).toContain("<language>zh-CN</language>");
    expect(rss.text).toMatch(/<title>TESTCONF 2099 — (论文投稿|摘要截止)/);
    // A bad filter is refused in either language, never cached as a feed.
    expect((await get("/zh/deadlines.ics?within_days=x")).status).toBe(400);
  });

  it("the /zh/ deadlines page subscribes to the Chinese feeds", async () => {
    const page = await get("/zh/deadlines?ccf_rank=A");
    expect(page.text).toContain(`${BASE_URL}/zh/deadlines.ics?ccf_rank=A`);
    expect(page.text).toContain('href="/zh/deadlines.xml?ccf_rank=A');
  });

  it("watchlist calendars: /zh/calendar/watch… holds the English events in Chinese", async () => {
    const english = await get("/calendar/watch.ics?ids=101,102,104");
    const chinese = await get("/zh/calendar/watch.ics?ids=101,102,104");
    expect(chinese.status).toBe(200);
    expect(eventsOf(english.text).length).toBeGreaterThan(2);
    expect(sameness(eventsOf(chinese.text))).toEqual(sameness(eventsOf(english.text)));
    expectChinese(eventsOf(chinese.text));
    expect(chinese.text).toContain("X-WR-CALNAME:Venue Directory：我的截稿");
    const created = await fetch(`${served().server.url}/watchlists`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conferences: ["101", "104"], journals: [] }),
    });
    const { id } = (await created.json()) as { id: string };
    const stored = await get(`/zh/calendar/watch/${id}.ics`);
    expect(stored.status).toBe(200);
    expect(sameness(eventsOf(stored.text))).toEqual(
      sameness(eventsOf((await get(`/calendar/watch/${id}.ics`)).text)),
    );
    expectChinese(eventsOf(stored.text));
    // The Chinese watchlist page offers the Chinese calendar.
    expect((await get(`/zh/watchlist?id=${id}`)).text).toContain(`/zh/calendar/watch/${id}.ics`);
    expect((await get("/zh/calendar/watch/unknown.ics")).status).toBe(404);
  });
});
