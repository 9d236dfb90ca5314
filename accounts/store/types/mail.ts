/**
 * The mail-queue capability of the state store. Part of the Store contract: import it from ../types.ts, which
 * re-exports every capability.
 */

/** A message as the outbox queues it: accounts/mail/types.ts OutgoingMail with an id of its own. */
export interface MailInput {
  /** Unique; the sender makes the Message-ID from it, so a message keeps one Message-ID across attempts. */
  id: string;
  /** A second message with a key already queued is ignored. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** A queued message claimed for sending. */
export interface QueuedMail extends MailInput {
  /** Failed attempts so far. */
  attempts: number;
  /** ms since the epoch on the store's clock: the claim's lease ends then, and another sender may claim it. */
  leaseUntil: number;
}

/** What became of an enqueued message. */
export type MailEnqueued = "queued" | "duplicate" | "suppressed";

export interface MailClaim {
  mail: QueuedMail[];
  /** Due messages found addressed to a suppressed address: recorded as suppressed, not claimed. */
  suppressed: number;
}

export interface MailQueueDepth {
  /** Waiting to be sent (due, waiting for a retry, or claimed). */
  pending: number;
  /** Given up after the last attempt, kept for the operator. */
  dead: number;
}

/**
 * The mail queue: messages kept until sent, claimed by one sender at a time under a lease, retried at the time the
 * sender names, and a suppression list (addresses a relay refused for good). Bodies are dropped once a message is
 * sent or suppressed (they hold live links); what remains is kept until `purgeMail`.
 */
export interface MailQueueStore {
  /** Queues the message, due now; a duplicate dedupeKey changes nothing; a suppressed address records it as such. */
  enqueueMail(mail: MailInput): Promise<MailEnqueued>;
  /**
   * Claims at most `limit` due messages, oldest due first, for `owner` for `leaseMs` from now (the store's clock):
   * no other owner claims them before that, and they are due again after it unless marked. A due message whose
   * address is suppressed is recorded as suppressed instead.
   */
  claimMail(owner: string, limit: number, leaseMs: number): Promise<MailClaim>;
  /** Records the message sent (bodies dropped); false when `owner` no longer holds its claim. */
  markMailSent(id: string, owner: string): Promise<boolean>;
  /**
   * Records a failed attempt: due again `retryInMs` from now, or dead when null (kept, with its bodies, for the
   * operator). False when `owner` no longer holds the claim.
   */
  markMailFailed(id: string, owner: string, error: string, retryInMs: number | null): Promise<boolean>;
  /**
   * A permanent refusal (5xx) for the message's address: the address is suppressed (no later mail to it is sent)
   * and the message recorded as suppressed. False when `owner` no longer holds the claim (the address is
   * suppressed all the same).
   */
  bounceMail(id: string, owner: string, error: string): Promise<boolean>;
  /** Whether mail to `address` (case ignored) is suppressed. */
  isMailSuppressed(address: string): Promise<boolean>;
  mailQueueDepth(): Promise<MailQueueDepth>;
  /**
   * Removes messages sent, suppressed or dead more than `keepMs` ago (their dedupe keys with them), and returns how
   * many went.
   */
  purgeMail(keepMs: number): Promise<number>;
}
