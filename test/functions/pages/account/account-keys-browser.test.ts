/**
 * The whole path a new researcher takes, in Debian's Chromium over real HTTP, keyboard only: sign up → the
 * confirmation mail arrives at a real SMTP server → follow its link → log in from /account/api-keys → create a key
 * (shown once, copied with its button) → `GET /api/conferences/{id}` and MCP `get_conference` (the SDK's client)
 * with it → revoke it on the page → the same two calls answer 401. The account page at 390 and 1400 px has no
 * horizontal scroll and no serious axe-core issue. Served inside the built site's frame (`npm run site`).
 */
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startTestService, type TestService } from "../../../helpers/accounts-service.ts";
import { chromiumForFile, HAS_CHROMIUM } from "../../../helpers/chromium.ts";
import { freePort, type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { connectMcp } from "../../mcp/client.ts";

const SITE = join(import.meta.dirname, "../../../../dist");
const AXE = join(import.meta.dirname, "../../../../node_modules/axe-core/axe.min.js");
const SHOTS = join(SITE, "..", "test-results");
const BUILT = existsSync(join(SITE, "account.html"));

async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
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
    return result.violations as { id: string; impact: string }[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

describe.skipIf(!HAS_CHROMIUM || !BUILT)(
  "from sign-up to a working and then revoked API key, in a browser",
  () => {
    const browser = chromiumForFile();
    let service: TestService;
    let sink: SmtpSink;
    let base = "";

    beforeAll(async () => {
      sink = await startSmtpSink();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      service = await startTestService(
        { STATE_DIR: await mkdtemp(join(tmpdir(), "vd-account-keys-")), REDIS_URL: "" },
        {
          mcp: true,
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

    const detail = (key: string) =>
      fetch(`${base}/api/conferences/101`, { headers: { authorization: `Bearer ${key}` } });

    async function mcpDetail(key: string): Promise<{ ok: true } | { status: number }> {
      try {
        const mcp = await connectMcp(base, { authorization: `Bearer ${key}` });
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
      const context = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
      const page = await context.newPage();
      const email = `keys-${process.pid}@example.org`;

      await page.goto(`${base}/account/signup`);
      await tabTo(page, "#f-email");
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Tab");
      await page.keyboard.type("Key Holder");
      await page.keyboard.press("Enter");
      await page.waitForSelector("text=A mail is on its way");

      await sink.waitFor(1);
      const text = sink.received.find((m) => m.to.includes(email))?.parts.get("text/plain") ?? "";
      const link = /(http:\/\/127\.0\.0\.1:\d+\/account\/verify\?token=\S+)/.exec(text)?.[1];
      expect(link).toBeDefined();
      await page.goto(link ?? "");
      await page.waitForSelector("text=is confirmed");

      // Where the reference's clients send people for a key: the log-in form, then back to the keys.
      const answer = await page.goto(`${base}/account/api-keys`);
      expect(answer?.status()).toBe(200);
      await tabTo(page, "#f-email");
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Enter");
      await page.waitForURL(`${base}/account/api-keys`);
      await page.waitForSelector("#f-label");
      expect(await seriousIssues(page)).toEqual([]);

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
      expect(await seriousIssues(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(SHOTS, "account-keys-390.png"), fullPage: true });

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
      expect(await seriousIssues(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
      await page.screenshot({ path: join(SHOTS, "account-1400.png"), fullPage: true });
      await page.goto(`${base}/account/delete`);
      expect(await seriousIssues(page)).toEqual([]);
      await context.close();
    }, 90_000);
  },
);
