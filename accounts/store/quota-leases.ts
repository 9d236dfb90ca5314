/**
 * Quota counted in the instance, exact all the same: `reserve` admits a request against a block of units this
 * instance leased from the store (Store.lease, one atomic step), asking the store again only when the block is used
 * up, so most requests cost no store round trip. The store counts every leased unit at once, so all instances
 * together never admit more than the quota; what a block does not spend goes back.
 *
 * Each block is a pending reservation in the store holding its units. Here each unit is unused, in flight (an
 * admitted request not answered yet) or accounted: an answered request's unit is kept, a refunded one goes back
 * into the block (or to the store once the block is retired), and unused units go back when the block is retired:
 * used up, idle for `idleMs`, older than `lifeMs`, or at close. What is accounted is written in batches
 * (Store.settleUnits, at most every SETTLE_BATCH_MS), never once per request. A process that dies leaves its blocks
 * pending: the sweep (reservations.ts) gives back everything they still hold after RESERVATION_LEASE_MS, so an
 * unanswered request is never charged; answers not yet written at the kill go free. A block stops admitting after
 * `lifeMs`, well inside that lease, so a live instance's block is never swept under it.
 */
import type { Logger } from "../../runtime/logger.ts";
import { BackgroundWrites } from "./background-writes.ts";
import { SETTLE_BATCH_MS } from "./reservations.ts";
import { countResult, peekResult } from "./shared.ts";
import type { ConsumeResult, CounterStore, LeaseStore, LeaseUpdate, ReserveResult } from "./types.ts";

export interface QuotaLeaseOptions {
  /** Most units one lease asks for (QUOTA_LEASE_UNITS); 1 asks the store for every request. */
  units: number;
  /** Longest a block admits requests (QUOTA_LEASE_MS, at most half of RESERVATION_LEASE_MS). */
  lifeMs: number;
  /** A block with no request for this long gives its unused units back (QUOTA_LEASE_IDLE_MS). */
  idleMs: number;
}

/** One leased block: its store reservation and what became of its units here. */
interface Block {
  reservation: string;
  bucket: Bucket;
  unused: number;
  inFlight: number;
  /** Accounted since the last write. */
  kept: number;
  returned: number;
  /** performance.now() past which it admits no more. */
  usableUntil: number;
  lastTaken: number;
}

/** The caller's allowance in this instance: the block it admits from and the store's count at its lease. */
interface Bucket {
  block: Block | undefined;
  /** The window's count in the store when the last block was leased (every instance's blocks included). */
  storeUsed: number;
  /** The lease being asked for; requests that find the block empty wait on it together. */
  leasing: Promise<number> | undefined;
}

export class QuotaLeases {
  private readonly buckets = new Map<string, Bucket>();
  /** Blocks by reservation, current and retired, until all their units are accounted and written. */
  private readonly blocks = new Map<string, Block>();
  private timer: NodeJS.Timeout | undefined;
  /** Set by close: nothing re-arms the timer against a closed store. */
  private closed = false;
  /** Writes in progress, awaited by close. */
  private readonly writing: BackgroundWrites;

  constructor(
    private readonly store: LeaseStore & Pick<CounterStore, "peek">,
    logger: Logger,
    private readonly options: QuotaLeaseOptions,
  ) {
    this.writing = new BackgroundWrites(logger);
  }

  /** Store.reserve's contract, counted against a leased block; the reservation names the block. */
  async reserve(key: string, limit: number, ttlSeconds: number): Promise<ReserveResult> {
    // A non-positive limit (ANON_DAILY_QUOTA=0) refuses everything: no lease, no store write.
    if (limit <= 0) return { ...countResult(0, 0, limit), reservation: null };
    const bucket = this.bucket(key);
    for (;;) {
      const block = this.usable(bucket);
      if (block) {
        block.unused -= 1;
        block.inFlight += 1;
        block.lastTaken = performance.now();
        const used = bucket.storeUsed - block.unused;
        return { ...countResult(1, used, limit), reservation: block.reservation };
      }
      bucket.leasing ??= this.lease(bucket, key, limit, ttlSeconds).finally(() => {
        bucket.leasing = undefined;
      });
      if ((await bucket.leasing) === 0 && !this.usable(bucket)) {
        return { ...countResult(0, 0, limit), reservation: null };
      }
    }
  }

