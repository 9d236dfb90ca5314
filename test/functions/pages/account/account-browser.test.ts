/**
 * The account forms in Debian's Chromium at 390 px, by keyboard only: sign up, follow the confirmation link from the
 * mail a real SMTP server received, log in and come back where the reader was going; axe-core finds no serious or
 * critical issue on the pages. Served inside the built site's frame (dist/account.html: `npm run site`).
 */
import { expect, it } from "vitest";
import { PASSWORD } from "../../../helpers/accounts-service.ts";
import { describeInBrowser, enterByKeyboard, expectSoundPage, logInByKeyboard } from "./browser-accounts.ts";

describeInBrowser("the account forms in a browser", ({ browser, accounts }) => {
  it("signs up, confirms and logs in by keyboard at 390 px, with no serious axe issue", async () => {
    const { base } = accounts();
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const email = `keyboard-${process.pid}@example.org`;

    await page.goto(`${base}/account/signup`);
    expect(await page.title()).toContain("Sign up");
    // No horizontal scrolling at 390 px.
    await expectSoundPage(page, { maxWidth: 390 });
    await enterByKeyboard(page, "#f-email", [email, "short", "Kay Board"]);
    await page.waitForSelector("#f-password-error");
    expect(await page.inputValue("#f-email")).toBe(email);
    expect(await page.inputValue("#f-password")).toBe("");
    await expectSoundPage(page);
    await enterByKeyboard(page, "#f-password", [PASSWORD]);
    await page.waitForSelector("text=A mail is on its way");

    await page.goto(await accounts().linkInMail(email, "/account/verify"));
    await page.waitForSelector("text=is confirmed");
    await expectSoundPage(page);

    await page.goto(`${base}/account/login?next=%2Fwatchlist`);
    await expectSoundPage(page);
    await logInByKeyboard(page, email, PASSWORD);
    await page.waitForURL(`${base}/watchlist`);
    await page.goto(`${base}/account/login`);
    await page.waitForSelector(`text=You are logged in as`);
    await expectSoundPage(page, { shot: "account-login-390" });
    await context.close();
  });
});
