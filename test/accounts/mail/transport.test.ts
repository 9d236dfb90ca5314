/**
 * The transports (accounts/mail/transport.ts): without SMTP_URL each message is one JSON line of the server's pino
 * log at info (recipient, subject, text with its links) and counts as sent; a relay's answers are sorted into retry,
 * dead and bounce.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { readMailConfig } from "../../../accounts/mail/config.ts";
import { StoreOutbox } from "../../../accounts/mail/outbox.ts";
import { MailSender } from "../../../accounts/mail/sender.ts";
import { logTransport, outcomeOf, transportOf } from "../../../accounts/mail/transport.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import { silentLogger } from "../../../runtime/logger.ts";

let temp: { store: SqliteStore; dir: string } | undefined;
afterEach(async () => {
  await temp?.store.close();
  if (temp) rmSync(temp.dir, { recursive: true, force: true });
  temp = undefined;
});

describe("the log transport (no SMTP_URL)", () => {
  it("writes each message to the server log as one JSON line at info, and marks it sent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vd-mail-log-"));
    // A generous store deadline: what is measured is the log line, not the store on a loaded machine.
    temp = { store: new SqliteStore({ dir, timeoutMs: 15_000 }), dir };
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
    const logger = pino({ level: "info" }, stream);
    const config = readMailConfig({});
    expect(transportOf(config, silentLogger).kind).toBe("log");
    const sender = new MailSender(temp.store, logTransport(config, logger), config, logger, undefined, {
      idleMs: 20,
    });
    const outbox = new StoreOutbox(temp.store, config, () => sender.wake());
    expect(outbox.goesToLog()).toBe(true);
    sender.start();
    await outbox.enqueue({
      to: "ada@example.org",
      subject: "Verify your address",
      text: "Open https://venues.test/account/verify?token=abc to verify.",
      html: "<p>html is not logged</p>",
      dedupeKey: "verify:a1:abc",
    });
    const deadline = performance.now() + 15_000;
    while ((await temp.store.mailQueueDepth()).pending > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sender.close();
    expect(await temp.store.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
    const mailLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => "mail" in l);
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toMatchObject({
      level: 30,
      msg: "mail written to the log, not sent (SMTP_URL is not set)",
      mail: {
        to: "ada@example.org",
        subject: "Verify your address",
        text: "Open https://venues.test/account/verify?token=abc to verify.",
        messageId: expect.stringMatching(/^<[0-9a-f-]{36}@localhost>$/),
      },
    });
  });
});

describe("a relay's answers", () => {
  it.each([
    [{ responseCode: 550, command: "RCPT TO" }, "bounce"],
    [{ responseCode: 553, command: "RCPT TO" }, "bounce"],
    [{ responseCode: 554, command: "DATA" }, "dead"],
    [{ responseCode: 550, command: "MAIL FROM" }, "retry"],
    [{ responseCode: 535, command: "AUTH PLAIN" }, "retry"],
    [{ responseCode: 451, command: "RCPT TO" }, "retry"],
    [{ responseCode: 421, command: "CONN" }, "retry"],
    [Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }), "retry"],
  ])("%o → %s", (error, outcome) => {
    expect(outcomeOf(error)).toBe(outcome);
  });
});
