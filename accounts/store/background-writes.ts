/**
 * Store writes made in the background (batched settles, leased quota units): a failure is logged, never thrown, and
 * close can wait for those still in progress.
 */
import type { Logger } from "../../runtime/logger.ts";

export class BackgroundWrites {
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts `write`; if it fails, logs `message` with `details`. */
  run(write: Promise<void>, details: object, message: string): void {
    const tracked = write
      .catch((err: unknown) => this.logger.error({ err, ...details }, message))
      .finally(() => this.writing.delete(tracked));
    this.writing.add(tracked);
  }

  /** Resolves once every write started so far has ended. */
  async settled(): Promise<void> {
    await Promise.all(this.writing);
  }
}

/** Longest a background write that keeps failing waits before it is tried again, ms. */
const MAX_RETRY_DELAY_MS = 5000;

/** The wait before the next background write: `baseMs`, doubled after each failure up to MAX_RETRY_DELAY_MS. */
export class RetryDelay {
  private current: number;

  constructor(private readonly baseMs: number) {
    this.current = baseMs;
  }

  get ms(): number {
    return this.current;
  }

  failed(): void {
    this.current = Math.min(this.current * 2, Math.max(MAX_RETRY_DELAY_MS, this.baseMs));
  }

  succeeded(): void {
    this.current = this.baseMs;
  }
}
