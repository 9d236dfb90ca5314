/**
 * The periodic sweep of expired watchlists (Store.removeExpiredWatchlists): at start-up and every interval while the
 * server runs. Expired lists are never served even before it runs; the sweep gives their room back. With Redis it
 * costs nothing: keys expire on their own.
 */
import type { Logger } from "../../runtime/logger.ts";
import { BackgroundWrites } from "./background-writes.ts";
import type { WatchlistStore } from "./types.ts";

/** How often expired watchlists are removed while the server runs. */
export const WATCHLIST_SWEEP_MS = 3_600_000;

export class WatchlistSweep {
  private timer: NodeJS.Timeout | undefined;
  private readonly writing: BackgroundWrites;

  constructor(
    private readonly store: Pick<WatchlistStore, "removeExpiredWatchlists">,
    private readonly logger: Logger,
    private readonly intervalMs = WATCHLIST_SWEEP_MS,
  ) {
    this.writing = new BackgroundWrites(logger);
  }

  /** Sweeps now, then every interval until close. */
  start(): void {
    this.sweep();
    this.timer = setInterval(() => this.sweep(), this.intervalMs).unref();
  }

  /** Stops sweeping and waits for a sweep in progress. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.writing.settled();
  }

  private sweep(): void {
    const removed = this.store.removeExpiredWatchlists().then((count) => {
      if (count > 0) this.logger.info({ removed: count }, "removed expired watchlists");
    });
    this.writing.run(removed, {}, "removing expired watchlists failed");
  }
}
