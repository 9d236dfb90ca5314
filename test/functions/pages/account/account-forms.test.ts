/**
 * The account forms over real HTTP, the whole service on SQLite with mail going to a real SMTP server started here:
 * sign-up → mail → confirmation link → log-in → log-out; forgotten password → mail → reset → the old session and the
 * old login token refused (API keys kept); each kind of bad input answered on the page with a 4xx, the form refilled
 * but for the password; the limits (1,000 sign-ups from one address, mails per address, log-in limits).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createKey } from "../../../../accounts/auth/accounts.ts";
import { hashSecretToken } from "../../../../accounts/auth/secret-tokens.ts";
import {
  type Backend,
  bearer,
  forEachStore,
  freshIp,
  PASSWORD,
  startTestService,
  type TestService,
} from "../../../helpers/accounts-service.ts";
import { type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { BrowserSession, linkIn } from "./browser-session.ts";

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `reader${addresses}-${process.pid}@example.org`;
};

/** The mails that arrived for `to`, plain text, in order. */
const mailsTo = (sink: SmtpSink, to: string) =>
  sink.received.filter((m) => m.to.includes(to)).map((m) => m.parts.get("text/plain") ?? "");

/** mailsTo, once `count` have arrived. */
async function waitForMail(sink: SmtpSink, to: string, count = 1): Promise<string[]> {
  await sink.waitForMailsTo(to, count);
  return mailsTo(sink, to);
}

