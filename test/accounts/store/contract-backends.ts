/**
 * The two backends the store contract runs against (test/helpers/store-contract.ts runs a contract on both) and
 * the records it stores, on a clock the tests move.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { RedisStore } from "../../../accounts/store/redis-store.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import type { Account, Profile, Store, Subscription } from "../../../accounts/store/types.ts";

/** Opens stores on one shared state, with a clock the test controls. */
export interface Backend {
  /** A fresh, empty state for the next test. */
  reset(): void;
  open(): Promise<Store>;
  /** Moves the injected clock; Redis expires keys on its own clock, so that backend also waits for real. */
  passTime(ms: number): Promise<void>;
  /** Removes what the backend created on disk. */
  dispose(): void;
}

const START = Date.UTC(2025, 2, 10, 12, 0, 0);
/** The stores' clock (milliseconds); a test moves it by setting `ms`, and each test starts at START. */
export const testClock = { ms: START };
export const resetClock = () => {
  testClock.ms = START;
};
const now = () => testClock.ms;

export function fileBackend(): Backend {
  let dir = "";
  const dirs: string[] = [];
  return {
    reset() {
      dir = mkdtempSync(join(tmpdir(), "vd-store-"));
      dirs.push(dir);
    },
    async open() {
      return new SqliteStore({ dir, now });
    },
    async passTime(ms) {
      testClock.ms += ms;
    },
    dispose() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

export function redisBackend(url: () => string): Backend {
  let prefix = "";
  let n = 0;
  return {
    reset() {
      n += 1;
      prefix = `t${n}-${process.pid}:`;
    },
    open: () => RedisStore.connect({ url: url(), keyPrefix: prefix, now }),
    async passTime(ms) {
      testClock.ms += ms;
      await sleep(ms);
    },
    dispose() {},
  };
}

export function account(id: string, email: string): Account {
  return {
    id,
    email,
    name: `Name ${id}`,
    institution: null,
    passwordHash: "scrypt:hash",
    passwordSalt: "salt",
    verified: true,
    createdAt: new Date(testClock.ms).toISOString(),
  };
}

/** An API key of account a1, as createApiKey takes it. */
export const keyOfA1 = (id: string, hash: string) => ({
  id,
  accountId: "a1",
  hash,
  label: null,
  createdAt: "2025-03-10",
});

export function profile(accountId: string, overrides: Partial<Profile> = {}): Profile {
  return {
    accountId,
    public: true,
    institution: "Uni",
    cv: "cv text",
    trackedConferences: [],
    trackedJournals: [],
    attendedConferences: [],
    updatedAt: new Date(testClock.ms).toISOString(),
    ...overrides,
  };
}

/** A time `offsetMs` after the contract clock's current time, as the stores keep it (ISO 8601). */
export const at = (offsetMs: number) => new Date(testClock.ms + offsetMs).toISOString();

/** A weekly digest subscription of reader@example.org, unconfirmed (its confirmation hash-<id> valid a minute). */
export function subscription(id: string, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id,
    email: "reader@example.org",
    target: { kind: "filter", filter: "ccf_rank=A&estimates=true&ranked_only=true" },
    frequency: "weekly",
    closesIn: [7, 1],
    timeZone: "Europe/Berlin",
    confirmed: false,
    createdAt: at(0),
    confirmHash: `hash-${id}`,
    confirmExpiresAt: at(60_000),
    lastPeriod: null,
    lastDeadlines: null,
    ...overrides,
  };
}
