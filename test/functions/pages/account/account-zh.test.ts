/**
 * The account pages in Chinese and the account's digests, over real HTTP with a real SMTP server on 127.0.0.1:
 * signing up, confirming, logging in and resetting a password under /zh/ answer in Chinese, and the mails they send
 * are in Chinese with links to the Chinese pages (the English pages' mails stay English); the account page lists
 * the digests going to the account's address (wherever they were started) with their change-or-stop links, and
 * starts a digest of its watchlist at once, without a confirmation link; the builder's digest run then mails it in
 * Chinese, linking the Chinese pages. Bad input there is refused with the reason and nothing stored.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateProfile } from "../../../../accounts/auth/accounts.ts";
import {
  freshIp,
  newAccount,
  PASSWORD,
  startTestService,
  type TestService,
} from "../../../helpers/accounts-service.ts";
import { REPO_ROOT, runTs } from "../../../helpers/run-ts.ts";
import { type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { tempDirsForFile } from "../../../helpers/temp-dirs.ts";
import { BrowserSession, linkIn } from "./browser-session.ts";

/** An address no other test uses. */
const newAddress = () => `zh-${randomUUID()}@example.org`;

/** A body part as text: the sink undoes quoted-printable byte by byte (one character a byte of UTF-8). */
const utf8 = (part: string) =>
  [...part].every((c) => c.charCodeAt(0) < 256) ? Buffer.from(part, "latin1").toString("utf8") : part;

/** A header as written (RFC 2047 encoded words decoded). */
function decodedHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

