/**
 * The sender: a loop every serving instance runs that claims due messages from the mail queue under a lease and
 * hands them to the transport, at most MAIL_RATE a second. The lease makes a message go out from one instance only;
 * a claim an instance left (it crashed) is due again once its lease ends. A failed attempt is retried with
 * back-off (backoff.ts), a message refused for good is dead, an address refused for good is suppressed. Sent,
 * suppressed and dead messages older than MAIL_KEEP_DAYS are purged every hour.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { HOUR_MS } from "../../runtime/clock.ts";
import type { Logger } from "../../runtime/logger.ts";
import { RetryDelay } from "../store/background-writes.ts";
import type { MailQueueStore, QueuedMail } from "../store/types.ts";
import { retryDelayMs } from "./backoff.ts";
import type { MailConfig } from "./config.ts";
import { type FailureOutcome, MailFailure, type MailTransport, sendDeadlineMs } from "./transport.ts";

/** What the sender reports (the /metrics counters). */
export interface MailEvents {
  sent(): void;
  failed(outcome: FailureOutcome): void;
  /** Messages not sent because their address is suppressed. */
  suppressed(count: number): void;
}

export const noMailEvents: MailEvents = { sent() {}, failed() {}, suppressed() {} };

export interface SenderOptions {
  /** Names this sender in its claims; default host, process and a random part. */
  owner?: string;
  /** How long the loop waits when nothing is due before it looks again, ms. */
  idleMs?: number;
  /** How often sent, suppressed and dead messages past MAIL_KEEP_DAYS are purged, ms. */
  purgeEveryMs?: number;
}

const DEFAULT_IDLE_MS = 1000;
/** Most messages claimed at once. */
const MAX_BATCH = 50;
/** Lease time beyond the longest a batch can take, for clock skew between instances. */
const LEASE_MARGIN_MS = 5000;
/** First wait after the store failed to answer a claim, doubled up to 5 s while it keeps failing. */
const STORE_RETRY_MS = 200;
/** Tries to record an outcome before the sender gives up on it (the lease then lets it be sent again). */
const RECORD_TRIES = 3;

type SenderStore = Pick<
  MailQueueStore,
  "claimMail" | "markMailSent" | "markMailFailed" | "bounceMail" | "purgeMail"
>;

export class MailSender {
  readonly owner: string;
  private readonly batch: number;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly purgeEveryMs: number;
  private readonly stopping = new AbortController();
  private readonly storeDelay = new RetryDelay(STORE_RETRY_MS);
  private wakeUp: AbortController = new AbortController();
  private loop: Promise<void> | null = null;
  private nextSendAt = 0;
  private nextPurgeAt = 0;

  constructor(
    private readonly store: SenderStore,
    private readonly transport: MailTransport,
    private readonly config: MailConfig,
    private readonly logger: Logger,
    private readonly events: MailEvents = noMailEvents,
    options: SenderOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.batch = Math.min(MAX_BATCH, config.ratePerSecond);
    this.intervalMs = 1000 / config.ratePerSecond;
    // Long enough for every message of a batch to take its whole send deadline, one after the other.
    this.leaseMs = this.batch * (sendDeadlineMs(config) + this.intervalMs) + LEASE_MARGIN_MS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.purgeEveryMs = options.purgeEveryMs ?? HOUR_MS;
  }

  /** Starts the loop (once). */
  start(): void {
    this.loop ??= this.run();
  }

  /** Looks for due mail now instead of at the end of the idle wait (a message was just queued). */
  wake(): void {
    this.wakeUp.abort();
  }

