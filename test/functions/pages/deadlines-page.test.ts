/**
 * The upcoming-deadlines list over real HTTP, on a site built from the fixture: the 60-day question ("CCF A or B,
 * or CORE A* or A, within 60 days, estimates included") asked on `/deadlines` lists exactly the venues
 * `/api/deadlines` returns for the same filter, and its iCalendar and RSS addresses parse (node-ical,
 * fast-xml-parser) and hold the same venues; the built RSS holds no notification; a bad filter is a 400 with its
 * message; trailing-slash addresses of pages answer 301 to the page, never 404.
 */
import { XMLParser } from "fast-xml-parser";
import { parseHTML } from "linkedom";
import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { asAccountHolder, servedSiteForFile } from "../../src/build-site.ts";
import { BASE_URL, fixtureSnapshot } from "../../src/fixture.ts";
import { ACCOUNT } from "../api/harness.ts";

const fixture = { ...fixtureSnapshot(), idRegistry: { conferences: {}, journals: {} } };
const served = servedSiteForFile("deadlines", fixture, asAccountHolder());

const QUESTION = "ccf_rank=A,B&core_rank=A*,A&within_days=60&estimates=true";

async function get(path: string): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${served().server.url}${path}`, { headers: ACCOUNT, redirect: "manual" });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

/** Page addresses with a trailing slash. */
const SLASHED_PATHS = [
  "/feeds/",
  "/rankings/",
  "/watchlist/",
  "/conference/101/",
  "/deadlines/",
  "/rankings/ccf-a/",
];

/** Conference ids of the API's rows for a query, every page. */
async function apiIds(query: string): Promise<string[]> {
  const res = await get(`/api/deadlines?${query}&per_page=100`);
  expect(res.status, res.text).toBe(200);
  const body = JSON.parse(res.text) as { data: { deadlines: { conference_id: string }[] } };
  return body.data.deadlines.map((row) => row.conference_id);
}

const pageIds = (html: string) =>
  [...parseHTML(html).document.querySelectorAll(".deadline-list .venue > a")].map((a) =>
    (a.getAttribute("href") as string).replace("/conference/", ""),
  );

describe("the 60-day question", () => {
  it("lists on the page exactly the venues the API returns for the same filter", async () => {
    const api = await apiIds(QUESTION);
    expect(api.length).toBeGreaterThan(0);
    // TWINCONF (CCF A) has only an estimated round: estimates are part of the answer.
    expect(api).toContain("104");
    const page = await get(`/deadlines?${QUESTION}`);
    expect(page.status).toBe(200);
    // One list, announced and estimated interleaved, in the API's order (by the date each row prints).
    expect(pageIds(page.text)).toEqual(api);
    // The counts are the whole result's, as the API counts it.
    const { data } = JSON.parse((await get(`/api/deadlines?${QUESTION}&per_page=100`)).text);
    expect(parseHTML(page.text).document.querySelector("#deadlines-status")?.textContent).toContain(
      `${api.length} deadlines: ${data.counts.announced} announced, ${data.counts.estimated} estimated`,
    );
    expect(data.counts.announced + data.counts.estimated).toBe(api.length);
    // The form, as a browser sends it (repeated checkboxes, the hidden 0 before a ticked 1), asks the same.
    const form = await get(
      "/deadlines?ccf_rank=A&ccf_rank=B&core_rank=A*&core_rank=A&within_days=60&estimates=0&estimates=1&ranked_only=0&ranked_only=1",
    );
    expect(pageIds(form.text)).toEqual(api);
    // Without estimates the estimated round goes.
    expect(
      pageIds((await get(`/deadlines?${QUESTION.replace("estimates=true", "estimates=0")}`)).text),
    ).not.toContain("104");
  });

  it("gives an iCalendar and an RSS address that parse and hold the same venues", async () => {
    const api = new Set(await apiIds(QUESTION));
    const page = parseHTML((await get(`/deadlines?${QUESTION}`)).text).document;
    const links = [...page.querySelectorAll(".subscribe a")].map((a) => a.getAttribute("href") as string);
    const icsUrl = links.find((href) => href.startsWith(`${BASE_URL}/deadlines.ics?`));
    const rssUrl = links.find((href) => href.startsWith("/deadlines.xml?"));
    expect(icsUrl).toBeDefined();
    expect(rssUrl).toBeDefined();

    const ics = await get((icsUrl as string).slice(BASE_URL.length));
    expect(ics.type).toBe("text/calendar; charset=utf-8");
    const events = Object.values(ical.sync.parseICS(ics.text)).filter(
      (c) => c?.type === "VEVENT",
    ) as ical.VEvent[];
    expect(new Set(events.map((e) => e.uid.split("-")[0]))).toEqual(api);

    const rss = await get(rssUrl as string);
    const items = new XMLParser({ isArray: (name) => name === "item" }).parse(rss.text).rss.channel.item as {
      link: string;
    }[];
    expect(new Set(items.map((i) => new URL(i.link).pathname.replace("/conference/", "")))).toEqual(api);
  });

  it("makes a feed once and answers it again from memory: one ETag, 304, a sized brotli copy, HEAD", async () => {
    const url = `${served().server.url}/deadlines.ics?${QUESTION}`;
    // fetch asks for compression unless told otherwise.
    const plain = { ...ACCOUNT, "accept-encoding": "identity" };
    const first = await fetch(url, { headers: plain });
    const text = await first.text();
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    // The same filter spelt as the form sends it names the same feed.
    const again = await fetch(
      `${served().server.url}/deadlines.ics?ccf_rank=A&ccf_rank=B&core_rank=A*,A&within_days=60`,
      { headers: plain },
    );
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe(text);
    const unchanged = await fetch(url, { headers: { ...plain, "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    const brotli = await fetch(url, { headers: { ...ACCOUNT, "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("etag")).toBe(`W/${etag}`);
    expect(brotli.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await brotli.text()).toBe(text);
    const head = await fetch(url, { method: "HEAD", headers: plain });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([
      200,
      String(Buffer.byteLength(text)),
      "",
    ]);
  });

  it("answers a bad filter 400 with its message, in the page and for a feed", async () => {
    const page = await get("/deadlines?within_days=999");
    expect(page.status).toBe(400);
    expect(page.text).toContain("within_days");
    // Never kept: asked again, refused again.
    for (const _ of [1, 2]) expect((await get("/deadlines.ics?ccf_rank=Z")).status).toBe(400);
  });
});

describe("addresses", () => {
  it("answer 301 to the page for a trailing slash, never 404", async () => {
    for (const path of SLASHED_PATHS) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
    }
    const res = await fetch(`${served().server.url}/conference/101/`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/conference/101");
    expect((await get("/nothing-here/")).status).toBe(404);
  });

  it("keeps notifications out of the default RSS", async () => {
    const rss = await get("/feeds/deadlines.xml");
    const items = new XMLParser({ isArray: (name) => name === "item" || name === "category" }).parse(rss.text)
      .rss.channel.item as { title: string; category: string[] }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((i) => /notification/i.test(i.title) || i.category.includes("notification"))).toEqual(
      [],
    );
  });

  it("adds the listed venues' notification dates to a filtered RSS only when asked, as notifications", async () => {
    const titles = async (path: string) =>
      (
        new XMLParser({ isArray: (name) => name === "item" }).parse((await get(path)).text).rss.channel
          .item as {
          title: string;
        }[]
      ).map((i) => i.title);
    const plain = await titles(`/deadlines.xml?${QUESTION}`);
    expect(plain.filter((t) => /notification/i.test(t))).toEqual([]);
    const asked = await titles(`/deadlines.xml?${QUESTION}&notifications=true`);
    expect(asked.filter((t) => /notification/i.test(t))).toEqual([
      "TESTCONF — Notification 2099-02-25 (notification, not a deadline) [CCF A · CORE A* · QUALIS A1]",
    ]);
    expect(asked.length).toBe(plain.length + 1);
  });
});
