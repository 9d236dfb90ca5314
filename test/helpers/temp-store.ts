/** A fresh SQLite store in a temp folder, on its own or one per test. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";

export interface TempStore {
  store: SqliteStore;
  dir: string;
  /** Closes the store and removes its folder. */
  dispose(): Promise<void>;
}

export function tempStore(now?: () => number): TempStore {
  const dir = mkdtempSync(join(tmpdir(), "vd-store-"));
  const store = new SqliteStore({ dir, now });
  return {
    store,
    dir,
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh temp store for each test of the file (or of the describe block it is called in), disposed of after it.
 * Call the returned function inside a test (or a later hook) for the test's store. The test's own `afterEach`
 * hooks run before the store is disposed of, so what they close may still write to it.
 */
export function tempStorePerTest(now?: () => number): () => TempStore {
  let temp: TempStore | undefined;
  beforeEach(() => {
    temp = tempStore(now);
  });
  afterEach(async () => {
    await temp?.dispose();
    temp = undefined;
  });
  return () => {
    if (temp === undefined) throw new Error("the temp store is opened per test: ask for it inside one");
    return temp;
  };
}
