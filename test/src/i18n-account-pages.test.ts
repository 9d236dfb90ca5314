/**
 * The account and subscription pages in Chinese, over the fixture build served by the whole service (state store,
 * outbox, the account pages in the built `zh/account.html` frame): every /zh/ account page (sign-up, confirmation,
 * log-in, forgotten password, reset, the account page with its digests, deletion) and every subscription page
 * (subscribe, confirm, change or stop, unsubscribe) carries no English interface word in its headings, labels,
 * buttons, notes, paragraphs, list items and links; the English pages do (so the check can fail); the language
 * switch leads to the same page in the other language.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, updateProfile } from "../../accounts/auth/accounts.ts";
import { type RunningService, startService } from "../../functions/composition-root.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { englishInterfaceWords, INTERFACE } from "../helpers/interface-words.ts";
import { freePort } from "../helpers/smtp-sink.ts";
import { type BuiltSite, buildSite } from "./build-site.ts";
import { BASE_URL, BUILD_NOW, fixtureSnapshot } from "./fixture.ts";

const fixture = fixtureSnapshot();
/** Data the pages print as it is: venue names, and the marker the service writes over contacts in a CV. */
const DATA_NAMES = [...fixture.conferences, ...fixture.journals]
  .flatMap((v) => [v.full_name, v.short_name ?? ""])
  .concat("[contact removed]")
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);
/** These pages are all interface: every paragraph, list item and link is checked too. */
const WHERE = `${INTERFACE}, p, li, a, .hint, .notice, .problem`;
const PASSWORD = "correct horse battery staple";
const EMAIL = "reader@example.org";

