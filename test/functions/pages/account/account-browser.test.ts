/**
 * The account forms in Debian's Chromium at 390 px, by keyboard only: sign up, follow the confirmation link from the
 * mail a real SMTP server received, log in and come back where the reader was going; axe-core finds no serious or
 * critical issue on the pages. Served inside the built site's frame (dist/account.html: `npm run site`).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../../helpers/accounts-service.ts";
import {
  BROWSER_READY,
  browserAccountsForFile,
  linkInMail,
  logInByKeyboard,
  SHOTS,
  scrollWidth,
  seriousIssues,
  tabTo,
} from "./browser-accounts.ts";

describe.skipIf(!BROWSER_READY)("the account forms in a browser", () => {
  const { browser, accounts } = browserAccountsForFile();

  it("signs up, confirms and logs in by keyboard at 390 px, with no serious axe issue", async () => {
    const { base } = accounts();
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const email = `keyboard-${process.pid}@example.org`;

    await page.goto(`${base}/account/signup`);
    expect(await page.title()).toContain("Sign up");
    expect(await seriousIssues(page)).toEqual([]);
    // No horizontal scrolling at 390 px.
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
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

    await page.goto(await linkInMail(accounts(), email, "/account/verify"));
    await page.waitForSelector("text=is confirmed");
    expect(await seriousIssues(page)).toEqual([]);

    await page.goto(`${base}/account/login?next=%2Fwatchlist`);
    expect(await seriousIssues(page)).toEqual([]);
    await logInByKeyboard(page, email, PASSWORD);
    await page.waitForURL(`${base}/watchlist`);
    await page.goto(`${base}/account/login`);
    await page.waitForSelector(`text=You are logged in as`);
    expect(await seriousIssues(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "account-login-390.png"), fullPage: true });
    await context.close();
  });
});
