/**
 * The outbox and the sender (accounts/mail/outbox.ts, sender.ts) against a real SMTP server on 127.0.0.1
 * (test/helpers/smtp-sink.ts) over a real state store: delivery with both bodies and headers, a relay that is down,
 * deferring, refusing an address for good or hung, pacing, and two senders draining one queue exactly once (one
 * SQLite file, one Redis).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { MailConfig } from "../../../accounts/mail/config.ts";
import { StoreOutbox } from "../../../accounts/mail/outbox.ts";
import { type MailEvents, MailSender } from "../../../accounts/mail/sender.ts";
import { smtpTransport } from "../../../accounts/mail/transport.ts";
import type { OutgoingMail } from "../../../accounts/mail/types.ts";
import { RedisStore } from "../../../accounts/store/redis-store.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import type { Store } from "../../../accounts/store/types.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { waitUntil } from "../../helpers/eventually.ts";
import { withRedis } from "../../helpers/redis-server.ts";
import { freePort, type SmtpSink, startSmtpSink } from "../../helpers/smtp-sink.ts";

function mailConfig(smtpUrl: string, overrides: Partial<MailConfig> = {}): MailConfig & { smtpUrl: string } {
  return {
    from: "Venue Directory <noreply@venues.test>",
    ratePerSecond: 200,
    maxAttempts: 6,
    retryBaseMs: 100,
    timeoutMs: 2000,
    keepMs: 30 * DAY_MS,
    ...overrides,
    smtpUrl,
  };
}

/** Counts what a sender reports. */
function tally() {
  const counts = { sent: 0, retry: 0, dead: 0, bounce: 0, suppressed: 0 };
  const events: MailEvents = {
    sent: () => {
      counts.sent += 1;
    },
    failed: (outcome) => {
      counts[outcome] += 1;
    },
    suppressed: (n) => {
      counts.suppressed += n;
    },
  };
  return { counts, events };
}

const message = (to: string, n: number, overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to,
  subject: `Verify your address ${n}`,
  text: `Open this link to verify your address:\nhttps://venues.test/account/verify?token=t${n}\n`,
  html: `<p>Open <a href="https://venues.test/account/verify?token=t${n}">this link</a> to verify.</p>`,
  dedupeKey: `verify:${to}:${n}`,
  ...overrides,
});

const cleanups: (() => Promise<unknown>)[] = [];

/**
 * Store calls may wait this long: these tests are about the relay, and on a loaded machine the default 2 s deadline
 * of a store call is not what they measure.
 */
const STORE_TIMEOUT_MS = 15_000;

