/**
 * The server's side of charges held as reservations (Store.reserve) until the answer goes out: answered requests'
 * reservations are settled in batches (one store write per batch, never one per request), and reservations left by
 * a process that died are released at start-up and every SWEEP_INTERVAL_MS, so a request counted but never
 * answered does not stay charged.
 */
import type { Logger } from "../../runtime/logger.ts";
import { BackgroundWrites } from "./background-writes.ts";
import type { ReservationStore } from "./types.ts";

/** Longest a settle waits to be written with others. */
export const SETTLE_BATCH_MS = 100;
/** A batch this large is written at once. */
export const SETTLE_BATCH_MAX = 1000;
/** How often abandoned reservations are looked for while the server runs. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * Longest a request takes from its charge to its answer, with room to spare. Nothing in the server bounds a handler,
 * but its body is read before it is charged, and what follows is seconds at worst: store calls fail after
 * STORE_TIMEOUT_MS, queries and MCP tool calls read an in-memory snapshot.
 */
const LONGEST_REQUEST_MS = 5 * 60_000;

/** Default of QUOTA_LEASE_UNITS: most units one quota lease asks for (quota-leases.ts). */
export const QUOTA_LEASE_UNITS = 100;
/** Default of QUOTA_LEASE_MS: longest a leased block admits requests before its unused units go back. */
export const QUOTA_LEASE_MS = 10_000;
/** Default of QUOTA_LEASE_IDLE_MS: a leased block with no request for this long gives its unused units back. */
export const QUOTA_LEASE_IDLE_MS = 1000;

/**
 * Default of RESERVATION_LEASE_MS: a reservation this old belongs to a process that died, since a live one settles
 * or releases it within the life of its quota block (QUOTA_LEASE_MS), then of the request, plus one settle batch. Two processes on one SQLite file or instances on
 * one Redis can therefore sweep each other's. A request that did outlive it would only be served free: its late
 * settle or release finds nothing pending and changes nothing.
 */
export const RESERVATION_LEASE_MS = QUOTA_LEASE_MS + LONGEST_REQUEST_MS + SETTLE_BATCH_MS;

export class ReservationKeeper {
  private queued: string[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  /** Batches being written, awaited by close. */
  private readonly writing: BackgroundWrites;

  constructor(
    private readonly store: Pick<ReservationStore, "settle" | "releaseAbandoned">,
    private readonly logger: Logger,
    private readonly leaseMs = RESERVATION_LEASE_MS,
  ) {
    this.writing = new BackgroundWrites(logger);
  }

  /** Releases abandoned reservations now, then every SWEEP_INTERVAL_MS until close. */
  async start(): Promise<void> {
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  /** Keeps an answered request's charge; written with its batch within SETTLE_BATCH_MS. */
  settle(reservation: string): void {
    this.queued.push(reservation);
    if (this.queued.length >= SETTLE_BATCH_MAX) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), SETTLE_BATCH_MS).unref();
  }

  /** Stops sweeping and writes the settles still queued. */
  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.flush();
    await this.writing.settled();
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.queued;
    if (batch.length === 0) return;
    this.queued = [];
    // A batch that fails stays pending and is swept after the lease: those answers go free rather than be retried.
    this.writing.run(
      this.store.settle(batch),
      { reservations: batch.length },
      "settling answered requests failed",
    );
  }

  private async sweep(): Promise<void> {
    try {
      const released = await this.store.releaseAbandoned(this.leaseMs);
      if (released > 0) {
        this.logger.warn(
          { released },
          "refunded requests charged by a process that died before answering them",
        );
      }
    } catch (err) {
      this.logger.error({ err }, "releasing abandoned reservations failed");
    }
  }
}
