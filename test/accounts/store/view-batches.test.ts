/**
 * ViewBatches over a real SQLite store, its writes counted: many views in few writes, exact counts after close, and
 * a write that fails keeps its views for the next one.
 */
import { describe, expect, it } from "vitest";
import { type Store, StoreUnavailable } from "../../../accounts/store/types.ts";
import { ViewBatches } from "../../../accounts/store/view-batches.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { closedAfterTest } from "../../helpers/closed-after-test.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";

/** The store whose recordViews calls are counted, the first `failures` of them failing as an outage would. */
function countedWrites(store: Store, failures = 0) {
  const writes: number[] = [];
  const wrapped: Pick<Store, "recordViews"> = {
    recordViews(views) {
      writes.push(views.length);
      if (writes.length <= failures) return Promise.reject(new StoreUnavailable("the store is down"));
      return store.recordViews(views);
    },
  };
  return { store: wrapped, writes };
}

describe("ViewBatches", () => {
  const temp = tempStorePerTest();

  it("writes 300 views of three venues in one batch, each venue once with its count", async () => {
    const { store, writes } = countedWrites(temp().store);
    const views = closedAfterTest(new ViewBatches(store, silentLogger));
    for (let i = 0; i < 100; i++) {
      views.record("conference", "1");
      views.record("conference", "2");
      views.record("journal", "1");
    }
    await views.close();
    expect(writes).toEqual([3]);
    expect(await temp().store.views30d("conference")).toEqual(
      new Map([
        ["1", 100],
        ["2", 100],
      ]),
    );
    expect(await temp().store.views30d("journal")).toEqual(new Map([["1", 100]]));
    // Closed: later views are not counted, and nothing more is written.
    views.record("conference", "0");
    await views.close();
    expect(writes).toEqual([3]);
  });

  it("keeps the views of a failed write and writes them with the next batch", async () => {
    const { store, writes } = countedWrites(temp().store, 1);
    const views = closedAfterTest(new ViewBatches(store, silentLogger));
    for (let i = 0; i < 5; i++) views.record("conference", "7");
    await expect.poll(() => writes.length, { timeout: 5000 }).toBe(1);
    views.record("conference", "7");
    views.record("conference", "8");
    await expect.poll(() => temp().store.views30dOf("conference", "7"), { timeout: 5000 }).toBe(6);
    expect(await temp().store.views30dOf("conference", "8")).toBe(1);
    expect(writes).toEqual([1, 2]);
  });
});
