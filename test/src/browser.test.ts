/**
 * The site in a real browser (Debian's chromium through playwright-core), served by the project's own server
 * over the fixture snapshot: the server-rendered search (filters, paging without JavaScript, Back, a validation
 * message), the width of every page type on a 390 px phone, and a venue page with its ranks, deadlines, local
 * time and countdown. Screenshots go to test-results/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, chromiumForFile, HAS_CHROMIUM } from "../helpers/chromium.ts";
import { PROJECT_ROOT, servedSiteForFile } from "./build-site.ts";
import { FILLER_COUNT, FILLER_FIELD, fixtureSnapshot } from "./fixture.ts";

const SCREENSHOTS = join(PROJECT_ROOT, "test-results");

if (!HAS_CHROMIUM) {
  console.warn(`Skipping the browser tests: ${CHROMIUM} is missing (apt-get install -y chromium).`);
}

describe.skipIf(!HAS_CHROMIUM)("the site in a browser", () => {
  const served = servedSiteForFile("browser", fixtureSnapshot(), {
    env: () => ({ ANON_DAILY_QUOTA: "1000" }),
    watchlistStore: true,
  });
  const browser = chromiumForFile();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  /** A page that records console errors, uncaught exceptions and any request leaving the server. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
    page.on("request", (request) => {
      if (!request.url().startsWith(served().server.url))
        problems.push(`request to another host: ${request.url()}`);
    });
    await page.goto(`${served().server.url}${path}`);
    return { page, problems };
  }

  /**
   * TESTCONF's abstract deadline as a venue page shows it: in its own zone and in UTC, with a running countdown
   * and the reader's local time.
   */
  async function expectTestconfAbstractDeadline(deadline: Locator) {
    expect(await deadline.textContent()).toContain("2099-01-15 23:59:59 AoE");
    expect(await deadline.textContent()).toContain("2099-01-16 11:59 UTC");
    await expect
      .poll(() => deadline.locator(".countdown").textContent())
      .toMatch(/^in \d+d \d\dh \d\dm \d\ds$/);
    expect(await deadline.locator(".local-time").textContent()).toMatch(/^Your time: /);
  }

  const status = (page: Page) => page.locator("#search-status");
  const searchForm = (page: Page) => page.locator("form#search");
  const resultLinks = (page: Page) => page.locator("#search-results tbody tr a");

  it("finds a venue by keyword and field filter, then by rank alone, and Back returns to the previous search", async () => {
    const { page, problems } = await open("/");
    await searchForm(page).getByLabel("Keyword").fill("testconf");
    await searchForm(page).getByLabel("Research field").selectOption("ai");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => status(page).textContent()).toBe("1 match, page 1 of 1.");
    await expect.poll(() => resultLinks(page).allTextContents()).toEqual(["TESTCONF"]);
    expect(await resultLinks(page).first().getAttribute("href")).toBe("/conference/101");
    expect(new URL(page.url()).pathname).toBe("/search");
    expect(new URL(page.url()).searchParams.get("query")).toBe("testconf");

    await searchForm(page).getByLabel("Keyword").fill("");
    await searchForm(page).getByLabel("Research field").selectOption("");
    await searchForm(page).getByLabel("CCF rank").selectOption("B");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => resultLinks(page).allTextContents()).toEqual(["SECCONF"]);
    // The row says whether its call is open, through the outlook's state.
    expect(await page.locator("#search-results tbody tr .badge.state-open").count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, "site-search.png"), fullPage: true });

    await page.goBack();
    await expect.poll(() => resultLinks(page).allTextContents()).toEqual(["TESTCONF"]);
    expect(new URL(page.url()).searchParams.get("query")).toBe("testconf");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("searches without JavaScript and pages through the results", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 1200, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${served().server.url}/`);
    await searchForm(page).getByLabel("Research field").selectOption(FILLER_FIELD);
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 1 of 2.`);
    expect(await resultLinks(page).count()).toBe(20);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 2 of 2.`);
    expect(await resultLinks(page).count()).toBe(FILLER_COUNT - 20);
    expect(await page.getByRole("link", { name: "Next page" }).count()).toBe(0);
    // The address bar keeps the search: a reload shows the same page.
    await page.reload();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 2 of 2.`);
    await context.close();
  });

  it("shows the message of an invalid parameter", async () => {
    const { page, problems } = await open("/search?kind=conferences&core_rank=Z");
    await expect.poll(() => status(page).textContent()).toMatch(/core_rank must be one or more of/);
    expect(await status(page).getAttribute("class")).toContain("error");
    expect(await page.locator("#search-results table").count()).toBe(0);
    expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
    await page.close();
  });

  it("has no page wider than a 390 px phone screen", async () => {
    const paths = [
      "/",
      "/search?kind=conferences&query=conf",
      "/conference/101",
      "/rankings/open-calls",
      "/rankings",
      "/statistics",
    ];
    const journal = await fetch(`${served().server.url}/api/journals?per_page=1`).then((r) => r.json());
    const journalId = journal.data?.journals?.[0]?.id;
    if (journalId) paths.push(`/journal/${journalId}`);
    const widths: Record<string, number> = {};
    for (const path of paths) {
      const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${served().server.url}${path}`);
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
      const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      await page.screenshot({ path: join(SCREENSHOTS, `site-phone-${name}.png`), fullPage: true });
      await page.close();
    }
    expect(widths).toEqual(Object.fromEntries(paths.map((p) => [p, 390])));
  });

  it("shows the home list's first deadline and its time left on the first screen of a phone", async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${served().server.url}/`);
    const first = page.locator(".deadline-list > li:not([hidden])").first();
    const countdown = first.locator(".countdown").first();
    await expect.poll(() => countdown.textContent()).toMatch(/^in \d+d/);
    const box = await countdown.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    const card = await first.boundingBox();
    expect((card?.y ?? 0) + (card?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await first.locator("a").first().textContent()).toBe("TESTCONF");
    await page.screenshot({ path: join(SCREENSHOTS, "site-home-390.png") });
    await page.close();
  });

  it("shows a venue's ranks and deadlines with the reader's local time and a countdown", async () => {
    const { page, problems } = await open("/conference/101");
    const ranks = page.getByRole("list", { name: "Ranks" });
    expect((await ranks.locator(".tier").allTextContents()).slice(0, 3)).toEqual(["A", "A*", "A1"]);
    const abstract = page.locator("#deadline-2099-abstract-1");
    await expectTestconfAbstractDeadline(abstract);
    expect(await page.locator("svg[aria-label='Acceptance rate of TESTCONF by year']").count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, "site-conference.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("counts an estimate down to its expected day and says 'about today' on it, 'passed' after", async () => {
    // TWINCONF's estimated paper round, expected 2099-02-14 (the build marks it passed_unconfirmed after).
    const countdownAt = async (now: string) => {
      const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
      await page.clock.setFixedTime(new Date(now));
      await page.goto(`${served().server.url}/conference/104`);
      const text = await page.locator(".countdown[data-estimated='2099-02-14']").first().textContent();
      await page.close();
      return text;
    };
    expect(await countdownAt("2099-02-12T12:00:00Z")).toBe("in about 2 days");
    expect(await countdownAt("2099-02-14T12:00:00Z")).toBe("expected about today");
    expect(await countdownAt("2099-02-16T00:00:00Z")).toBe("passed");
  });

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the next deadline with its zone and countdown on the first screen at ${viewport.width}×${viewport.height}`, async () => {
      const page = await browser().newPage({ viewport });
      await page.goto(`${served().server.url}/conference/101`);
      const next = page.locator(".next-call");
      const box = await next.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      const when = next.locator(".next-when").first();
      await expectTestconfAbstractDeadline(when);
      expect(await next.locator(".rank-line").textContent()).toContain("CCF A");
      expect(await next.getByRole("link", { name: /\.ics/ }).getAttribute("href")).toBe(
        "/conference/101.ics",
      );
      expect(await next.getByRole("link", { name: "Google Calendar" }).getAttribute("href")).toMatch(
        /^https:\/\/calendar\.google\.com\//,
      );
      await page.screenshot({
        path: join(SCREENSHOTS, `site-conference-first-screen-${viewport.width}.png`),
      });
      await page.close();
    });
  }

  it("watches venues with dates on the watchlist and a subscription address that does not change", async () => {
    const { page, problems } = await open("/conference/101");
    await page.getByRole("button", { name: "☆ Watch" }).click();
    await expect
      .poll(() => page.getByRole("button", { name: "★ Watching" }).getAttribute("aria-pressed"))
      .toBe("true");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("venue-directory:watchlist-id")))
      .not.toBeNull();
    await page.goto(`${served().server.url}/watchlist`);
    await expect.poll(() => new URL(page.url()).searchParams.has("id")).toBe(true);
    await expect.poll(() => page.locator("#watchlist .venue > a").allTextContents()).toEqual(["TESTCONF"]);
    expect(await page.locator("#watchlist .when").first().textContent()).toContain("2099-01-15 23:59:59 AoE");
    const address = await page.locator("#watch-subscribe a.https").textContent();
    expect(address).toMatch(/^https:\/\/venues\.test\/calendar\/watch\/[\w-]{22}\.ics$/);

    await page.goto(`${served().server.url}/conference/102`);
    await page.getByRole("button", { name: "☆ Watch" }).click();
    await expect.poll(() => page.getByRole("button", { name: "★ Watching" }).isEnabled()).toBe(true);
    await page.goto(`${served().server.url}/watchlist`);
    await expect
      .poll(() => page.locator("#watchlist .venue > a").allTextContents())
      .toEqual(["TESTCONF", "SECCONF"]);
    expect(await page.locator("#watch-subscribe a.https").textContent()).toBe(address);
    await page.screenshot({ path: join(SCREENSHOTS, "site-watchlist.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is served as Markdown to a client that asks for it", async () => {
    const response = await fetch(`${served().server.url}/conference/101`, {
      headers: { accept: "text/markdown" },
    });
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("vary")).toContain("Accept");
    expect(await response.text()).toContain("# TESTCONF — International Conference on Testing");
    const catalog = await fetch(`${served().server.url}/.well-known/api-catalog`);
    expect(catalog.headers.get("content-type")).toBe("application/linkset+json");
  });
});
