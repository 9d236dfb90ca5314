/**
 * The account forms in Debian's Chromium at 390 px, by keyboard only: sign up, follow the confirmation link from the
 * mail a real SMTP server received, log in and come back where the reader was going; axe-core finds no serious or
 * critical issue on the pages. Served inside the built site's frame (dist/account.html: `npm run site`).
 */
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../../helpers/accounts-service.ts";
import {
  BROWSER_READY,
  browserAccountsForFile,
  enterByKeyboard,
  linkInMail,
  logInByKeyboard,
  screenshot,
  scrollWidth,
  seriousIssues,
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
    await enterByKeyboard(page, "#f-email", [email, "short", "Kay Board"]);
    await page.waitForSelector("#f-password-error");
    expect(await page.inputValue("#f-email")).toBe(email);
    expect(await page.inputValue("#f-password")).toBe("");
    expect(await seriousIssues(page)).toEqual([]);
    await enterByKeyboard(page, "#f-password", [PASSWORD]);
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
    await screenshot(page, "account-login-390");
    await context.close();
  });
});
