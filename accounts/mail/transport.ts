/**
 * Where a claimed message goes: an SMTP relay through nodemailer (SMTP_URL), or, without one, the server log (one
 * JSON line at info with the recipient, subject and plain text, links included), so `npm start` on one machine
 * needs no mail server. A relay's answer is sorted into what the sender does next (MailFailure.outcome).
 */
import { createTransport } from "nodemailer";
import type { Logger } from "../../runtime/logger.ts";
import { withTimeout } from "../../runtime/timeout.ts";
import type { QueuedMail } from "../store/types.ts";
import type { MailConfig } from "./config.ts";

/**
 * What a failed attempt means: `retry` later (a relay down, slow or answering 4xx), `dead` (this message is refused
 * for good: 5xx to its content), `bounce` (the relay refused the address for good: 5xx to RCPT TO).
 */
export type FailureOutcome = "retry" | "dead" | "bounce";

export class MailFailure extends Error {
  constructor(
    message: string,
    readonly outcome: FailureOutcome,
  ) {
    super(message);
    this.name = "MailFailure";
  }
}

export interface MailTransport {
  /** "smtp" hands mail to the relay; "log" writes it to the server log. */
  readonly kind: "smtp" | "log";
  /** Resolves once the relay accepted the message; rejects with a MailFailure. */
  send(mail: QueuedMail): Promise<void>;
  close(): Promise<void>;
}

/** The domain of the From address, for Message-IDs. */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf("@") + 1) || "localhost";
}

/** One Message-ID per queued message, the same on every attempt (a repeat after a crash can be recognised). */
export function messageIdOf(mail: Pick<QueuedMail, "id">, from: string): string {
  return `<${mail.id}@${fromDomain(from)}>`;
}

/** Longest one send may take in all (connect, greeting, envelope, data) before it is abandoned and retried. */
export const sendDeadlineMs = (config: Pick<MailConfig, "timeoutMs">): number => 3 * config.timeoutMs;

/** How the relay's error is taken: nodemailer sets `responseCode` (the SMTP reply) and `command`. */
export function outcomeOf(err: unknown): FailureOutcome {
  const { responseCode, command } = (err ?? {}) as { responseCode?: number; command?: string };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return "retry";
  if (command === "RCPT TO") return "bounce";
  // A refused message (DATA) will be refused again; a refused sender (MAIL FROM) or login (AUTH) is this
  // service's configuration, fixed by the operator, after which the waiting mail should still go out.
  return command === "DATA" ? "dead" : "retry";
}

export function smtpTransport(config: MailConfig & { smtpUrl: string }): MailTransport {
  const open = () =>
    createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: config.timeoutMs,
      dnsTimeout: config.timeoutMs,
    });
  let transporter = open();
  return {
    kind: "smtp",
    async send(mail) {
      const sending = transporter.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        headers: mail.headers,
        messageId: messageIdOf(mail, config.from),
        date: new Date(),
      });
      try {
        await withTimeout(sending, sendDeadlineMs(config), () => {
          // A relay that trickles its answers: drop the pooled connection so the next send starts afresh.
          const stuck = transporter;
          transporter = open();
          stuck.close();
          throw new MailFailure(
            `the relay did not take the message within ${sendDeadlineMs(config)} ms`,
            "retry",
          );
        });
      } catch (err) {
        sending.catch(() => {});
        if (err instanceof MailFailure) throw err;
        throw new MailFailure((err as Error)?.message ?? String(err), outcomeOf(err));
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** No relay: each message is one info line of the server log, and counts as sent. */
export function logTransport(config: Pick<MailConfig, "from">, logger: Logger): MailTransport {
  return {
    kind: "log",
    async send(mail) {
      logger.info(
        {
          mail: {
            to: mail.to,
            subject: mail.subject,
            messageId: messageIdOf(mail, config.from),
            text: mail.text,
          },
        },
        "mail written to the log, not sent (SMTP_URL is not set)",
      );
    },
    async close() {},
  };
}

export function transportOf(config: MailConfig, logger: Logger): MailTransport {
  return config.smtpUrl === null
    ? logTransport(config, logger)
    : smtpTransport({ ...config, smtpUrl: config.smtpUrl });
}
