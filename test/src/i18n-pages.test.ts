/**
 * The site in Simplified Chinese beside English, over the fixture build served by the real server: every /zh/
 * page whose body is translated carries no English interface word (the words the English message file holds for
 * navigation, labels, headings and states) in its interface elements; the language switch leads to the same
 * venue or filter; every page names its en, zh-CN and x-default alternates, and so does the sitemap.
 */
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { englishInterfaceWords as interfaceWords } from "../helpers/interface-words.ts";
import { servedSiteForFile } from "./build-site.ts";
import { listFiles, readText } from "./dist-files.ts";
import { BASE_URL, fixtureSnapshot } from "./fixture.ts";

const fixture = fixtureSnapshot();
const served = servedSiteForFile("i18n", fixture, { watchlistStore: true });
/** Data the pages print as the sources give it (venue names), taken out before looking for interface words. */
const DATA_NAMES = [...fixture.conferences, ...fixture.journals]
  .flatMap((v) => [v.full_name, v.short_name ?? ""])
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);
/** English interface words in the page's interface elements (test/helpers/interface-words.ts), data taken out. */
const englishInterfaceWords = (html: string) => interfaceWords(html, DATA_NAMES);

const get = async (path: string) => {
  const res = await fetch(`${served().server.url}${path}`);
  return { status: res.status, html: await res.text() };
};

/** Every static Chinese page: home, venues, rankings, statistics, feeds, download, the API reference, not-found. */
const TRANSLATED = /^zh(\.html|\/.*\.html)$/;

describe("the Chinese pages", () => {
  it("built: no English interface word on any page", () => {
    const pages = listFiles(served().site.dist).filter((f) => TRANSLATED.test(f));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of ["statistics", "feeds", "download", "api-docs", "404"]) {
      expect(pages, page).toContain(`zh/${page}.html`);
    }
    for (const file of pages) {
      const html = readText(`${served().site.dist}/${file}`);
      expect(html, file).toContain('<html lang="zh-CN"');
      expect(englishInterfaceWords(html), file).toEqual([]);
    }
  });

  it("served: /zh/deadlines with a filter, /zh/search with results, /zh/watchlist", async () => {
    const created = await fetch(`${served().server.url}/watchlists`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conferences: ["101", "102"], journals: ["201"] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const path of [
      "/zh/deadlines?ccf_rank=A&within_days=90&page=1",
      "/zh/search?query=conf&kind=conferences",
      `/zh/watchlist?id=${id}`,
      "/zh/deadlines?within_days=x",
    ]) {
      const { status, html } = await get(path);
      expect(status === 200 || (path.endsWith("=x") && status === 400), `${path} ${status}`).toBe(true);
      expect(html, path).toContain('<html lang="zh-CN"');
      expect(englishInterfaceWords(html), path).toEqual([]);
    }
    // The English words the check looks for do appear on the English page (the check can fail).
    expect(englishInterfaceWords((await get("/deadlines?ccf_rank=A")).html)).toContain("Upcoming");
    for (const page of ["statistics", "feeds", "download", "api-docs"]) {
      expect(englishInterfaceWords((await get(`/${page}`)).html).length, page).toBeGreaterThan(0);
    }
  });

  it("served: an unknown /zh/ address answers the Chinese not-found page, an English one the English page", async () => {
    const chinese = await get("/zh/no-such-page");
    expect(chinese.status).toBe(404);
    expect(chinese.html).toContain('<html lang="zh-CN"');
    expect(chinese.html).toContain("页面不存在");
    expect(englishInterfaceWords(chinese.html)).toEqual([]);
    const english = await get("/no-such-page");
    expect(english.status).toBe(404);
    expect(english.html).toContain('<html lang="en"');
    expect(english.html).toContain("Page not found");
  });

  it("shows states, dates and fields in Chinese, data as the sources give it", async () => {
    const { html } = await get("/zh/deadlines?ccf_rank=A");
    expect(html).toContain("预估");
    expect(html).toContain("AoE");
    expect(html).toMatch(/2099年\d+月\d+日/);
    expect(html).toContain("TESTCONF");
    const venue = readText(`${served().site.dist}/zh/conference/101.html`);
    expect(venue).toContain("人工智能");
    expect(venue).toContain("International Conference on Testing");
  });
});

describe("the language switch", () => {
  const switchHref = (html: string, to: string) =>
    parseHTML(html)
      .document.querySelector(`header a.language-switch[data-lang-switch="${to}"]`)
      ?.getAttribute("href");

  it("leads to the same venue in the other language", () => {
    const dist = served().site.dist;
    expect(switchHref(readText(`${dist}/conference/101.html`), "zh")).toBe("/zh/conference/101");
    expect(switchHref(readText(`${dist}/zh/conference/101.html`), "en")).toBe("/conference/101");
    expect(switchHref(readText(`${dist}/zh.html`), "en")).toBe("/");
  });

  it("keeps the filter of a served page, without JavaScript", async () => {
    const query = "?ccf_rank=A&core_rank=A*&within_days=60";
    expect(switchHref((await get(`/deadlines${query}`)).html, "zh")).toBe(`/zh/deadlines${query}`);
    expect(switchHref((await get(`/zh/deadlines${query}`)).html, "en")).toBe(`/deadlines${query}`);
    expect(switchHref((await get(`/zh/search?query=conf`)).html, "en")).toBe("/search?query=conf");
  });
});

describe("hreflang", () => {
  it("every page of both languages names its en, zh-CN and x-default alternates", () => {
    const pages = listFiles(served().site.dist).filter((f) => f.endsWith(".html") && f !== "404.html");
    expect(pages.length).toBeGreaterThan(50);
    for (const file of pages) {
      const { document } = parseHTML(readText(`${served().site.dist}/${file}`));
      const alternates = Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
          l.getAttribute("hreflang"),
          l.getAttribute("href"),
        ]),
      );
      const english = `${BASE_URL}${`/${file.replace(/^zh(\/|\.html$)/, "").replace(/\.html$/, "")}`.replace(/^\/index$/, "/")}`;
      expect(Object.keys(alternates).sort(), file).toEqual(["en", "x-default", "zh-CN"]);
      expect(alternates.en, file).toBe(english);
      expect(alternates["x-default"], file).toBe(english);
      expect(alternates["zh-CN"], file).toBe(
        english === `${BASE_URL}/` ? `${BASE_URL}/zh` : english.replace(BASE_URL, `${BASE_URL}/zh`),
      );
    }
  });

  it("the sitemap lists both languages with their alternates", () => {
    const sitemap = readText(`${served().site.dist}/sitemap.xml`);
    expect(sitemap).toContain(`<loc>${BASE_URL}/zh/conference/101</loc>`);
    expect(sitemap).toContain(`<loc>${BASE_URL}/conference/101</loc>`);
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="zh-CN" href="${BASE_URL}/zh/conference/101"/>`,
    );
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${BASE_URL}/conference/101"/>`,
    );
  });
});
