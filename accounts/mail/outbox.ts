/**
 * The outbox the request handlers send mail through: a message is checked and stored in the state store's mail
 * queue, and the sender (sender.ts) hands it to the relay later, so a slow or failing relay never holds a request.
 */
import { randomUUID } from "node:crypto";
import type { MailEnqueued, MailQueueStore } from "../store/types.ts";
import { type MailConfig, mailGoesToLog } from "./config.ts";
import type { Outbox, OutgoingMail } from "./types.ts";

/** One address: no spaces, angle brackets or line breaks, one @ with something each side (RFC 5321 length). */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;
/** A header name: printable ASCII without a colon (RFC 5322 ftext). */
const HEADER_NAME = /^[!-9;-~]+$/;
/** Headers the sender sets itself. */
const OWN_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "date", "message-id"]);
const LINE_BREAK = /[\r\n]/;

/** Why `mail` cannot be queued, or null: a line break in a header would let its text add headers of its own. */
export function mailProblem(mail: OutgoingMail): string | null {
  if (mail.to.length > 254 || !ADDRESS.test(mail.to))
    return `not a single e-mail address: ${JSON.stringify(mail.to)}`;
  if (LINE_BREAK.test(mail.subject)) return "the subject has a line break";
  if (mail.text.trim() === "") return "the message has no plain-text body";
  if (mail.dedupeKey.trim() === "") return "the message has no dedupeKey";
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name)) return `not a header name: ${JSON.stringify(name)}`;
    if (OWN_HEADERS.has(name.toLowerCase())) return `the ${name} header is set by the sender`;
    if (LINE_BREAK.test(value)) return `the ${name} header has a line break`;
  }
  return null;
}

export class StoreOutbox implements Outbox {
  constructor(
    private readonly store: Pick<MailQueueStore, "enqueueMail">,
    private readonly config: Pick<MailConfig, "smtpUrl">,
    /** Told what became of each message stored (the server wakes its sender, counts suppressed ones). */
    private readonly onQueued: (result: MailEnqueued) => void = () => {},
  ) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.queue(mail);
  }

  /** Like enqueue, and says what became of the message (queued, a duplicate, or for a suppressed address). */
  async queue(mail: OutgoingMail): Promise<MailEnqueued> {
    const problem = mailProblem(mail);
    if (problem) throw new RangeError(`cannot queue mail: ${problem}`);
    const result = await this.store.enqueueMail({
      id: randomUUID(),
      dedupeKey: mail.dedupeKey,
      to: mail.to.trim(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? {},
    });
    this.onQueued(result);
    return result;
  }

  goesToLog(): boolean {
    return mailGoesToLog(this.config);
  }
}
