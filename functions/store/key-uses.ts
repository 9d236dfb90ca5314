/**
 * API key uses counted in the instance and written in batches (Store.recordKeyUses: at most every SETTLE_BATCH_MS,
 * and at close), so a keyed request costs no store message for its key's usage count. Exact all the same: batches
 * are numbered, one at a time is written, and one whose write failed is written again unchanged before anything
 * newer (the store knows it if the failed write went through after all), so no use is lost while the process lives
 * and none is counted twice; uses counted meanwhile wait for the next batch. A process that dies (kill -9) loses the
 * uses it had not written yet: normally those of the last SETTLE_BATCH_MS.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../runtime/logger.ts";
import { BackgroundWrites } from "./background-writes.ts";
import { SETTLE_BATCH_MS } from "./reservations.ts";
import type { KeyUse, KeyUseBatch, Store } from "./types.ts";

export class KeyUses {
  /** Uses counted since the last batch was taken, by key id. */
  private counted = new Map<string, KeyUse>();
  /** The batch being written, or whose write failed: the next write. */
  private unwritten: KeyUseBatch | undefined;
  private busy = false;
  /** Names this instance's batches in the store. */
  private readonly writer = randomUUID();
  private sequence = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The write in progress, awaited by close. */
  private readonly writing: BackgroundWrites;

  constructor(
    private readonly store: Pick<Store, "recordKeyUses">,
    private readonly logger: Logger,
  ) {
    this.writing = new BackgroundWrites(logger);
  }

  /** One request served with the key, at `at`. */
  record(keyId: string, at: Date): void {
    const lastUsedAt = at.toISOString();
    const use = this.counted.get(keyId);
    if (!use) this.counted.set(keyId, { keyId, count: 1, lastUsedAt });
    else {
      use.count += 1;
      if (lastUsedAt > use.lastUsedAt) use.lastUsedAt = lastUsedAt;
    }
    this.timer ??= setInterval(() => this.tick(), SETTLE_BATCH_MS).unref();
  }

  /** Writes everything counted: a batch that failed before, then what came since. What cannot be is logged. */
  async close(): Promise<void> {
    clearInterval(this.timer);
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

  /** Starts the next write unless one is in progress; stops the timer once nothing is left. */
  private tick(): void {
    if (this.busy) return;
    if (!this.unwritten && this.counted.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    this.busy = true;
    const write = this.writeNext().finally(() => {
      this.busy = false;
    });
    // writeNext has taken its batch by now.
    const details = { writer: this.writer, sequence: this.unwritten?.sequence };
    this.writing.run(write, details, "writing API key uses failed; the batch is written again");
  }

  /** Writes the unwritten batch, or takes what was counted as a new one and writes it; throws if it failed. */
  private async writeNext(): Promise<void> {
    if (!this.unwritten) {
      if (this.counted.size === 0) return;
      this.sequence += 1;
      this.unwritten = { writer: this.writer, sequence: this.sequence, uses: [...this.counted.values()] };
      this.counted = new Map();
    }
    await this.store.recordKeyUses(this.unwritten);
    this.unwritten = undefined;
  }
}
