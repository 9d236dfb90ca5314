/**
 * Store writes made in the background (batched settles, leased quota units): a failure is logged, never thrown, and
 * close can wait for those still in progress.
 */
import type { Logger } from "../runtime/logger.ts";

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
