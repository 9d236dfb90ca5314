/**
 * The Redis store, used when REDIS_URL is set so several server processes share one state: every capability of the
 * store (redis/*.ts, one file each) over one connection. Records are hashes (a null field is simply absent); the
 * quota counter with its reservations, and profile updates, run as Lua scripts so they stay atomic. Multi-key
 * scripts assume a single Redis node (not Redis Cluster). Every call runs through a StoreGuard (guard.ts): a
 * deadline, and a circuit breaker that fails fast for a cool-down once Redis has failed several times in a row, so a
 * Redis that is down or hung costs a request a 503 (StoreUnavailable), never a hang or a 500.
 */
import { Redis } from "ioredis";
import { guardStore, StoreGuard } from "./guard.ts";
import { redisAccounts } from "./redis/accounts.ts";
import { redisActivity } from "./redis/activity.ts";
import { redisApiKeys } from "./redis/api-keys.ts";
import { RedisContext } from "./redis/context.ts";
import { redisLoginAddresses } from "./redis/login-addresses.ts";
import { redisMail } from "./redis/mail.ts";
import { redisProfiles } from "./redis/profiles.ts";
import { redisQuota } from "./redis/quota.ts";
import { redisQuotaRequests } from "./redis/quota-requests.ts";
import { redisRateLimits } from "./redis/rate-limits.ts";
import { redisSessions } from "./redis/sessions.ts";
import { redisSettings } from "./redis/settings.ts";
import { redisStorageUse } from "./redis/storage-use.ts";
import { redisSubscriptions } from "./redis/subscriptions.ts";
import { redisViews } from "./redis/views.ts";
import { redisWatchlists } from "./redis/watchlists.ts";
import {
  DEFAULT_STORE_TIMEOUT_MS,
  DuplicateEmailError,
  type Store,
  type StoreOptions,
  StoreUnavailable,
} from "./types.ts";

/** Key prefix when REDIS_PREFIX is unset. */
export const DEFAULT_REDIS_PREFIX = "vd:";

export interface RedisStoreOptions extends StoreOptions {
  url: string;
  /** Prepended to every key so one Redis can hold several deployments. */
  keyPrefix?: string;
}

/** Redis error replies that mean "cannot serve now" rather than "wrong command". */
const UNAVAILABLE_REPLY = /^(OOM|MISCONF|READONLY|LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|NOREPLICAS|TRYAGAIN)\b/;

/**
 * Whether an error from a call means Redis is unavailable: anything from the connection (closed, offline, timed
 * out, retries used up) and the error replies above; not a duplicate e-mail, a bad rating or another error reply.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return true;
  if (err instanceof DuplicateEmailError || err instanceof RangeError) return false;
  if (err instanceof Error && err.name === "ReplyError") return UNAVAILABLE_REPLY.test(err.message);
  return true;
}

/** The store's capabilities on one connection. */
function redisStore(redis: Redis, keyPrefix: string, now: () => number): Store {
  const context = new RedisContext(redis, keyPrefix, now);
  return {
    backend: "redis",
    ...redisAccounts(context),
    ...redisProfiles(context),
    ...redisApiKeys(context),
    ...redisLoginAddresses(context),
    ...redisQuota(context),
    ...redisRateLimits(context),
    ...redisActivity(context),
    ...redisViews(context),
    ...redisWatchlists(context),
    ...redisSettings(context),
    ...redisSessions(context),
    ...redisStorageUse(context),
    ...redisMail(context),
    ...redisQuotaRequests(context),
    ...redisSubscriptions(context),
    async close() {
      if (redis.status === "ready") await redis.quit();
      else redis.disconnect();
    },
  };
}

/**
 * Connects before returning, so a wrong REDIS_URL fails at start-up rather than on the first request. The store
 * returned runs every call through a StoreGuard (deadline, circuit breaker).
 */
async function connect(options: RedisStoreOptions): Promise<Store> {
  const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_PREFIX;
  const redis = new Redis(options.url, {
    keyPrefix,
    lazyConnect: true,
    // Fail fast rather than make requests wait on a Redis that is gone: a command gets the store timeout (the
    // guard bounds a whole call of several commands by the same), one retry, and while the connection is down
    // commands fail at once instead of queueing (the edge answers 503 for metered calls; pages never wait on the
    // store). Reconnection keeps running in the background.
    commandTimeout: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // connect() rejects with the same error it emits; listen meanwhile so it is not also reported as unhandled.
  const swallow = () => {};
  redis.on("error", swallow);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot connect to Redis at REDIS_URL: ${(error as Error).message}`);
  }
  // From here on a lost connection shows as failing commands (the edge logs them and answers 503) while ioredis
  // reconnects; the listener stays so ioredis does not print every reconnect attempt as an unhandled error.
  const guard = new StoreGuard({
    label: "state store (Redis)",
    timeoutMs: options.timeoutMs,
    isUnavailable: isRedisUnavailable,
  });
  return guardStore(redisStore(redis, keyPrefix, options.now ?? Date.now), guard);
}

/** The Redis store: `RedisStore.connect(options)` opens one. */
export const RedisStore = { connect };