describe("the account pages in Chinese", () => {
  const tempDir = tempDirsForFile("vd-account-zh-");
  let service: TestService;
  let sink: SmtpSink;

  /** The mails that arrived for `to`, in order, once `count` have. */
  async function mailsTo(to: string, count = 1) {
    return (await sink.waitForMailsTo(to, count)).map((m) => ({
      subject: decodedHeader(m.headers.get("subject") ?? ""),
      text: utf8(m.parts.get("text/plain") ?? ""),
      html: utf8(m.parts.get("text/html") ?? ""),
      headers: m.headers,
    }));
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    service = await startTestService(
      { STATE_DIR: tempDir("state"), REDIS_URL: "" },
      { env: { SMTP_URL: sink.url, MAIL_FROM: "Venue Directory <noreply@venues.test>", MAIL_RATE: "1000" } },
    );
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await sink?.close();
  });

  it("signs up, confirms and logs in under /zh/, the mail in Chinese linking the Chinese pages", async () => {
    const email = newAddress();
    const browser = new BrowserSession(service, freshIp());
    const form = await browser.get("/zh/account/signup");
    expect(form.status).toBe(200);
    expect(form.html).toContain('lang="zh-CN"');
    expect(form.html).toContain("<h1>注册</h1>");
    expect(form.html).toContain('action="/zh/account/signup"');
    expect(form.html).toContain("电子邮件地址");
    expect(form.html).not.toContain("E-mail address");

    const bad = await browser.postFrom(form, "/zh/account/signup", { email, password: "x", name: "" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("有些字段需要修改");
    expect(await service.store.findAccountByEmail(email)).toBeNull();

    const sent = await browser.postFrom(form, "/zh/account/signup", {
      email,
      password: PASSWORD,
      name: "张三",
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain("一封邮件正在发往");
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("确认你在 Venue Directory 的电子邮件地址");
    expect(mail?.text).toContain("该链接只能使用一次，24 小时内有效");
    const verify = linkIn(mail?.text ?? "", "/zh/account/verify?token=");
    const confirmed = await browser.get(verify);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("电子邮件地址已确认");
    expect(confirmed.html).toContain('href="/zh/account/login?next=%2Fzh%2Faccount"');

    const login = await browser.submit(
      "/zh/account/login?next=%2Fzh%2Faccount",
      {
        email,
        password: PASSWORD,
        next: "/zh/account",
      },
      "/zh/account/login",
    );
    expect(login.status).toBe(303);
    expect(login.res.headers.get("location")).toBe("/zh/account");
    const home = await browser.get("/zh/account");
    expect(home.status).toBe(200);
    expect(home.html).toContain('<h2 id="api-keys">API 密钥</h2>');
    expect(home.html).toContain('<h2 id="digests">邮件摘要</h2>');
    expect(home.html).toContain('action="/zh/account/logout"');

    const out = await browser.postFrom(home, "/zh/account/logout");
    expect(out.res.headers.get("location")).toBe("/zh/account/login?logged_out=1");
  });

  it("sends the reset link in the language of the page it was asked from", async () => {
    const account = await newAccount(service.store);
    const browser = new BrowserSession(service, freshIp());
    const asked = await browser.submit("/zh/account/forgot", { email: account.email });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("该链接只能使用一次，60 分钟内有效。");
    const [zh] = await mailsTo(account.email);
    expect(zh?.subject).toBe("重置你的 Venue Directory 密码");
    const reset = linkIn(zh?.text ?? "", "/zh/account/reset?token=");
    const page = await browser.get(reset);
    expect(page.html).toContain("<h1>设置新密码</h1>");
    expect(page.html).toMatch(/至少 \d+ 个字符/);

    // The English page's mail stays English, linking the English page.
    await browser.submit("/account/forgot", { email: account.email });
    const [, en] = await mailsTo(account.email, 2);
    expect(en?.subject).toBe("Reset your Venue Directory password");
    expect(linkIn(en?.text ?? "", "/account/reset?token=")).toMatch(/^\/account\/reset\?token=/);
  });

  it("lists the address's digests and starts one of the watchlist at once, mailed in Chinese", async () => {
    const account = await newAccount(service.store);
    const browser = new BrowserSession(service, freshIp());
    await browser.submit("/zh/account/login", {
      email: account.email,
      password: PASSWORD,
      next: "/zh/account",
    });
    const before = await browser.get("/zh/account");
    expect(before.html).toContain("目前没有发往");
    // Nothing tracked yet: no form, the reason instead; a POST anyway is refused and stores nothing.
    expect(before.html).not.toContain('action="/zh/account/digest"');
    const early = await browser.postFrom(before, "/zh/account/digest", { frequency: "daily" });
    expect(early.status).toBe(400);
    expect(early.html).toContain("请先在下面的资料中关注会议");
    expect(await service.store.listSubscriptions(account.email)).toEqual([]);

    await updateProfile(service.store, account.email, { trackedConferences: ["101", "102"] });
    const page = await browser.get("/zh/account");
    expect(page.html).toContain('action="/zh/account/digest"');
    const zone = await browser.postFrom(page, "/zh/account/digest", {
      frequency: "daily",
      time_zone: "Mars/Olympus",
    });
    expect(zone.status).toBe(400);
    expect(zone.html).toContain("不是时区");
    expect(await service.store.listSubscriptions(account.email)).toEqual([]);

    const started = await browser.postFrom(page, "/zh/account/digest", {
      frequency: "daily",
      closes_in: "7",
      time_zone: "Asia/Shanghai",
    });
    expect(started.status).toBe(303);
    expect(started.res.headers.get("location")).toBe("/zh/account?done=digest#digests");
    const [sub] = await service.store.listSubscriptions(account.email);
    expect(sub).toMatchObject({
      confirmed: true,
      confirmHash: null,
      language: "zh",
      frequency: "daily",
      closesIn: [7],
      timeZone: "Asia/Shanghai",
      target: { kind: "watchlist" },
    });
    // No confirmation mail: the address is the account's own, confirmed already.
    expect(sink.received.filter((m) => m.to.includes(account.email))).toHaveLength(0);

    // A second one of the same watchlist is refused.
    const listed = await browser.get("/zh/account?done=digest");
    expect(listed.html).toContain("你的关注列表摘要已生效");
    expect(listed.html).not.toContain('action="/zh/account/digest"');
    const twice = await browser.postFrom(listed, "/zh/account/digest", { frequency: "weekly" });
    expect(twice.status).toBe(400);
    expect(await service.store.listSubscriptions(account.email)).toHaveLength(1);

    // A digest of a filter started on the English pages (by the same address) is listed too, with its links.
    const subscribed = await service.fetch("/subscribe", {
      method: "POST",
      ip: freshIp(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: account.email, filter: "ccf_rank=A&within_days=366" }),
    });
    expect(subscribed.status, await subscribed.text()).toBe(202);
    const both = await browser.get("/zh/account");
    const manage = [...both.html.matchAll(/href="(\/zh\/subscriptions\/[A-Za-z0-9_-]{22}\?sig=[^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
    expect(manage).toHaveLength(2);
    expect(both.html).toContain("等待确认链接");
    expect(both.html).toMatch(/href="\/zh\/deadlines\?ccf_rank=A(&amp;|&#38;)within_days=366/);
    const change = await service.fetch(manage[0] ?? "");
    expect(change.status).toBe(200);
    const changeHtml = await change.text();
    expect(changeHtml).toContain('<html lang="zh-CN"');
    expect(changeHtml).toContain("停止此订阅");

    // The builder's run mails the watchlist's digest in Chinese, linking the Chinese pages.
    // On the service's clock (the fixture's day, which stands still) a minute early, so the mail it queues is due
    // for the service's sender.
    const run = await runTs("scripts/send-digests.ts", [], {
      env: {
        ...service.env,
        CLOCK_OFFSET_MS: String(service.clock.now.getTime() - 60_000 - Date.now()),
        NODE_OPTIONS: `--import ${pathToFileURL(join(REPO_ROOT, "test/helpers/clock-offset.mjs")).href}`,
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const mails = await mailsTo(account.email, 2);
    // The filter's digest was asked for on an English page: its confirmation is English.
    expect(mails[0]?.subject).toBe("Confirm your deadline digest subscription");
    const digest = mails.find((m) => m.subject.startsWith("截稿日期摘要"));
    expect(digest?.subject).toMatch(/^截稿日期摘要（\d{4}-\d{2}-\d{2}）：/);
    expect(digest?.text).toContain("这是你的第一份摘要");
    expect(digest?.text).toContain("你的关注列表（2 个会议）");
    expect(digest?.text).toMatch(/https:\/\/venues\.test\/zh\/conference\/10[12]/);
    expect(digest?.text).toContain("https://venues.test/zh/subscriptions/");
    expect(digest?.html).toContain('lang="zh-CN"');
    expect(digest?.headers.get("list-unsubscribe")).toMatch(
      /^<https:\/\/venues\.test\/zh\/subscriptions\/.+\/unsubscribe\?sig=/,
    );
  }, 60_000);
});
