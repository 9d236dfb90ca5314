/** ReservationKeeper: settles batched into one store write, a sweep at start-up, settles still queued written on close. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ReservationKeeper,
  SETTLE_BATCH_MAX,
  SETTLE_BATCH_MS,
  SWEEP_INTERVAL_MS,
} from "../../../accounts/store/reservations.ts";
import type { Store } from "../../../accounts/store/types.ts";

const errors: object[] = [];
const logger = { info() {}, warn() {}, error: (details: object) => errors.push(details) };

/** The two store calls the keeper makes, recorded. */
function recordingStore(options: { failing?: boolean } = {}) {
  const calls = { settled: [] as string[][], sweeps: [] as number[] };
  const store: Pick<Store, "settle" | "releaseAbandoned"> = {
    async settle(reservations) {
      if (options.failing) throw new Error("SQLITE_FULL: database or disk is full");
      calls.settled.push([...reservations]);
    },
    async releaseAbandoned(leaseMs) {
      calls.sweeps.push(leaseMs);
      return 0;
    },
  };
  return { store, calls };
}

describe("ReservationKeeper", () => {
  afterEach(() => {
    vi.useRealTimers();
    errors.length = 0;
  });

  it("writes the settles of one batch window together, and a full batch at once", async () => {
    vi.useFakeTimers();
    const { store, calls } = recordingStore();
    const keeper = new ReservationKeeper(store, logger, 5000);
    for (const r of ["a", "b", "c"]) keeper.settle(r);
    expect(calls.settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(SETTLE_BATCH_MS);
    expect(calls.settled).toEqual([["a", "b", "c"]]);

    for (let i = 0; i < SETTLE_BATCH_MAX; i++) keeper.settle(`r${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.settled.map((batch) => batch.length)).toEqual([3, SETTLE_BATCH_MAX]);
    await keeper.close();
  });

  it("sweeps with its lease at start-up and every interval, and writes what is queued on close", async () => {
    vi.useFakeTimers();
    const { store, calls } = recordingStore();
    const keeper = new ReservationKeeper(store, logger, 5000);
    await keeper.start();
    expect(calls.sweeps).toEqual([5000]);
    await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS);
    expect(calls.sweeps).toEqual([5000, 5000]);
    keeper.settle("last");
    await keeper.close();
    expect(calls.settled).toEqual([["last"]]);
    await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS);
    expect(calls.sweeps).toHaveLength(2);
  });

  it("logs a batch the store refuses instead of throwing (the sweep refunds those later)", async () => {
    const { store } = recordingStore({ failing: true });
    const keeper = new ReservationKeeper(store, logger, 5000);
    keeper.settle("x");
    await keeper.close();
    expect(errors).toEqual([expect.objectContaining({ reservations: 1 })]);
  });
});
