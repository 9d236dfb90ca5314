/**
 * Outgoing mail as the rest of the service hands it over: queued in the state store and sent by the outbox, so a slow
 * or failing relay never blocks a request and a message is sent once even with several instances.
 */
export interface OutgoingMail {
  /** One recipient address, already validated. */
  to: string;
  subject: string;
  /** Plain-text body; every message has one. */
  text: string;
  /** HTML body, the same content as `text`. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Names the message for "send once": a second enqueue with the same key is ignored (e.g. `verify:<account>:<token
   * id>`, `digest:<subscription>:<period>`).
   */
  dedupeKey: string;
}

/** The one way the service sends mail. */
export interface Outbox {
  /** Queues the message; resolves once it is stored, long before it is sent. */
  enqueue(mail: OutgoingMail): Promise<void>;
  /**
   * True when there is no relay (SMTP_URL unset) and each message is written to the server log instead: a page that
   * sends a link says so ("the link is in the server's log").
   */
  goesToLog?(): boolean;
}
