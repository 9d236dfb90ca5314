/**
 * The Chinese site in a real browser (Debian's chromium, zh-CN locale) over the fixture build: screenshots of home,
 * /deadlines with a filter, a venue page and a ranking page at 390 px and 1400 px (test-results/site-zh-*.png);
 * the switch keeps the filter and the fragment and is remembered, and a remembered choice only offers the other
 * language in a banner, never a redirect.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, chromiumForFile, HAS_CHROMIUM } from "../helpers/chromium.ts";
import { PROJECT_ROOT, servedSiteForFile } from "./build-site.ts";
import { fixtureSnapshot } from "./fixture.ts";

const SCREENSHOTS = join(PROJECT_ROOT, "test-results");

if (!HAS_CHROMIUM) console.warn(`Skipping the Chinese browser tests: ${CHROMIUM} is missing.`);

describe.skipIf(!HAS_CHROMIUM)("the Chinese site in a browser", () => {
  const served = servedSiteForFile("i18n-browser", fixtureSnapshot());
  const browser = chromiumForFile();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  const PAGES = {
    home: "/zh",
    deadlines: "/zh/deadlines?ccf_rank=A&ccf_rank=B",
    venue: "/zh/conference/101",
    ranking: "/zh/rankings/ccf-a",
  };

  for (const width of [390, 1400]) {
    it(`shows home, /deadlines, a venue and a ranking page in Chinese at ${width} px`, async () => {
      const context = await browser().newContext({
        locale: "zh-CN",
        viewport: { width, height: width === 390 ? 844 : 900 },
      });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(PAGES)) {
        await page.goto(`${served().server.url}${path}`);
        expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
        expect(await page.locator("nav.site").textContent()).toContain("截稿日期");
        // A zh-CN browser on a Chinese page is offered nothing.
        expect(await page.locator("[data-language-suggestion]").isHidden()).toBe(true);
        if (name === "venue") {
          // The live countdown and the reader's time speak Chinese too.
          await expect
            .poll(() => page.locator("#outlook .countdown").first().textContent())
            .toMatch(/^还剩 \d+天 \d\d时 \d\d分 \d\d秒$/);
          expect(await page.locator("#outlook .local-time").first().textContent()).toMatch(/^您的时间：/);
          // The star speaks Chinese before and after a click (the script once wrote "★ Watching" on every page).
          if (width === 390) {
            await page.getByRole("button", { name: "☆ 关注" }).click();
            await expect.poll(() => page.locator("button.star").textContent()).toBe("★ 已关注");
            await page.getByRole("button", { name: "★ 已关注" }).click();
            await expect.poll(() => page.locator("button.star").textContent()).toBe("☆ 关注");
          }
        }
        await page.screenshot({
          path: join(SCREENSHOTS, `site-zh-${name}-${width}.png`),
          fullPage: width === 390,
        });
      }
      await context.close();
    });
  }

  it("switches to English on the same filter and fragment, remembers it, and never redirects", async () => {
    const context = await browser().newContext({ locale: "zh-CN", viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${served().server.url}/zh/conference/101#outlook`);
    await page.locator('header a.language-switch[data-lang-switch="en"]').click();
    await page.waitForURL(/\/conference\/101#outlook$/);
    expect(new URL(page.url()).pathname).toBe("/conference/101");
    expect(await page.evaluate(() => localStorage.getItem("vd-language"))).toBe("en");
    // English remembered: the English page offers nothing although the browser prefers Chinese.
    expect(await page.locator("[data-language-suggestion]").isHidden()).toBe(true);

    // Chinese remembered: an English address stays English (no redirect) and offers the Chinese page.
    await page.goto(`${served().server.url}/deadlines?ccf_rank=A`);
    await page.locator('header a.language-switch[data-lang-switch="zh"]').click();
    await page.waitForURL(/\/zh\/deadlines\?ccf_rank=A/);
    await page.goto(`${served().server.url}/rankings/ccf-a`);
    expect(new URL(page.url()).pathname).toBe("/rankings/ccf-a");
    const banner = page.locator("[data-language-suggestion]");
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.locator("a").getAttribute("href")).toBe("/zh/rankings/ccf-a");
    await context.close();
  });

  it("offers Chinese to a browser that prefers it on its first English page, and English to one that does not", async () => {
    for (const [locale, path, offered] of [
      ["zh-CN", "/conference/101", true],
      ["en-US", "/zh/conference/101", true],
      ["en-US", "/conference/101", false],
    ] as const) {
      const context = await browser().newContext({ locale });
      const page = await context.newPage();
      await page.goto(`${served().server.url}${path}`);
      await expect
        .poll(() => page.locator("[data-language-suggestion]").isVisible(), { message: `${locale} ${path}` })
        .toBe(offered);
      await context.close();
    }
  });
});
