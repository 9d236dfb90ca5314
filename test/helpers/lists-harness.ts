/**
 * The server with its deadline lists and stored watchlists, for the tests of a file (or of the describe block it is
 * called in): page frames holding only their slot, and watchlists kept in a SQLite store in a temp folder.
 */
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import { type Harness, type HarnessOptions, harnessForFile, startHarness } from "../functions/api/harness.ts";
import { tempDirsForFile } from "./temp-dirs.ts";

const LIST_FRAMES = {
  "deadlines.html": "<!doctype html><main><!--deadlines--></main>",
  "watchlist.html": "<!doctype html><main><!--watchlist--></main>",
};

/** `options` is read when the harness starts, so it may use what earlier beforeAll hooks made (a built snapshot). */
export function listsHarnessForFile(prefix: string, options: () => HarnessOptions = () => ({})): Harness {
  const tempDir = tempDirsForFile(prefix);
  return harnessForFile(async () => {
    const store = await SqliteStore.open({ dir: tempDir("state") });
    const { overrides, ...rest } = options();
    const h = await startHarness({
      ...rest,
      site: LIST_FRAMES,
      overrides: { ...overrides, watchlistStore: store },
    }).catch(async (error: unknown) => {
      await store.close();
      throw error;
    });
    return {
      ...h,
      async close() {
        await h.close();
        await store.close();
      },
    };
  });
}
