/**
 * API key uses counted in the instance and written in batches (Store.recordKeyUses: at most every SETTLE_BATCH_MS,
 * backing off while writes fail, and at close), so a keyed request costs no store message for its key's usage count. Exact all the same: batches
 * are numbered, one at a time is written, and one whose write failed is written again unchanged before anything
 * newer (the store knows it if the failed write went through after all), so no use is lost while the process lives
 * and none is counted twice; uses counted meanwhile wait for the next batch. A process that dies (kill -9) loses the
 * uses it had not written yet: normally those of the last SETTLE_BATCH_MS.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../../runtime/logger.ts";
import { BackgroundWrites, RetryDelay } from "./background-writes.ts";
import { SETTLE_BATCH_MS } from "./reservations.ts";
import type { ApiKeyStore, KeyUse, KeyUseBatch } from "./types.ts";

export class KeyUses {
  /** Uses counted since the last batch was taken, by key id; the last use in ms, formatted when the batch is taken. */
  private counted = new Map<string, { count: number; lastUsedMs: number }>();
  /** The batch being written, or whose write failed: the next write. */
  private unwritten: KeyUseBatch | undefined;
  private busy = false;
  /** Set by close: later uses are not counted, so no timer starts against a closed store. */
  private closed = false;
  /** Names this instance's batches in the store. */
  private readonly writer = randomUUID();
  private sequence = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Wait before the next write: SETTLE_BATCH_MS, longer while writes fail (a locked or unreachable store). */
  private readonly delay = new RetryDelay(SETTLE_BATCH_MS);
  /** The write in progress, awaited by close. */
  private readonly writing: BackgroundWrites;

  constructor(
    private readonly store: Pick<ApiKeyStore, "recordKeyUses">,
    private readonly logger: Logger,
  ) {
    this.writing = new BackgroundWrites(logger);
  }

  /** One request served with the key, at `at`. */
  record(keyId: string, at: Date): void {
    if (this.closed) return;
    const ms = at.getTime();
    const use = this.counted.get(keyId);
    if (!use) this.counted.set(keyId, { count: 1, lastUsedMs: ms });
    else {
      use.count += 1;
      use.lastUsedMs = Math.max(use.lastUsedMs, ms);
    }
    if (!this.busy) this.schedule();
  }

  /**
   * Writes everything counted: a batch that failed before, then what came since. What cannot be is logged; uses
   * recorded after it are ignored.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing.settled();
    try {
      await this.writeNext();
      await this.writeNext();
    } catch (err) {
      const left = [...(this.unwritten?.uses ?? []), ...this.counted.values()];
      const uses = left.reduce((sum, use) => sum + use.count, 0);
      this.logger.error({ err, uses, keys: left.length }, "API key uses lost: the store could not take them");
    }
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => this.tick(), this.delay.ms).unref();
  }

  /** Starts the next write; once it has ended, schedules another if anything is left. */
  private tick(): void {
    this.timer = undefined;
    this.busy = true;
    const write = this.writeNext().then(
      () => this.delay.succeeded(),
      (err: unknown) => {
        this.delay.failed();
        throw err;
      },
    );
    // writeNext has taken its batch by now.
    const details = { writer: this.writer, sequence: this.unwritten?.sequence };
    const written = write.finally(() => {
      this.busy = false;
      if (this.unwritten || this.counted.size > 0) this.schedule();
    });
    this.writing.run(written, details, "writing API key uses failed; the batch is written again");
  }

  /** Writes the unwritten batch, or takes what was counted as a new one and writes it; throws if it failed. */
  private async writeNext(): Promise<void> {
    if (!this.unwritten) {
      if (this.counted.size === 0) return;
      this.sequence += 1;
      const uses: KeyUse[] = [...this.counted].map(([keyId, { count, lastUsedMs }]) => ({
        keyId,
        count,
        lastUsedAt: new Date(lastUsedMs).toISOString(),
      }));
      this.unwritten = { writer: this.writer, sequence: this.sequence, uses };
      this.counted = new Map();
    }
    await this.store.recordKeyUses(this.unwritten);
    this.unwritten = undefined;
  }
}
