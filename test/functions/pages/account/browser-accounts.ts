/**
 * What the account pages' Chromium tests share: the service over real HTTP with a site built for the test (the
 * fixture snapshot, so a clean checkout runs them without `npm run site`) and a real SMTP server receiving its mail, keyboard moves, axe-core's serious issues, the link a
 * mail carries, and signing up and confirming by keyboard.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { PASSWORD, startTestService, type TestService } from "../../../helpers/accounts-service.ts";
import { chromiumForFile, HAS_CHROMIUM } from "../../../helpers/chromium.ts";
import { forFile } from "../../../helpers/for-file.ts";
import { seriousAxeFindings } from "../../../helpers/page-layout.ts";
import { freePort, type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { buildSite, PROJECT_ROOT } from "../../../src/build-site.ts";
import { BUILD_NOW, fixtureSnapshot } from "../../../src/fixture.ts";

/** Where the tests leave their screenshots (looked at by people, not compared). */
const SHOTS = join(PROJECT_ROOT, "test-results");

export interface BrowserAccounts {
  service: TestService;
  sink: SmtpSink;
  /** The address the browser uses, `http://127.0.0.1:<port>`, which is also PUBLIC_BASE_URL (links in mails). */
  base: string;
  /** The `number`-th mail (1-based) to `email` once it has arrived, and its link to `path` (`/account/verify`, `/account/reset`). */
  linkInMail(email: string, path: string, number?: number): Promise<string>;
  close(): Promise<void>;
}

/** The service on SQLite in a fresh STATE_DIR, serving the built site, its mail going to a fresh SMTP sink. */
export async function startBrowserAccounts(options: { mcp?: boolean } = {}): Promise<BrowserAccounts> {
  const sink = await startSmtpSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The pages' frame: the site built for this test, its links naming the address served.
  const site = await buildSite(`accounts-${port}`, fixtureSnapshot(), { BUILD_NOW, PUBLIC_BASE_URL: base });
  const service = await startTestService(
    { STATE_DIR: await mkdtemp(join(tmpdir(), "vd-account-browser-")), REDIS_URL: "" },
    {
      mcp: options.mcp,
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: base,
        SITE_DIR: site.dist,
        TRUST_PROXY: "false",
        SMTP_URL: sink.url,
        MAIL_FROM: "Venue Directory <noreply@venues.test>",
        MAIL_RATE: "1000",
      },
    },
  );
  const accounts: BrowserAccounts = {
    service,
    sink,
    base,
    linkInMail: (email, path, number = 1) => linkInMail(accounts, email, path, number),
    async close() {
      await service.close();
      await sink.close();
      await rm(site.root, { recursive: true, force: true });
    },
  };
  return accounts;
}

/** Chromium and the accounts service for the tests of a describe block, both closed after them. */
function browserAccountsForBlock(options: { mcp?: boolean }) {
  return {
    browser: chromiumForFile(),
    accounts: forFile(
      () => startBrowserAccounts(options),
      (running) => running.close(),
    ),
  };
}

/**
 * A describe block of browser tests, `body` given Chromium and the accounts service for its tests; it runs where
 * Debian's Chromium is installed (CI installs it).
 */
export function describeInBrowser(
  name: string,
  body: (session: ReturnType<typeof browserAccountsForBlock>) => void,
  options: { mcp?: boolean } = {},
): void {
  describe.skipIf(!HAS_CHROMIUM)(name, () => body(browserAccountsForBlock(options)));
}

/** Presses Tab until `selector` has the focus (a keyboard user's way there). */
export async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * A keyboard user's way through a form: Tab to `selector`, type each of `values` into it and the fields after it
 * (Tab between them), then Enter. With no values it follows the link or presses the button `selector` names.
 */
export async function enterByKeyboard(
  page: Page,
  selector: string,
  values: readonly string[] = [],
): Promise<void> {
  await tabTo(page, selector);
  for (const [i, value] of values.entries()) {
    if (i > 0) await page.keyboard.press("Tab");
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Enter");
}

/**
 * The page as it is now has no serious or critical axe-core issue; with `maxWidth`, no horizontal scrolling at that
 * width; with `shot`, a full-page screenshot is left in SHOTS as `<shot>.png` (looked at by people, not compared).
 */
export async function expectSoundPage(
  page: Page,
  check: { maxWidth?: number; shot?: string } = {},
): Promise<void> {
  expect(await seriousAxeFindings(page)).toEqual([]);
  if (check.maxWidth !== undefined) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      check.maxWidth,
    );
  }
  if (check.shot) await page.screenshot({ path: join(SHOTS, `${check.shot}.png`), fullPage: true });
}

/** BrowserAccounts.linkInMail: the link to `path` on `base` in the `number`-th mail to `email`. */
async function linkInMail(
  accounts: Pick<BrowserAccounts, "sink" | "base">,
  email: string,
  path: string,
  number = 1,
): Promise<string> {
  const mails = await accounts.sink.waitForMailsTo(email, number);
  const text = mails[number - 1]?.parts.get("text/plain") ?? "";
  const escaped = `${accounts.base}${path}`.replace(/[.?]/g, "\\$&");
  const link = new RegExp(`(${escaped}\\?token=\\S+)`).exec(text)?.[1];
  if (!link) throw new Error(`no ${path} link in the mail to ${email}:\n${text}`);
  return link;
}

/** Signs `email` up on /account/signup by keyboard and follows the confirmation link of the mail that arrives. */
export async function signUpAndConfirm(
  page: Page,
  accounts: BrowserAccounts,
  email: string,
  name: string,
): Promise<void> {
  await page.goto(`${accounts.base}/account/signup`);
  await enterByKeyboard(page, "#f-email", [email, PASSWORD, name]);
  await page.waitForSelector("text=A mail is on its way");
  await page.goto(await accounts.linkInMail(email, "/account/verify"));
  await page.waitForSelector("text=is confirmed");
}

/** Logs in on the log-in form the page shows, by keyboard. */
export async function logInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await enterByKeyboard(page, "#f-email", [email, password]);
}
