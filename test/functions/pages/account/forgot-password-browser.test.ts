/**
 * "Forgot password" in Debian's Chromium over real HTTP at 390 px, keyboard only: from the log-in form to
 * /account/forgot → the reset mail arrives at a real SMTP server → follow its link → a common password is refused
 * with the link still usable → set a new one → log in with it. The old password, a session another browser opened
 * before, a login token issued before and the used link are all refused afterwards; axe-core finds no serious or
 * critical issue on the forgot and reset pages. Served inside the built site's frame (`npm run site`).
 */
import { expect, it } from "vitest";
import { createUser } from "../../../../accounts/auth/accounts.ts";
import { bearer, PASSWORD } from "../../../helpers/accounts-service.ts";
import { describeInBrowser, enterByKeyboard, expectSoundPage, logInByKeyboard } from "./browser-accounts.ts";

const NEW_PASSWORD = "a fresh passphrase for spring";

describeInBrowser("forgot password, in a browser", ({ browser, accounts }) => {
  it("resets the password by keyboard at 390 px; the old password, session and login token are refused", async () => {
    const { base, service } = accounts();
    const email = `forgetful-${process.pid}@example.org`;
    await createUser(service.store, { email, password: PASSWORD, name: "Fern Getful" });
    const detail = (credential: string) =>
      fetch(`${base}/api/conferences/101`, { headers: bearer(credential) });

    // Before the reset: a session in another browser, and a login token for scripts.
    const other = await browser().newContext({ viewport: { width: 1400, height: 900 } });
    const otherPage = await other.newPage();
    await otherPage.goto(`${base}/account/login`);
    await logInByKeyboard(otherPage, email, PASSWORD);
    await otherPage.waitForURL(`${base}/account`);
    expect(await otherPage.content()).toContain(email);
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const oldToken = ((await login.json()) as { data: { token: string } }).data.token;
    expect((await detail(oldToken)).status).toBe(200);
    // The reset comes a second after those were issued: the service's clock is the test's and stands still.
    service.clock.now = new Date(service.clock.now.getTime() + 1000);

    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/account/login`);
    await enterByKeyboard(page, 'main a[href="/account/forgot"]');
    await page.waitForURL(`${base}/account/forgot`);
    await expectSoundPage(page, { maxWidth: 390 });
    await enterByKeyboard(page, "#f-email", [email]);
    await page.waitForSelector("text=a mail with a link to choose a new password is on its way");
    await expectSoundPage(page);

    const link = await accounts().linkInMail(email, "/account/reset");
    await page.goto(link);
    expect(await page.title()).toContain("Choose a new password");
    await expectSoundPage(page, { maxWidth: 390 });
    // A common password is refused beside the field, and the link still works for the next try.
    await enterByKeyboard(page, "#f-password", ["password1234"]);
    await page.waitForSelector("#f-password-error");
    expect(await page.textContent("#f-password-error")).toContain("common");
    await expectSoundPage(page);
    await enterByKeyboard(page, "#f-password", [NEW_PASSWORD]);
    await page.waitForSelector("text=Your new password is set");
    await expectSoundPage(page, { shot: "account-reset-390" });

    // On to the log-in form by the page's own link: the old password is refused, the new one works.
    await enterByKeyboard(page, 'main a[href="/account/login"]');
    await page.waitForURL(`${base}/account/login`);
    await logInByKeyboard(page, email, PASSWORD);
    await page.waitForSelector("text=Wrong e-mail address or password");
    await enterByKeyboard(page, "#f-password", [NEW_PASSWORD]);
    await page.waitForURL(`${base}/account`);
    expect(await page.content()).toContain(email);

    // What was issued before the reset stops working: the other browser's session and the login token.
    await otherPage.goto(`${base}/account`);
    expect(await otherPage.title()).toContain("Log in");
    expect(await otherPage.content()).not.toContain(email);
    const refused = await detail(oldToken);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "issued before the account's password was reset",
    );

    // The link worked once.
    await page.goto(link);
    await enterByKeyboard(page, "#f-password", ["yet another long passphrase"]);
    await page.waitForSelector("text=expired or was already used");
    await context.close();
    await other.close();
  }, 90_000);
});