  /**
   * Stops claiming, waits for the message being handed over (at most its send deadline) and closes the transport.
   * Messages claimed but not yet sent are due again when their lease ends.
   */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.transport.close();
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.purgeWhenDue();
      const claimed = await this.claim();
      if (claimed === null) {
        await this.pause(this.storeDelay.ms);
        continue;
      }
      if (claimed.length === 0) {
        await this.pause(this.idleMs, true);
        continue;
      }
      await this.sendBatch(claimed);
    }
  }

  private async claim(): Promise<QueuedMail[] | null> {
    try {
      const { mail, suppressed } = await this.store.claimMail(this.owner, this.batch, this.leaseMs);
      if (this.storeDelay.ms > STORE_RETRY_MS)
        this.logger.info({}, "the mail sender reaches the state store again");
      this.storeDelay.succeeded();
      if (suppressed > 0) this.events.suppressed(suppressed);
      return mail;
    } catch (err) {
      // One line when the store stops answering, not one per retry.
      if (this.storeDelay.ms === STORE_RETRY_MS) {
        this.logger.error({ err }, "the mail sender cannot claim mail from the state store; trying again");
      }
      this.storeDelay.failed();
      return null;
    }
  }

  private async sendBatch(claimed: readonly QueuedMail[]): Promise<void> {
    // The lease as this process sees it: a message is handed over only while its whole send deadline fits.
    const leaseEnds = performance.now() + this.leaseMs - LEASE_MARGIN_MS;
    for (const mail of claimed) {
      if (this.stopped) return;
      await this.pace();
      if (this.stopped || performance.now() + sendDeadlineMs(this.config) > leaseEnds) return;
      await this.sendOne(mail);
    }
  }

  private async sendOne(mail: QueuedMail): Promise<void> {
    try {
      await this.transport.send(mail);
    } catch (err) {
      const failure = err instanceof MailFailure ? err : new MailFailure(String(err), "retry");
      await this.failed(mail, failure);
      return;
    }
    this.events.sent();
    await this.record(mail, "recording a sent message", () => this.store.markMailSent(mail.id, this.owner));
  }

  private async failed(mail: QueuedMail, failure: MailFailure): Promise<void> {
    this.events.failed(failure.outcome);
    const details = {
      mailId: mail.id,
      attempt: mail.attempts + 1,
      outcome: failure.outcome,
      error: failure.message,
    };
    if (failure.outcome === "bounce") {
      this.events.suppressed(1);
      this.logger.warn(details, "the relay refused the address for good: no more mail goes to it");
      await this.record(mail, "suppressing an address", () =>
        this.store.bounceMail(mail.id, this.owner, failure.message),
      );
      return;
    }
    const retryIn = failure.outcome === "dead" ? null : retryDelayMs(mail.attempts + 1, this.config);
    if (retryIn === null) this.logger.error(details, "mail given up: kept in the queue as dead");
    else this.logger.warn({ ...details, retryInMs: retryIn }, "mail not sent; it will be tried again");
    await this.record(mail, "recording a failed attempt", () =>
      this.store.markMailFailed(mail.id, this.owner, failure.message, retryIn),
    );
  }

  /** Records an outcome, trying a few times; false from the store means another sender took the claim over. */
  private async record(mail: QueuedMail, what: string, write: () => Promise<boolean>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await write()))
          this.logger.warn({ mailId: mail.id }, `${what}: the claim had passed to another sender`);
        return;
      } catch (err) {
        if (attempt >= RECORD_TRIES) {
          this.logger.error(
            { err, mailId: mail.id },
            `${what} failed; the message is due again when its lease ends`,
          );
          return;
        }
        await sleep(200 * attempt);
      }
    }
  }

  /** Waits until the next send may start (MAIL_RATE), never sleeping through close. */
  private async pace(): Promise<void> {
    const wait = this.nextSendAt - performance.now();
    if (wait > 0) await this.pause(wait);
    this.nextSendAt = Math.max(performance.now(), this.nextSendAt) + this.intervalMs;
  }

  private async purgeWhenDue(): Promise<void> {
    if (performance.now() < this.nextPurgeAt) return;
    this.nextPurgeAt = performance.now() + this.purgeEveryMs;
    try {
      const removed = await this.store.purgeMail(this.config.keepMs);
      if (removed > 0) this.logger.info({ removed }, "purged mail older than MAIL_KEEP_DAYS");
    } catch (err) {
      this.logger.error({ err }, "purging old mail failed; trying again in an hour");
    }
  }

  /** Sleeps `ms`, ended early by close, and by wake when `wakeable`. */
  private async pause(ms: number, wakeable = false): Promise<void> {
    if (wakeable && this.wakeUp.signal.aborted) {
      // Woken while claiming: look again at once.
      this.wakeUp = new AbortController();
      return;
    }
    const signals = wakeable ? [this.stopping.signal, this.wakeUp.signal] : [this.stopping.signal];
    await sleep(ms, undefined, { signal: AbortSignal.any(signals) }).catch(() => {});
    if (wakeable && this.wakeUp.signal.aborted) this.wakeUp = new AbortController();
  }
}
