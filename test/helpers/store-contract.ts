/**
 * Runs one store contract on both stores: the embedded SQLite store and a real Redis (test/helpers/redis-server.ts).
 * Each test starts on a fresh, empty state at the contract clock's start; stores a test opens are closed after the
 * suite.
 */
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import type { Store } from "../../accounts/store/types.ts";
import { type Backend, fileBackend, redisBackend, resetClock } from "../accounts/store/contract-backends.ts";
import { withRedis } from "./redis-server.ts";

/** What a contract body gets: a store on the current test's state, and the clock mover of the backend under test. */
export interface ContractStores {
  open(): Promise<Store>;
  passTime(ms: number): Promise<void>;
}

function onBackend(name: string, makeBackend: () => Backend, body: (stores: ContractStores) => void): void {
  describe(name, () => {
    let backend: Backend;
    const opened: Store[] = [];
    beforeAll(() => {
      backend = makeBackend();
    });
    beforeEach(() => {
      resetClock();
      backend.reset();
    });
    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
      backend.dispose();
    });
    body({
      async open() {
        const store = await backend.open();
        opened.push(store);
        return store;
      },
      passTime: (ms) => backend.passTime(ms),
    });
  });
}

/** Declares the contract's tests under "file store (SQLite)" and "redis store". */
export function storeContract(body: (stores: ContractStores) => void): void {
  onBackend("file store (SQLite)", fileBackend, body);
  withRedis((url) => onBackend("redis store", () => redisBackend(url), body));
}
