/**
 * The mail settings (accounts/mail/config.ts): defaults, refused values, and a real `npm run serve` process that
 * refuses to start with SMTP_URL but no MAIL_FROM, saying why, without a stack trace.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAIL_RATE,
  LOG_MAIL_FROM,
  mailGoesToLog,
  readMailConfig,
} from "../../../accounts/mail/config.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import { runTs } from "../../helpers/run-ts.ts";

describe("mail settings", () => {
  it("without SMTP_URL, mail goes to the log, with defaults for every setting", () => {
    const config = readMailConfig({});
    expect(config).toEqual({
      smtpUrl: null,
      from: LOG_MAIL_FROM,
      ratePerSecond: DEFAULT_MAIL_RATE,
      maxAttempts: 10,
      retryBaseMs: 60_000,
      timeoutMs: 20_000,
      keepMs: 30 * DAY_MS,
    });
    expect(mailGoesToLog(config)).toBe(true);
  });

  it("takes an smtp:// or smtps:// relay with MAIL_FROM", () => {
    const config = readMailConfig({
      SMTP_URL: " smtps://user:secret@mail.example.org:465 ",
      MAIL_FROM: "Venue Directory <noreply@example.org>",
      MAIL_RATE: "20",
      MAIL_KEEP_DAYS: "7",
    });
    expect(config).toMatchObject({
      smtpUrl: "smtps://user:secret@mail.example.org:465",
      from: "Venue Directory <noreply@example.org>",
      ratePerSecond: 20,
      keepMs: 7 * DAY_MS,
    });
    expect(mailGoesToLog(config)).toBe(false);
  });

  it.each([
    [{ SMTP_URL: "smtp://mail.example.org" }, /MAIL_FROM must be set when SMTP_URL is/],
    [
      { SMTP_URL: "http://mail.example.org", MAIL_FROM: "a@b.org" },
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    ],
    [{ SMTP_URL: "smtp://", MAIL_FROM: "a@b.org" }, /SMTP_URL must be/],
    [{ MAIL_FROM: "not an address" }, /MAIL_FROM must be an address/],
    [{ MAIL_FROM: "a@b.org\r\nBcc: c@d.org" }, /MAIL_FROM must be an address/],
    [{ MAIL_RATE: "0" }, /MAIL_RATE must be a whole number from 1 to 1000, got "0"/],
    [{ MAIL_MAX_ATTEMPTS: "many" }, /MAIL_MAX_ATTEMPTS must be a whole number/],
    [{ MAIL_KEEP_DAYS: "0" }, /MAIL_KEEP_DAYS must be a whole number from 1 to 3650/],
  ])("refuses %o", (env, message) => {
    expect(() => readMailConfig(env)).toThrow(message);
  });

  it("a server started with SMTP_URL and no MAIL_FROM refuses to start with a clear message", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vd-mail-config-"));
    try {
      const run = await runTs("scripts/serve.ts", [], {
        env: {
          PORT: "0",
          PUBLIC_BASE_URL: "https://venues.test",
          HOST: "127.0.0.1",
          STATE_DIR: dir,
          SNAPSHOTS_DIR: dir,
          SITE_DIR: dir,
          REDIS_URL: "",
          SMTP_URL: "smtp://127.0.0.1:2525",
          MAIL_FROM: "",
        },
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.code).toBe(1);
      expect(output).toContain("Cannot start the server");
      expect(output).toContain("MAIL_FROM must be set when SMTP_URL is");
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain("serving on");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
