/**
 * An SMTP relay that is down does not hold a sign-up: the real server (`npm run serve` in a process of its own, on
 * the real clock) is started with SMTP_URL at a port where nothing listens; the sign-up page answers the usual page
 * while the relay is down, the sender's attempt fails and is retried; once a real SMTP server listens on that port,
 * the confirmation mail arrives within the sender's back-off (MAIL_RETRY_BASE_MS, shortened here as docs/operations.md
 * documents it), once, and its link confirms the account.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { retryDelayMs } from "../../../../accounts/mail/backoff.ts";
import { type Server, serve, stop } from "../../../faults/serve-process.ts";
import { PASSWORD } from "../../../helpers/accounts-service.ts";
import { waitUntil } from "../../../helpers/eventually.ts";
import { type ServedFixture, servedFixture } from "../../../helpers/served-fixture.ts";
import { freePort, type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { BrowserSession, linkIn } from "./browser-session.ts";

const RETRY_BASE_MS = 1000;
const MAX_ATTEMPTS = 10;
/** How long the sender sleeps when nothing is due before it looks again (accounts/mail/sender.ts). */
const SENDER_IDLE_MS = 1000;

let fixture: ServedFixture;
let stateDir: string;
let server: Server;
let relayPort: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  relayPort = await freePort();
  fixture = await servedFixture();
  stateDir = await mkdtemp(join(tmpdir(), "vd-relay-down-"));
  server = await serve({
    ...fixture.env,
    STATE_DIR: stateDir,
    LOG_LEVEL: "error",
    SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
    MAIL_FROM: "Venue Directory <noreply@venues.test>",
    MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
    MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  });
});
afterAll(async () => {
  await stop(server);
  await sink?.close();
  await fixture?.remove();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

/** A figure of the server's /metrics (loopback may read it), 0 when the series is absent. */
async function metric(series: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it("signs up while the relay is down, and the confirmation mail goes out once when it is back", async () => {
  const browser = new BrowserSession(
    { fetch: (path, { ip: _ip, ...init } = {}) => fetch(`${server.url}${path}`, init) },
    "127.0.0.1",
  );
  const email = `patient-${process.pid}@example.org`;

  const page = await browser.submit("/account/signup", { email, password: PASSWORD, name: "Pat Ient" });
  expect(page.status).toBe(200);
  expect(page.html).toContain("A mail is on its way to <strong>");
  expect(page.html).toContain("It can take a few minutes");

  // The sender tried, the relay refused the connection, and the message waits for its retry.
  await waitUntil(
    "a failed attempt",
    async () => (await metric('vd_mail_failed_total{outcome="retry"}')) >= 1,
    10_000,
  );
  expect(await metric('vd_mail_queue_messages{state="pending"}')).toBe(1);
  expect(await metric("vd_mail_sent_total")).toBe(0);

  // The relay comes back on the same port; the next retry is at most the back-off after the attempts made so far.
  const failures = await metric('vd_mail_failed_total{outcome="retry"}');
  sink = await startSmtpSink(relayPort);
  const backOff = retryDelayMs(failures, { retryBaseMs: RETRY_BASE_MS, maxAttempts: MAX_ATTEMPTS }) ?? 0;
  const [mail] = await sink.waitFor(1, backOff + SENDER_IDLE_MS + 5000);
  expect(mail?.to).toEqual([email]);
  expect(mail?.headers.get("subject")).toContain("Confirm");

  // Once: nothing more arrives over the next two retry periods, and the queue is empty.
  await new Promise((resolve) => setTimeout(resolve, 2 * backOff + SENDER_IDLE_MS));
  expect(sink.received).toHaveLength(1);
  expect(await metric("vd_mail_sent_total")).toBe(1);
  expect(await metric('vd_mail_queue_messages{state="pending"}')).toBe(0);
  expect(await metric('vd_mail_queue_messages{state="dead"}')).toBe(0);

  const confirmed = await browser.get(linkIn(mail?.parts.get("text/plain") ?? "", "/account/verify?token="));
  expect(confirmed.status).toBe(200);
  expect(confirmed.html).toContain("is confirmed");
}, 60_000);