/** A SQLite store in a temp folder, closed and removed after the test. */
function loadTolerantStore(): { store: SqliteStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "vd-mail-sender-"));
  const store = new SqliteStore({ dir, timeoutMs: STORE_TIMEOUT_MS });
  cleanups.push(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { store, dir };
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A SQLite store, a sink and a sender over them, closed after the test. */
async function rig(overrides: Partial<MailConfig> = {}, sinkPort?: number) {
  const temp = loadTolerantStore();
  const port = sinkPort ?? (await freePort());
  const config = mailConfig(`smtp://127.0.0.1:${port}`, overrides);
  const { counts, events } = tally();
  const sender = new MailSender(temp.store, smtpTransport(config), config, silentLogger, events, {
    idleMs: 25,
  });
  cleanups.push(() => sender.close());
  const outbox = new StoreOutbox(temp.store, config, (result) => {
    if (result === "queued") sender.wake();
  });
  return { store: temp.store, config, sender, outbox, counts };
}

async function sink(port?: number): Promise<SmtpSink> {
  const started = await startSmtpSink(port);
  cleanups.push(() => started.close());
  return started;
}

describe("the mail sender over a real SMTP server", () => {
  it("delivers a queued message with its plain-text and HTML bodies, its headers, a Message-ID and a Date", async () => {
    const relay = await sink();
    const { outbox, sender, store, counts } = await rig({}, relay.port);
    sender.start();
    await outbox.enqueue(
      message("ada@example.org", 1, {
        headers: {
          "List-Unsubscribe": "<https://venues.test/unsubscribe/abc>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      }),
    );
    const [got] = await relay.waitFor(1);
    expect(got?.to).toEqual(["ada@example.org"]);
    const h = got?.headers ?? new Map();
    expect(h.get("from")).toBe("Venue Directory <noreply@venues.test>");
    expect(h.get("to")).toBe("ada@example.org");
    expect(h.get("subject")).toBe("Verify your address 1");
    expect(h.get("list-unsubscribe")).toBe("<https://venues.test/unsubscribe/abc>");
    expect(h.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(h.get("message-id")).toMatch(/^<[0-9a-f-]{36}@venues\.test>$/);
    expect(Math.abs(Date.parse(h.get("date") ?? "") - Date.now())).toBeLessThan(60_000);
    expect(h.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(got?.parts.get("text/plain")).toContain("https://venues.test/account/verify?token=t1");
    expect(got?.parts.get("text/html")).toContain('<a href="https://venues.test/account/verify?token=t1">');
    await waitUntil("the queue drained", async () => (await store.mailQueueDepth()).pending === 0);
    expect(counts.sent).toBe(1);
  });

  it("keeps mail while the relay is down and sends it once, exactly once, when the relay comes up", async () => {
    const port = await freePort();
    const { outbox, sender, store, counts } = await rig({ retryBaseMs: 100 }, port);
    sender.start();
    await outbox.enqueue(message("bo@example.org", 2));
    // Nothing listens: connection refused, an attempt failed, the message waits.
    await waitUntil("two retries", () => counts.retry >= 2);
    expect(await store.mailQueueDepth()).toEqual({ pending: 1, dead: 0 });
    const relay = await sink(port);
    await relay.waitFor(1);
    await sleep(600);
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]?.parts.get("text/plain")).toContain("token=t2");
    await waitUntil("the queue drained", async () => (await store.mailQueueDepth()).pending === 0);
  });

  it("retries a relay that defers (4xx) with growing back-off and delivers once", async () => {
    const relay = await sink();
    let deferrals = 3;
    relay.refuse = () => (deferrals-- > 0 ? { code: 451, message: "4.7.1 Try again later" } : null);
    const { outbox, sender, counts } = await rig({ retryBaseMs: 150 }, relay.port);
    sender.start();
    await outbox.enqueue(message("cy@example.org", 3));
    await relay.waitFor(1);
    await sleep(500);
    expect(relay.received).toHaveLength(1);
    expect(counts).toMatchObject({ retry: 3, sent: 1, dead: 0, bounce: 0 });
    const times = relay.attempts.get("cy@example.org") ?? [];
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    // 150, 300 and 600 ms between attempts (the loop looks every 25 ms).
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(290);
    expect(gaps[2]).toBeGreaterThanOrEqual(590);
  });

  it("gives a message up as dead after MAIL_MAX_ATTEMPTS and keeps it for the operator", async () => {
    const relay = await sink();
    relay.refuse = () => ({ code: 421, message: "4.3.2 Service not available" });
    const { outbox, sender, store, counts } = await rig({ retryBaseMs: 20, maxAttempts: 3 }, relay.port);
    sender.start();
    await outbox.enqueue(message("di@example.org", 4));
    await waitUntil("one dead letter", async () => (await store.mailQueueDepth()).dead === 1);
    expect(await store.mailQueueDepth()).toEqual({ pending: 0, dead: 1 });
    expect(relay.attempts.get("di@example.org")).toHaveLength(3);
    expect(counts.retry).toBe(3);
    await sleep(200);
    expect(relay.attempts.get("di@example.org")).toHaveLength(3);
  });

  it("suppresses an address the relay refuses for good (5xx): later mail to it is not sent, other mail is", async () => {
    const relay = await sink();
    relay.refuse = (to) => (to === "gone@example.org" ? { code: 550, message: "5.1.1 No such user" } : null);
    const { outbox, sender, store, counts } = await rig({}, relay.port);
    sender.start();
    await outbox.enqueue(message("gone@example.org", 5));
    await waitUntil("one bounce", () => counts.bounce === 1);
    expect(await store.isMailSuppressed("Gone@Example.org")).toBe(true);
    expect(await outbox.queue(message("GONE@example.org", 6))).toBe("suppressed");
    await outbox.enqueue(message("ed@example.org", 7));
    await relay.waitFor(1);
    await sleep(300);
    expect(relay.received.map((m) => m.to)).toEqual([["ed@example.org"]]);
    expect(relay.attempts.get("gone@example.org")).toHaveLength(1);
    expect(await store.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
  });

  it("paces mail at MAIL_RATE messages a second", async () => {
    const relay = await sink();
    const { outbox, sender } = await rig({ ratePerSecond: 10 }, relay.port);
    for (let i = 0; i < 6; i += 1) await outbox.enqueue(message(`p${i}@example.org`, 100 + i));
    const started = performance.now();
    sender.start();
    await relay.waitFor(6);
    const starts = [...relay.attempts.values()].map(([t]) => t ?? 0).sort((a, b) => a - b);
    // Six hand-overs are five intervals of 100 ms at least (unpaced, they take a few ms each).
    expect((starts.at(-1) ?? 0) - started).toBeGreaterThanOrEqual(495);
  });

  it("does not stall on a relay that accepts connections and never answers: the attempt fails in time", async () => {
    const sockets = new Set<Socket>();
    const hung: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          hung.close(() => resolve());
        }),
    );
    const port = (hung.address() as { port: number }).port;
    const { outbox, sender, counts } = await rig({ timeoutMs: 200, retryBaseMs: 60_000 }, port);
    sender.start();
    const started = performance.now();
    await outbox.enqueue(message("fa@example.org", 8));
    await waitUntil("one retry", () => counts.retry === 1, 5000);
    expect(performance.now() - started).toBeLessThan(3000);
    const closing = performance.now();
    await sender.close();
    expect(performance.now() - closing).toBeLessThan(1000);
  });

  it("refuses to queue a message whose header or address would smuggle in headers, storing nothing", async () => {
    const { outbox, store } = await rig();
    await expect(outbox.enqueue(message("a@example.org\r\nBcc: x@evil.test", 9))).rejects.toThrow(
      /not a single e-mail address/,
    );
    await expect(
      outbox.enqueue(
        message("a@example.org", 10, { headers: { "List-Unsubscribe": "<x>\r\nBcc: x@evil.test" } }),
      ),
    ).rejects.toThrow(/List-Unsubscribe header has a line break/);
    await expect(
      outbox.enqueue(message("a@example.org", 11, { subject: "Hi\nBcc: x@evil.test" })),
    ).rejects.toThrow(/subject has a line break/);
    expect(await store.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
  });
});

/** Two senders, each with its own store connection, draining 200 messages from one queue. */
async function drainTwice(open: () => Promise<Store>): Promise<void> {
  const relay = await sink();
  const config = mailConfig(relay.url, { ratePerSecond: 1000 });
  const stores = [await open(), await open()];
  const first = stores[0] as Store;
  const outbox = new StoreOutbox(first, config);
  for (let i = 0; i < 200; i += 1) await outbox.enqueue(message(`r${i}@example.org`, 1000 + i));
  const senders = stores.map(
    (store, i) =>
      new MailSender(store, smtpTransport(config), config, silentLogger, undefined, {
        idleMs: 20,
        owner: `s${i}`,
      }),
  );
  for (const sender of senders) sender.start();
  await relay.waitFor(200, 60_000);
  await waitUntil("the first queue drained", async () => (await first.mailQueueDepth()).pending === 0);
  await sleep(300);
  await Promise.all(senders.map((s) => s.close()));
  const ids = relay.received.map((m) => m.headers.get("message-id"));
  expect(ids).toHaveLength(200);
  expect(new Set(ids).size).toBe(200);
  const recipients = relay.received.map((m) => m.to[0]).sort();
  expect(new Set(recipients).size).toBe(200);
  await Promise.all(stores.map((s) => s.close()));
}

describe("two senders on one queue", () => {
  it("over one SQLite file: each of 200 messages arrives exactly once", async () => {
    const { dir } = loadTolerantStore();
    await drainTwice(async () => new SqliteStore({ dir, timeoutMs: STORE_TIMEOUT_MS }));
  }, 90_000);

  withRedis((url) => {
    it("over one Redis: each of 200 messages arrives exactly once", async () => {
      const keyPrefix = `mail-senders-${process.pid}:`;
      await drainTwice(() => RedisStore.connect({ url: url(), keyPrefix, timeoutMs: STORE_TIMEOUT_MS }));
    }, 90_000);
  });
});
