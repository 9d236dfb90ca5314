/**
 * Mail settings from the environment, validated at start: the relay (SMTP_URL), the sender (MAIL_FROM, required
 * with a relay), pacing, retries and how long sent mail is remembered. The server's loader (functions/server-config.ts)
 * takes this part from here. Without SMTP_URL mail goes to the server log (transport.ts).
 */
import { z } from "zod";
import { DAY_MS } from "../../runtime/clock.ts";
import { parseEnv, wholeNumber } from "../../runtime/env.ts";

export interface MailConfig {
  /** smtp:// or smtps:// URL of the relay (credentials in it); null: mail is written to the server log. */
  smtpUrl: string | null;
  /** The From header: an address, or `Name <address>`. */
  from: string;
  /** Messages per second one sending instance hands to the relay at most. */
  ratePerSecond: number;
  /** Attempts before a message is given up (dead, kept for the operator). */
  maxAttempts: number;
  /** Wait before the first retry, ms; doubled after each failed attempt up to MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** Time one SMTP step (connect, greeting, each reply) may take, ms. */
  timeoutMs: number;
  /** How long sent, suppressed and dead messages are remembered (without the bodies of sent ones), ms. */
  keepMs: number;
}

export const DEFAULT_MAIL_RATE = 5;
export const DEFAULT_MAIL_MAX_ATTEMPTS = 10;
export const DEFAULT_MAIL_RETRY_BASE_MS = 60_000;
export const DEFAULT_MAIL_TIMEOUT_MS = 20_000;
export const DEFAULT_MAIL_KEEP_DAYS = 30;
/** The sender named when there is no relay and no MAIL_FROM (the log transport). */
export const LOG_MAIL_FROM = "Venue Directory <noreply@localhost>";

/** `Name <local@domain>` or `local@domain`, one address, no line breaks. */
const FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

const MailEnv = z
  .object({
    SMTP_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .refine(
        (v) => v === null || (/^smtps?:\/\//i.test(v) && URL.canParse(v) && new URL(v).hostname !== ""),
        {
          error:
            "SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@mail.example.org:465",
        },
      ),
    MAIL_FROM: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || FROM.test(v), {
        error: 'MAIL_FROM must be an address, or "Name <address>"',
      }),
    MAIL_RATE: wholeNumber("MAIL_RATE", DEFAULT_MAIL_RATE, 1, 1000),
    MAIL_MAX_ATTEMPTS: wholeNumber("MAIL_MAX_ATTEMPTS", DEFAULT_MAIL_MAX_ATTEMPTS, 1, 100),
    MAIL_RETRY_BASE_MS: wholeNumber("MAIL_RETRY_BASE_MS", DEFAULT_MAIL_RETRY_BASE_MS, 1, 86_400_000),
    MAIL_TIMEOUT_MS: wholeNumber("MAIL_TIMEOUT_MS", DEFAULT_MAIL_TIMEOUT_MS, 100, 600_000),
    MAIL_KEEP_DAYS: wholeNumber("MAIL_KEEP_DAYS", DEFAULT_MAIL_KEEP_DAYS, 1, 3650),
  })
  .refine((e) => e.SMTP_URL === null || e.MAIL_FROM !== null, {
    path: ["MAIL_FROM"],
    error:
      'MAIL_FROM must be set when SMTP_URL is: the address mail is sent from, e.g. "Venue Directory <noreply@example.org>"',
  });

/** The mail part of the environment's problems, as zod issues (the server's loader lists them with its own). */
export function mailConfigIssues(env: Record<string, string | undefined>): z.core.$ZodIssue[] {
  const parsed = MailEnv.safeParse(env);
  return parsed.success ? [] : parsed.error.issues;
}

/** Throws a ConfigError naming every bad mail setting. */
export function readMailConfig(env: Record<string, string | undefined>): MailConfig {
  const e = parseEnv(MailEnv, env);
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? LOG_MAIL_FROM,
    ratePerSecond: e.MAIL_RATE,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    retryBaseMs: e.MAIL_RETRY_BASE_MS,
    timeoutMs: e.MAIL_TIMEOUT_MS,
    keepMs: e.MAIL_KEEP_DAYS * DAY_MS,
  };
}

/** Whether mail goes to the server log instead of a relay (no SMTP_URL): pages say so where they send a link. */
export function mailGoesToLog(config: Pick<MailConfig, "smtpUrl">): boolean {
  return config.smtpUrl === null;
}
