/** Picks the state store from the environment: Redis when REDIS_URL is set, else the embedded SQLite store. */
import { join, resolve } from "node:path";
import { type IdentityWatchOptions, StateIdentityWatch } from "./identity-watch.ts";
import { makeStateDirPrivate } from "./private-state-dir.ts";
import type { QuotaLeaseOptions } from "./quota-leases.ts";
import { DEFAULT_REDIS_PREFIX, RedisStore } from "./redis-store.ts";
import {
  QUOTA_LEASE_IDLE_MS,
  QUOTA_LEASE_MS,
  QUOTA_LEASE_UNITS,
  RESERVATION_LEASE_MS,
} from "./reservations.ts";
import { SqliteStore, STATE_FILE_NAME } from "./sqlite-store.ts";
import {
  type AcceptedState,
  acceptState,
  checkRedisSchema,
  checkStateIdentity,
  legacyStateMarkerFile,
  stateMarkerFile,
} from "./state-identity.ts";
import type { Store, StoreOptions } from "./types.ts";

export type { Store } from "./types.ts";

export const DEFAULT_STATE_DIR = "./var";

/** The folder of the embedded store and of the state markers: STATE_DIR, or DEFAULT_STATE_DIR, resolved. */
export function stateDirOf(env: Pick<StoreEnv, "STATE_DIR">): string {
  return resolve(env.STATE_DIR?.trim() || DEFAULT_STATE_DIR);
}

export interface StoreEnv {
  STATE_DIR?: string;
  REDIS_URL?: string;
  /** Key prefix inside Redis, default "vd:". */
  REDIS_PREFIX?: string;
  /** Longest one store call may take before the request is refused 503, ms (default DEFAULT_STORE_TIMEOUT_MS). */
  STORE_TIMEOUT_MS?: string;
  /** Age at which a charged request's reservation counts as abandoned and is refunded, ms (RESERVATION_LEASE_MS). */
  RESERVATION_LEASE_MS?: string;
  /** Most units one quota lease takes from the store (QUOTA_LEASE_UNITS). */
  QUOTA_LEASE_UNITS?: string;
  /** Longest a leased block of quota admits requests, ms (QUOTA_LEASE_MS). */
  QUOTA_LEASE_MS?: string;
  /** Idle time after which a block's unused units go back, ms (QUOTA_LEASE_IDLE_MS). */
  QUOTA_LEASE_IDLE_MS?: string;
}

/** A positive whole-number setting, or undefined for its default (loadConfig has validated it for the server). */
function msOf(value: string | undefined): number | undefined {
  const ms = Number(value?.trim() || Number.NaN);
  return Number.isInteger(ms) && ms > 0 ? ms : undefined;
}

/** The key prefix the Redis store uses (REDIS_PREFIX, default "vd:"). */
export function redisPrefixOf(env: Pick<StoreEnv, "REDIS_PREFIX">): string {
  return env.REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX;
}

/** The reservation lease the server's ReservationKeeper sweeps with. */
export function reservationLeaseOf(env: StoreEnv): number {
  return msOf(env.RESERVATION_LEASE_MS) ?? RESERVATION_LEASE_MS;
}

/**
 * How quota is leased: a block admits requests for at most half the reservation lease, so the sweep never takes
 * back a block a live instance still counts against.
 */
export function quotaLeaseOf(env: StoreEnv): QuotaLeaseOptions {
  return {
    units: msOf(env.QUOTA_LEASE_UNITS) ?? QUOTA_LEASE_UNITS,
    lifeMs: Math.min(msOf(env.QUOTA_LEASE_MS) ?? QUOTA_LEASE_MS, Math.floor(reservationLeaseOf(env) / 2)),
    idleMs: msOf(env.QUOTA_LEASE_IDLE_MS) ?? QUOTA_LEASE_IDLE_MS,
  };
}

/**
 * Opens the store and checks it is the state this machine had (state-identity.ts) in a layout this version
 * knows; a refused store is closed and the error names why. STATE_DIR (the SQLite store, or Redis's marker) is
 * made private first (private-state-dir.ts).
 */
export async function openStore(env: StoreEnv, options: StoreOptions = {}): Promise<Store> {
  const { store, redisUrl, markerFile, legacyMarkerFile } = await openBackend(env, options);
  try {
    // Identity first: a refused store gets nothing written into it.
    await checkStateIdentity(store, markerFile, legacyMarkerFile);
    if (redisUrl) await checkRedisSchema(store);
    return store;
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** The backend `env` names, opened without any check, with this machine's marker file for it. */
async function openBackend(env: StoreEnv, options: StoreOptions) {
  const opened = { timeoutMs: msOf(env.STORE_TIMEOUT_MS), ...options };
  const stateDir = stateDirOf(env);
  const redisUrl = env.REDIS_URL?.trim();
  const prefix = redisPrefixOf(env);
  makeStateDirPrivate(stateDir);
  const store = redisUrl
    ? await RedisStore.connect({ ...opened, url: redisUrl, keyPrefix: prefix })
    : await SqliteStore.open({ ...opened, dir: stateDir });
  const backendPrefix = redisUrl ? prefix : null;
  return {
    store,
    redisUrl,
    markerFile: stateMarkerFile(stateDir, backendPrefix),
    legacyMarkerFile: legacyStateMarkerFile(stateDir, backendPrefix),
  };
}

/**
 * `npm run accounts -- accept-state`: the store `env` names becomes this machine's state (an emptied one gets a new
 * id), and running servers that were serving the state it replaces serve it too (state-identity.ts acceptState).
 */
export async function acceptStoreState(env: StoreEnv): Promise<AcceptedState & { marker_file: string }> {
  const { store, redisUrl, markerFile } = await openBackend(env, {});
  try {
    if (redisUrl) await checkRedisSchema(store);
    return { ...(await acceptState(store, markerFile)), marker_file: markerFile };
  } finally {
    await store.close();
  }
}

/**
 * The running server's watch on `store`'s identity (identity-watch.ts), started: its marker is this machine's for the
 * backend `env` names, and with SQLite the database file is watched for a replacement too.
 */
export function watchStateIdentity(
  store: Store,
  env: StoreEnv,
  options: Omit<IdentityWatchOptions, "markerFile" | "databaseFile">,
): StateIdentityWatch {
  const stateDir = stateDirOf(env);
  const redis = Boolean(env.REDIS_URL?.trim());
  const watch = new StateIdentityWatch(store, {
    ...options,
    markerFile: stateMarkerFile(stateDir, redis ? redisPrefixOf(env) : null),
    databaseFile: redis ? undefined : join(stateDir, STATE_FILE_NAME),
  });
  watch.start();
  return watch;
}
