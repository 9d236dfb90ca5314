/**
 * The whole path a new researcher takes, in Debian's Chromium over real HTTP, keyboard only: sign up → the
 * confirmation mail arrives at a real SMTP server → follow its link → log in from /account/api-keys → create a key
 * (shown once, copied with its button) → `GET /api/conferences/{id}` and MCP `get_conference` (the SDK's client)
 * with it → revoke it on the page → the same two calls answer 401. The account page at 390 and 1400 px has no
 * horizontal scroll and no serious axe-core issue. Served inside the built site's frame (`npm run site`).
 */
import { expect, it } from "vitest";
import { PASSWORD } from "../../../helpers/accounts-service.ts";
import { connectMcp } from "../../mcp/client.ts";
import {
  describeInBrowser,
  expectSoundPage,
  logInByKeyboard,
  signUpAndConfirm,
  tabTo,
} from "./browser-accounts.ts";

describeInBrowser(
  "from sign-up to a working and then revoked API key, in a browser",
  ({ browser, accounts }) => {
    const detail = (key: string) =>
      fetch(`${accounts().base}/api/conferences/101`, { headers: { authorization: `Bearer ${key}` } });

    async function mcpDetail(key: string): Promise<{ ok: true } | { status: number }> {
      try {
        const mcp = await connectMcp(accounts().base, { authorization: `Bearer ${key}` });
        try {
          const result = await mcp.client.callTool({ name: "get_conference", arguments: { id: "101" } });
          expect(result.isError ?? false).toBe(false);
          expect(JSON.stringify(result.structuredContent)).toContain('"101"');
          return { ok: true };
        } finally {
          await mcp.close();
        }
      } catch (error) {
        // The SDK reports a refused HTTP answer as an error naming its status.
        const status = /\b(401)\b/.exec(String(error))?.[1];
        if (!status) throw error;
        return { status: Number(status) };
      }
    }

    it("signs up, confirms, creates a key that works over REST and MCP, revokes it: both answer 401", async () => {
      const { base } = accounts();
      const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
      const page = await context.newPage();
      const email = `keys-${process.pid}@example.org`;

      await signUpAndConfirm(page, accounts(), email, "Key Holder");

      // Where the reference's clients send people for a key: the log-in form, then back to the keys.
      const answer = await page.goto(`${base}/account/api-keys`);
      expect(answer?.status()).toBe(200);
      await logInByKeyboard(page, email, PASSWORD);
      await page.waitForURL(`${base}/account/api-keys`);
      await page.waitForSelector("#f-label");
      await expectSoundPage(page);

      await tabTo(page, "#f-label");
      await page.keyboard.type("laptop");
      await page.keyboard.press("Enter");
      await page.waitForSelector("#new-key");
      const key = (await page.textContent("#new-key")) ?? "";
      expect(key).toMatch(/^vd_[A-Za-z0-9_-]{43}$/);
      await tabTo(page, "button[data-copy]");
      await page.keyboard.press("Enter");
      await page.waitForSelector("button[data-copy]:has-text('Copied')");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await expectSoundPage(page, { maxWidth: 390, shot: "account-keys-390" });

      expect((await detail(key)).status).toBe(200);
      expect(await mcpDetail(key)).toEqual({ ok: true });

      await page.reload();
      expect(await page.content()).not.toContain(key);
      await tabTo(page, 'form[action="/account/api-keys/revoke"] button');
      await page.keyboard.press("Enter");
      await page.waitForSelector("text=The key is revoked");

      expect((await detail(key)).status).toBe(401);
      expect(await mcpDetail(key)).toEqual({ status: 401 });

      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`${base}/account`);
      await expectSoundPage(page, { maxWidth: 1400, shot: "account-1400" });
      await page.goto(`${base}/account/delete`);
      await expectSoundPage(page);
      await context.close();
    }, 90_000);
  },
  { mcp: true },
);