describe("the account and subscription pages in Chinese", () => {
  let site: BuiltSite;
  let service: RunningService;
  /** A logged-in browser's cookies and its form token. */
  let cookie = "";

  beforeAll(async () => {
    site = await buildSite("zh-account", fixture, { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL });
    service = await startService(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        PUBLIC_BASE_URL: BASE_URL,
        SNAPSHOTS_DIR: site.snapshotsDir,
        SITE_DIR: site.dist,
        SNAPSHOT_POLL_MS: "0",
        STATE_DIR: join(site.root, "state"),
        // A relay nobody listens on: mail stays queued.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: "noreply@venues.test",
        MAIL_RETRY_BASE_MS: "3600000",
      }),
      { logger: silentLogger, clock: () => new Date(BUILD_NOW) },
    );
    await createUser(service.store, { email: EMAIL, password: PASSWORD, name: "Reader" });
    await updateProfile(service.store, EMAIL, { trackedConferences: ["101", "102"] });
  }, 300_000);
  afterAll(async () => {
    await service?.close();
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(`${service.server.url}${path}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, html: await res.text() };
  };
  const post = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${service.server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: BASE_URL,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
    return { res, html: await res.text() };
  };
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const keepCookies = (res: Response) => {
    const jar = new Map(
      cookie
        .split("; ")
        .filter(Boolean)
        .map((c) => c.split("=") as [string, string]),
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  };
  const switchHref = (html: string, to: string) =>
    parseHTML(html).document.querySelector(`a[data-lang-switch="${to}"]`)?.getAttribute("href");

  it("shows the account pages logged out in Chinese only, the switch on the same page", async () => {
    for (const path of [
      "/account/signup",
      "/account/login",
      "/account/forgot",
      "/account/verify",
      "/account/reset?token=abc",
      "/account",
    ]) {
      const zh = await get(`/zh${path}`);
      expect(zh.status, path).toBe(200);
      expect(zh.html, path).toContain('<html lang="zh-CN"');
      expect(englishInterfaceWords(zh.html, DATA_NAMES, WHERE), path).toEqual([]);
      expect(switchHref(zh.html, "en"), path).toBe(path);
      const en = await get(path);
      expect(englishInterfaceWords(en.html, DATA_NAMES, WHERE).length, path).toBeGreaterThan(0);
      expect(switchHref(en.html, "zh"), path).toBe(`/zh${path}`);
    }
    // A refused form too (a wrong password): the problem is Chinese.
    const login = await get("/zh/account/login");
    keepCookies(await fetch(`${service.server.url}/zh/account/login`));
    const wrong = await post("/zh/account/login", {
      csrf: csrfOf((await get("/zh/account/login")).html) || csrfOf(login.html),
      email: EMAIL,
      password: "wrong password here",
    });
    expect(wrong.res.status).toBe(401);
    expect(englishInterfaceWords(wrong.html, DATA_NAMES, WHERE)).toEqual([]);
  });

  it("shows the account page, its digests and the deletion form in Chinese only", async () => {
    cookie = "";
    const form = await fetch(`${service.server.url}/zh/account/login`);
    keepCookies(form);
    const logged = await post("/zh/account/login", {
      csrf: csrfOf(await form.text()),
      email: EMAIL,
      password: PASSWORD,
      next: "/zh/account",
    });
    expect(logged.res.status).toBe(303);
    keepCookies(logged.res);
    const home = await get("/zh/account");
    expect(home.html).toContain('action="/zh/account/digest"');
    const started = await post("/zh/account/digest", { csrf: csrfOf(home.html), frequency: "weekly" });
    expect(started.res.status).toBe(303);
    for (const path of ["/account?done=digest", "/account/api-keys", "/account/delete"]) {
      const zh = await get(`/zh${path}`);
      expect(zh.status, path).toBe(200);
      expect(englishInterfaceWords(zh.html, DATA_NAMES, WHERE), path).toEqual([]);
      expect(switchHref(zh.html, "en"), path).toBe(path);
    }
    const done = await get("/zh/account?done=digest");
    expect(done.html).toContain("你的关注列表摘要已生效");
  });

  it("shows the subscription pages in Chinese only, the switch on the same page", async () => {
    const [sub] = await service.store.listSubscriptions(EMAIL);
    const manage = /href="(\/zh\/subscriptions\/[^"]+)"/.exec((await get("/zh/account")).html)?.[1] ?? "";
    expect(manage).toContain(`/zh/subscriptions/${sub?.id}?sig=`);
    const unsubscribe = manage.replace("?sig=", "/unsubscribe?sig=").replaceAll("&amp;", "&");
    cookie = "";
    for (const path of [
      "/subscribe?ccf_rank=A&within_days=90",
      `/subscribe/confirm?token=${"A".repeat(43)}`,
      manage.replace(/^\/zh/, ""),
      unsubscribe.replace(/^\/zh/, ""),
    ]) {
      const zh = await get(`/zh${path}`);
      expect(zh.html, path).toContain('<html lang="zh-CN"');
      expect(englishInterfaceWords(zh.html, DATA_NAMES, WHERE), path).toEqual([]);
      expect(switchHref(zh.html, "en")?.replaceAll("&amp;", "&"), path).toBe(path);
      const en = await get(path);
      expect(englishInterfaceWords(en.html, DATA_NAMES, WHERE).length, path).toBeGreaterThan(0);
    }
    // Refusals and answers of a form POST are Chinese too.
    const refused = await post("/zh/subscribe", { email: "@@@", filter: "ccf_rank=A" });
    expect(refused.res.status).toBe(400);
    expect(englishInterfaceWords(refused.html, DATA_NAMES, WHERE)).toEqual([]);
    const subscribed = await post("/zh/subscribe", { email: "zh@example.org", filter: "within_days=366" });
    expect(subscribed.res.status).toBe(202);
    expect(englishInterfaceWords(subscribed.html, DATA_NAMES, WHERE)).toEqual([]);
    const stopped = await post(manage.replaceAll("&amp;", "&"), { action: "stop" });
    expect(stopped.res.status).toBe(200);
    expect(englishInterfaceWords(stopped.html, DATA_NAMES, WHERE)).toEqual([]);
    expect(await service.store.listSubscriptions(EMAIL)).toEqual([]);
  });

  it("offers the digest on /zh/deadlines in Chinese, posting to /zh/subscribe", async () => {
    const deadlines = await get("/zh/deadlines?ccf_rank=A&within_days=90");
    expect(deadlines.html).toContain('action="/zh/subscribe"');
    expect(englishInterfaceWords(deadlines.html, DATA_NAMES)).toEqual([]);
  });
});