forEachStore((backend: Backend) => {
  let service: TestService;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    service = await startTestService(await backend.freshState(), {
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: "Venue Directory <noreply@venues.test>",
        MAIL_RATE: "1000",
        LOGIN_FAILURES_PER_HOUR: "4",
      },
    });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await sink?.close();
  });

  /** Signs up a new reader and follows the confirmation link: their browser and address. */
  async function confirmedReader(): Promise<{ browser: BrowserSession; email: string }> {
    const browser = new BrowserSession(service, freshIp());
    const email = newAddress();
    const done = await browser.submit("/account/signup", { email, password: PASSWORD, name: "Ada Reader" });
    expect(done.status).toBe(200);
    const [mail = ""] = await waitForMail(sink, email);
    expect((await browser.get(linkIn(mail, "/account/verify?token="))).status).toBe(200);
    return { browser, email };
  }

  it("signs up, mails a single-use link, confirms, logs in with a session cookie and logs out", async () => {
    const browser = new BrowserSession(service, freshIp());
    const email = newAddress();
    const form = await browser.get("/account/signup");
    expect(form.status).toBe(200);
    expect(form.res.headers.get("cache-control")).toBe("no-store");
    expect(form.html).toContain("At least 10 characters");
    expect(form.res.headers.getSetCookie().join("\n")).toMatch(/vd_form=.*HttpOnly.*SameSite=Lax/i);

    const sent = await browser.post("/account/signup", {
      csrf: form.csrf ?? "",
      email,
      password: PASSWORD,
      name: "Ada Reader",
      institution: "ETH",
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain("A mail is on its way");
    const account = await service.store.findAccountByEmail(email);
    expect(account).toMatchObject({ verified: false, name: "Ada Reader", institution: "ETH" });
    await expect(createKey(service.store, email, "too early")).rejects.toMatchObject({ code: "unverified" });

    const [mail = ""] = await waitForMail(sink, email);
    const link = linkIn(mail, "/account/verify?token=");
    // Only the token's hash is kept.
    const token = new URL(link, "https://venues.test").searchParams.get("token") ?? "";
    expect(await service.store.takeOneTimeToken(token, "verify")).toBeNull();

    // Not logged in yet: an unconfirmed account is told why.
    const early = await browser.submit("/account/login", { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.html).toContain("not confirmed yet");

    const confirmed = await browser.get(link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("is confirmed");
    expect((await service.store.findAccountByEmail(email))?.verified).toBe(true);
    expect((await createKey(service.store, email, "now")).key).toMatch(/^vd_/);
    const again = await browser.get(link);
    expect(again.status).toBe(400);
    expect(again.html).toContain("expired or was already used");

    const wrong = await browser.submit("/account/login?next=%2Fdeadlines%3Frank%3DA", {
      email,
      password: "not the password at all",
      next: "/deadlines?rank=A",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain("Wrong e-mail address or password");
    expect(wrong.html).toContain(`value="${email}"`);
    expect(wrong.html).not.toContain("not the password at all");

    const loggedIn = await browser.submit("/account/login", {
      email,
      password: PASSWORD,
      next: "/deadlines?rank=A",
    });
    expect(loggedIn.status).toBe(303);
    expect(loggedIn.res.headers.get("location")).toBe("/deadlines?rank=A");
    const cookie = loggedIn.res.headers.getSetCookie().find((c) => c.startsWith("vd_session=")) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i); // PUBLIC_BASE_URL is https
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=1209600/); // 14 days
    const sessionToken = browser.cookies.get("vd_session") ?? "";
    expect(await service.store.getSession(hashSecretToken(sessionToken))).toMatchObject({
      accountId: account?.id,
    });

    const page = await browser.get("/account/login");
    expect(page.html).toContain(`You are logged in as <strong>${email}</strong>`);
    const out = await browser.post("/account/logout", { csrf: page.csrf ?? "" });
    expect(out.status).toBe(303);
    expect(browser.cookies.has("vd_session")).toBe(false);
    expect(await service.store.getSession(hashSecretToken(sessionToken))).toBeNull();
    // The old cookie, kept by a copy of the browser, is worth nothing now.
    browser.cookies.set("vd_session", sessionToken);
    expect((await browser.get("/account/login")).html).not.toContain("You are logged in");
  });

  it("resets a forgotten password by a single-use link, ending every session and login token but not API keys", async () => {
    const { browser, email } = await confirmedReader();
    const { key } = await createKey(service.store, email, "script");
    expect((await browser.submit("/account/login", { email, password: PASSWORD })).status).toBe(303);
    const oldSession = browser.cookies.get("vd_session");
    const login = await service.json("/api/login", {
      method: "POST",
      ip: freshIp(),
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const oldJwt = login.body.data.token as string;
    expect((await service.fetch("/api/openapi.json", { headers: bearer(oldJwt) })).status).toBe(200);

    // The reset comes a second after those credentials were issued (the service's clock is the test's).
    service.clock.now = new Date(service.clock.now.getTime() + 1000);
    const other = new BrowserSession(service, freshIp());
    const asked = await other.submit("/account/forgot", { email });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("has an account, a mail with a link");
    const mails = await waitForMail(sink, email, 2);
    const link = linkIn(mails[1] ?? "", "/account/reset?token=");
    const form = await other.get(link);
    expect(form.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(form.html)?.[1] ?? "";

    const weak = await other.post("/account/reset", {
      csrf: form.csrf ?? "",
      token,
      password: "password1234",
    });
    expect(weak.status).toBe(400);
    expect(weak.html).toContain("most common passwords");
    const NEW = "a brand new long passphrase";
    const done = await other.post("/account/reset", { csrf: weak.csrf ?? "", token, password: NEW });
    expect(done.status).toBe(200);
    expect(done.html).toContain("Your new password is set");
    const reused = await other.post("/account/reset", { csrf: weak.csrf ?? "", token, password: NEW });
    expect(reused.status).toBe(400);
    expect(reused.html).toContain("expired or was already used");

    browser.cookies.set("vd_session", oldSession ?? "");
    expect((await browser.get("/account/login")).html).not.toContain("You are logged in");
    const refused = await service.json("/api/openapi.json", { headers: bearer(oldJwt) });
    expect(refused.res.status).toBe(401);
    expect(refused.body.message).toContain("issued before the account's password was reset");
    expect((await service.fetch("/api/openapi.json", { headers: bearer(key) })).status).toBe(200);

    const oldPassword = await browser.submit("/account/login", { email, password: PASSWORD });
    expect(oldPassword.status).toBe(401);
    const fresh = await service.json("/api/login", {
      method: "POST",
      ip: freshIp(),
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: NEW }),
    });
    expect(
      (await service.fetch("/api/openapi.json", { headers: bearer(fresh.body.data.token) })).status,
    ).toBe(200);
    expect((await browser.submit("/account/login", { email, password: NEW })).status).toBe(303);
  });

  it("answers a registered address exactly like a new one, and tells its owner instead", async () => {
    const { email } = await confirmedReader();
    const before = mailsTo(sink, email).length;
    const stranger = new BrowserSession(service, freshIp());
    const taken = await stranger.submit("/account/signup", {
      email,
      password: "another long password",
      name: "Eve",
    });
    const fresh = newAddress();
    const free = await new BrowserSession(service, freshIp()).submit("/account/signup", {
      email: fresh,
      password: "another long password",
      name: "Eve",
    });
    expect(taken.status).toBe(free.status);
    const body = (p: { html: string }, address: string) =>
      p.html.replaceAll(address, "ADDRESS").replace(/value="[^"]{20,}"/g, 'value="TOKEN"');
    expect(body(taken, email)).toBe(body(free, fresh));
    const [, note = ""] = await waitForMail(sink, email, before + 1);
    expect(note).toContain("already has one");
    expect(note).not.toContain("Eve");
    expect((await service.store.findAccountByEmail(email))?.name).toBe("Ada Reader");
  });

  it("refuses bad input on the page with a 4xx, the form refilled except the password, and nothing created", async () => {
    const browser = new BrowserSession(service, freshIp());
    const email = newAddress();
    const form = await browser.get("/account/signup");
    const send = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      browser.post(
        "/account/signup",
        { email, password: PASSWORD, name: "Bo", institution: "KTH", ...fields },
        headers,
      );

    const noToken = await send({});
    expect(noToken.status).toBe(403);
    expect(noToken.html).toContain("security token did not match");
    const wrongToken = await send({ csrf: `${form.csrf}x` });
    expect(wrongToken.status).toBe(403);
    const crossSite = await send({ csrf: form.csrf ?? "" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.html).toContain("another site");
    for (const refused of [noToken, wrongToken, crossSite]) {
      expect(refused.html).toContain(`value="${email}"`);
      expect(refused.html).toContain('value="KTH"');
      expect(refused.html).not.toContain(PASSWORD);
    }

    const malformed = await send({ csrf: form.csrf ?? "", email: "not-an-address" });
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain("this is not an e-mail address");
    expect(malformed.html).toContain('aria-invalid="true"');
    const short = await send({ csrf: form.csrf ?? "", password: "short" });
    expect(short.status).toBe(400);
    expect(short.html).toContain("at least 10 characters");
    const breached = await send({ csrf: form.csrf ?? "", password: "1234567890" });
    expect(breached.status).toBe(400);
    expect(breached.html).toContain("most common passwords");
    expect(breached.html).toContain(`value="${email}"`);
    expect(breached.html).not.toContain("1234567890");
    const notForm = await browser.post("/account/signup", {}, { "content-type": "application/json" });
    expect(notForm.status).toBe(415);

    expect(await service.store.findAccountByEmail(email)).toBeNull();
    const expiredLink = await browser.get(
      "/account/verify?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(expiredLink.status).toBe(400);
    expect(expiredLink.html).toContain("expired or was already used");
  });

  it("lets a link expire", async () => {
    const browser = new BrowserSession(service, freshIp());
    const email = newAddress();
    await browser.submit("/account/signup", { email, password: PASSWORD, name: "Late Reader" });
    const [mail = ""] = await waitForMail(sink, email);
    const start = service.clock.now;
    service.clock.now = new Date(start.getTime() + 25 * 3600_000);
    try {
      const late = await browser.get(linkIn(mail, "/account/verify?token="));
      expect(late.status).toBe(400);
      expect(late.html).toContain("expired or was already used");
    } finally {
      service.clock.now = start;
    }
    expect((await service.store.findAccountByEmail(email))?.verified).toBe(false);
  });

  it("limits 1,000 sign-ups from one address without a mail flood, and mails per address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const first = newAddress();
    const browser = new BrowserSession(service, ip);
    const form = await browser.get("/account/signup");
    for (let i = 0; i < 1000; i++) {
      const page = await browser.post("/account/signup", {
        csrf: form.csrf ?? "",
        email: i === 0 ? first : `flood${i}-${process.pid}@example.org`,
        password: PASSWORD,
        name: "Flood",
      });
      statuses.push(page.status);
      if (i === 999) {
        expect(page.html).toContain("Too many sign-ups");
        expect(page.res.headers.get("retry-after")).toBe("3600");
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(990);
    await waitForMail(sink, first);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received.filter((m) => (m.to[0] ?? "").startsWith("flood")).length).toBeLessThanOrEqual(9);

    // Re-sends to one address stop at ACCOUNT_MAILS_PER_DAY (5), whoever asks.
    for (let i = 0; i < 7; i++) {
      const asked = await new BrowserSession(service, freshIp()).submit("/account/verify", { email: first });
      expect(asked.status).toBe(200);
    }
    await waitForMail(sink, first, 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(sink, first)).toHaveLength(5);
  });

  it("holds the log-in form to the limits of POST /api/login", async () => {
    const { email } = await confirmedReader();
    const guesser = new BrowserSession(service, freshIp());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await guesser.submit("/account/login", { email, password: `wrong guess ${i}` })).status);
    }
    // LOGIN_FAILURES_PER_HOUR=4 for this service: the fifth attempt is refused before any hashing.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const api = await service.json("/api/login", {
      method: "POST",
      ip: guesser.ip,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(api.res.status).toBe(429);
  });

  it("goes back only to same-site paths after logging in", async () => {
    const { browser, email } = await confirmedReader();
    for (const [next, location] of [
      ["//evil.example/x", "/account"],
      ["https://evil.example/", "/account"],
      ["/\\evil.example", "/account"],
      ["/watchlist?id=abc", "/watchlist?id=abc"],
    ]) {
      const page = await browser.submit("/account/login", { email, password: PASSWORD, next: next ?? "" });
      expect(page.res.headers.get("location")).toBe(location);
    }
  });
});