  /** Store.peek's figures, counting this instance's unused units as not used. */
  async peek(key: string, limit: number): Promise<ConsumeResult> {
    const { used } = await this.store.peek(key, limit);
    const unused = this.buckets.get(key)?.block?.unused ?? 0;
    return peekResult(Math.max(0, used - unused), limit);
  }

  /** Whether `reservation` names one of this instance's blocks (else it is a store reservation). */
  owns(reservation: string): boolean {
    return this.blocks.has(reservation);
  }

  /** An answered request: its unit is kept. */
  settle(reservation: string): void {
    const block = this.blocks.get(reservation);
    if (!block) return;
    block.inFlight -= 1;
    block.kept += 1;
    this.schedule();
  }

  /** A request not answered: its unit goes back into its block, or to the store once the block is retired. */
  release(reservation: string): void {
    const block = this.blocks.get(reservation);
    if (!block) return;
    block.inFlight -= 1;
    if (this.isCurrent(block)) block.unused += 1;
    else block.returned += 1;
    this.schedule();
  }

  /** Gives every unused unit back and writes what is accounted; requests still in flight are the sweep's. */
  async close(): Promise<void> {
    this.closed = true;
    for (const bucket of this.buckets.values()) this.retire(bucket);
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
    await this.writing.settled();
  }

  private bucket(key: string): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { block: undefined, storeUsed: 0, leasing: undefined };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** The bucket's block if it can admit a request now; a block past its life is retired on the way. */
  private usable(bucket: Bucket): Block | undefined {
    const block = bucket.block;
    if (!block) return undefined;
    if (performance.now() >= block.usableUntil) {
      this.retire(bucket);
      return undefined;
    }
    return block.unused > 0 ? block : undefined;
  }

  private isCurrent(block: Block): boolean {
    return block.bucket.block === block && performance.now() < block.usableUntil;
  }

  /** Leases a new block for the bucket; resolves with the units granted (0: the window is used up). */
  private async lease(bucket: Bucket, key: string, limit: number, ttlSeconds: number): Promise<number> {
    const { granted, used, reservation } = await this.store.lease(key, limit, ttlSeconds, this.options.units);
    if (granted === 0 || reservation === null) return 0;
    this.retire(bucket);
    const now = performance.now();
    const block: Block = {
      reservation,
      bucket,
      unused: granted,
      inFlight: 0,
      kept: 0,
      returned: 0,
      usableUntil: now + this.options.lifeMs,
      lastTaken: now,
    };
    bucket.block = block;
    bucket.storeUsed = used;
    this.blocks.set(reservation, block);
    this.schedule();
    return granted;
  }

  /** Ends the bucket's block: its unused units go back with the next write. */
  private retire(bucket: Bucket): void {
    const block = bucket.block;
    if (!block) return;
    bucket.block = undefined;
    block.returned += block.unused;
    block.unused = 0;
    this.schedule();
  }

  /** Runs `tick` every SETTLE_BATCH_MS while there is anything to retire or write, until close. */
  private schedule(): void {
    if (this.closed) return;
    this.timer ??= setInterval(() => this.tick(), SETTLE_BATCH_MS).unref();
  }

  /** Retires idle or expired blocks, forgets buckets with nothing left, and writes what is accounted. */
  private tick(): void {
    const now = performance.now();
    for (const [key, bucket] of this.buckets) {
      const block = bucket.block;
      if (block && (now - block.lastTaken >= this.options.idleMs || now >= block.usableUntil))
        this.retire(bucket);
      if (!bucket.block && !bucket.leasing) this.buckets.delete(key);
    }
    this.flush();
    if (this.buckets.size === 0 && this.blocks.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** One store write for everything accounted since the last; blocks fully accounted are forgotten. */
  private flush(): void {
    const updates: LeaseUpdate[] = [];
    for (const [reservation, block] of this.blocks) {
      if (block.kept > 0 || block.returned > 0) {
        updates.push({ reservation, kept: block.kept, returned: block.returned });
        block.kept = 0;
        block.returned = 0;
      }
      if (block.unused === 0 && block.inFlight === 0 && !this.isCurrent(block))
        this.blocks.delete(reservation);
    }
    if (updates.length === 0) return;
    // A write that fails leaves those units pending in the store: the sweep gives them back after the lease, so
    // those answers go free rather than anyone being charged twice.
    this.writing.run(
      this.store.settleUnits(updates),
      { leases: updates.length },
      "writing leased quota units failed",
    );
  }
}
