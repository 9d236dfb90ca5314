/**
 * The site in a real browser (Debian's chromium through playwright-core), served by the project's own server
 * over the fixture snapshot: the home search with filters, paging and an API validation message, and a venue
 * page with its ranks, deadlines, local time and countdown. Screenshots go to test-results/.
 */
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../functions/app.ts";
import { loadConfig } from "../../functions/config.ts";
import { type BuiltSite, buildSite, PROJECT_ROOT } from "./build-site.ts";
import { BASE_URL, BUILD_NOW, FILLER_COUNT, FILLER_FIELD, fixtureSnapshot } from "./fixture.ts";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = join(PROJECT_ROOT, "test-results");

if (!existsSync(CHROMIUM)) {
  console.warn(`Skipping the browser tests: ${CHROMIUM} is missing (apt-get install -y chromium).`);
}

describe.skipIf(!existsSync(CHROMIUM))("the site in a browser", () => {
  let site: BuiltSite;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await buildSite("browser", fixtureSnapshot(), { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL });
    server = await startServer(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        SNAPSHOTS_DIR: site.snapshotsDir,
        SITE_DIR: site.dist,
        PUBLIC_BASE_URL: BASE_URL,
        SNAPSHOT_POLL_MS: "0",
        ANON_DAILY_QUOTA: "1000",
        LOG_LEVEL: "silent",
      }),
    );
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  /** A page that records console errors, uncaught exceptions and any request leaving the server. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url)) problems.push(`request to another host: ${request.url()}`);
    });
    await page.goto(`${server.url}${path}`);
    return { page, problems };
  }

  const status = (page: Page) => page.locator("#search-status");
  const resultLinks = (page: Page) => page.locator("#search-results tbody tr a");

  it("finds a venue by keyword and field filter, then by rank alone", async () => {
    const { page, problems } = await open("/");
    await page.getByLabel("Keyword").fill("testconf");
    await page.getByLabel("Research field").selectOption("ai");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => status(page).textContent()).toBe("1 match, page 1 of 1.");
    await expect.poll(() => resultLinks(page).allTextContents()).toEqual(["TESTCONF"]);
    expect(await resultLinks(page).first().getAttribute("href")).toBe("/conference/101");
    expect(new URL(page.url()).searchParams.get("query")).toBe("testconf");

    await page.getByLabel("Keyword").fill("");
    await page.getByLabel("Research field").selectOption("");
    await page.getByLabel("CCF rank").selectOption("b");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => resultLinks(page).allTextContents()).toEqual(["SECCONF"]);
    await page.screenshot({ path: join(SCREENSHOTS, "site-home-search.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("pages through the results", async () => {
    const { page, problems } = await open("/");
    await page.getByLabel("Research field").selectOption(FILLER_FIELD);
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 1 of 2.`);
    expect(await resultLinks(page).count()).toBe(20);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 2 of 2.`);
    expect(await resultLinks(page).count()).toBe(FILLER_COUNT - 20);
    expect(await page.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);

    // The address bar keeps the search: a reload shows the same page.
    await page.reload();
    await expect.poll(() => status(page).textContent()).toBe(`${FILLER_COUNT} matches, page 2 of 2.`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the API's message for an invalid parameter", async () => {
    const { page, problems } = await open("/");
    await page.getByLabel("Search in").selectOption("journals");
    expect(await page.getByLabel("CORE rank").isHidden()).toBe(true);
    await page.getByLabel("ISSN").fill("12");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/issn/i);
    expect(await status(page).getAttribute("class")).toContain("error");
    expect(await page.locator("#search-results table").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a venue's ranks and deadlines with the reader's local time and a countdown", async () => {
    const { page, problems } = await open("/conference/101");
    const ranks = page.getByRole("list", { name: "Ranks" });
    expect((await ranks.locator(".tier").allTextContents()).slice(0, 3)).toEqual(["A", "A*", "A1"]);
    const abstract = page.locator("#deadline-2099-abstract-1");
    expect(await abstract.textContent()).toContain("2099-01-15 23:59:59 AoE");
    expect(await abstract.textContent()).toContain("2099-01-16 11:59 UTC");
    await expect
      .poll(() => abstract.locator(".countdown").textContent())
      .toMatch(/^in \d+d \d\dh \d\dm \d\ds$/);
    expect(await abstract.locator(".local-time").textContent()).toMatch(/^Your time: /);
    expect(await page.locator("svg[aria-label='Acceptance rate of TESTCONF by year']").count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, "site-conference.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is served as Markdown to a client that asks for it", async () => {
    const response = await fetch(`${server.url}/conference/101`, { headers: { accept: "text/markdown" } });
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("vary")).toContain("Accept");
    expect(await response.text()).toContain("# TESTCONF — International Conference on Testing");
    const catalog = await fetch(`${server.url}/.well-known/api-catalog`);
    expect(catalog.headers.get("content-type")).toBe("application/linkset+json");
  });
});
