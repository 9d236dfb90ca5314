/**
 * Venue views counted in the instance and written in batches: every detail answered and every first page view of
 * the day adds one here, and the counts go to the store in one write (Store.recordViews) at most every
 * `intervalMs` (by default SETTLE_BATCH_MS, the rhythm of the batched settles; doubled while writes fail, up to
 * MAX_RETRY_DELAY_MS) and at close; never one write per request. A write that fails keeps its counts for the next one, so views_30d stays exact across a clean stop and
 * store outages; a process that dies loses at most the views of its last interval, and a write that timed out yet
 * went through is counted again (views rank popularity; nobody is charged by them, unlike key uses).
 */
import type { Logger } from "../../runtime/logger.ts";
import { BackgroundWrites, RetryDelay } from "./background-writes.ts";
import { SETTLE_BATCH_MS } from "./reservations.ts";
import type { VenueKind, VenueViews, ViewStore } from "./types.ts";

export class ViewBatches {
  /** Views not written yet, by kind and venue id. */
  private pending = new Map<string, VenueViews>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly writing: BackgroundWrites;
  private readonly delay: RetryDelay;

  constructor(
    private readonly store: Pick<ViewStore, "recordViews">,
    logger: Logger,
    intervalMs = SETTLE_BATCH_MS,
  ) {
    this.writing = new BackgroundWrites(logger);
    this.delay = new RetryDelay(intervalMs);
  }

  /** Counts one view of the venue; written with the next batch. */
  record(kind: VenueKind, venueId: string): void {
    this.add([{ kind, venueId, count: 1 }]);
  }

  /** Writes what is counted and waits for the writes in progress; views counted after it are not written. */
  async close(): Promise<void> {
    this.closed = true;
    this.flush();
    await this.writing.settled();
  }

  private add(views: readonly VenueViews[]): void {
    if (this.closed) return;
    for (const { kind, venueId, count } of views) {
      const key = `${kind}:${venueId}`;
      const counted = this.pending.get(key);
      if (counted) counted.count += count;
      else this.pending.set(key, { kind, venueId, count });
    }
    this.timer ??= setTimeout(() => this.flush(), this.delay.ms).unref();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const write = this.store.recordViews(batch).then(
      () => this.delay.succeeded(),
      (err: unknown) => {
        // Counted again for the next batch; a write at close has none, so its failure is logged as views lost.
        this.delay.failed();
        this.add(batch);
        throw err;
      },
    );
    this.writing.run(write, { venues: batch.length, closing: this.closed }, "writing venue views failed");
  }
}
