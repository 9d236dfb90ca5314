/**
 * The account forms in Debian's Chromium at 390 px, by keyboard only: sign up, follow the confirmation link from the
 * mail a real SMTP server received, log in and come back where the reader was going; axe-core finds no serious or
 * critical issue on the pages. Served inside the built site's frame (dist/account.html: `npm run site`).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startTestService, type TestService } from "../../../helpers/accounts-service.ts";
import { chromiumForFile, HAS_CHROMIUM } from "../../../helpers/chromium.ts";
import { freePort, type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";

const SITE = join(import.meta.dirname, "../../../../dist");
const AXE = join(import.meta.dirname, "../../../../node_modules/axe-core/axe.min.js");
const BUILT = existsSync(join(SITE, "account.html"));

/** Presses Tab until `selector` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function seriousIssues(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page
    const result = await (window as any).axe.run(document);
    return result.violations as { id: string; impact: string; nodes: unknown[] }[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

describe.skipIf(!HAS_CHROMIUM || !BUILT)("the account forms in a browser", () => {
  const browser = chromiumForFile();
  let service: TestService;
  let sink: SmtpSink;
  let base = "";

  beforeAll(async () => {
    sink = await startSmtpSink();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    service = await startTestService(
      { STATE_DIR: await mkdtemp(join(tmpdir(), "vd-account-browser-")), REDIS_URL: "" },
      {
        env: {
          PORT: String(port),
          PUBLIC_BASE_URL: base,
          SITE_DIR: SITE,
          TRUST_PROXY: "false",
          SMTP_URL: sink.url,
          MAIL_FROM: "Venue Directory <noreply@venues.test>",
          MAIL_RATE: "1000",
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await sink?.close();
  });

  it("signs up, confirms and logs in by keyboard at 390 px, with no serious axe issue", async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const email = `keyboard-${process.pid}@example.org`;

    await page.goto(`${base}/account/signup`);
    expect(await page.title()).toContain("Sign up");
    expect(await seriousIssues(page)).toEqual([]);
    // No horizontal scrolling at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tabTo(page, "#f-email");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("short");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kay Board");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#f-password-error");
    expect(await page.inputValue("#f-email")).toBe(email);
    expect(await page.inputValue("#f-password")).toBe("");
    expect(await seriousIssues(page)).toEqual([]);
    await tabTo(page, "#f-password");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForSelector("text=A mail is on its way");

    await sink.waitFor(1);
    const text = sink.received.find((m) => m.to.includes(email))?.parts.get("text/plain") ?? "";
    const link = /(http:\/\/127\.0\.0\.1:\d+\/account\/verify\?token=\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link ?? "");
    await page.waitForSelector("text=is confirmed");
    expect(await seriousIssues(page)).toEqual([]);

    await page.goto(`${base}/account/login?next=%2Fwatchlist`);
    expect(await seriousIssues(page)).toEqual([]);
    await tabTo(page, "#f-email");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${base}/watchlist`);
    await page.goto(`${base}/account/login`);
    await page.waitForSelector(`text=You are logged in as`);
    expect(await seriousIssues(page)).toEqual([]);
    await page.screenshot({
      path: join(SITE, "..", "test-results", "account-login-390.png"),
      fullPage: true,
    });
    await context.close();
  });
});
