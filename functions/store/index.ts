/** Picks the state store from the environment: Redis when REDIS_URL is set, else the embedded file store. */
import { resolve } from "node:path";
import { FileStore } from "./file-store.ts";
import { RedisStore } from "./redis-store.ts";
import type { Store, StoreOptions } from "./types.ts";

export type { Store } from "./types.ts";

export const DEFAULT_STATE_DIR = "./var";

export interface StoreEnv {
  STATE_DIR?: string;
  REDIS_URL?: string;
  /** Key prefix inside Redis, default "vd:". */
  REDIS_PREFIX?: string;
}

export async function openStore(env: StoreEnv, options: StoreOptions = {}): Promise<Store> {
  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl) return RedisStore.connect({ ...options, url: redisUrl, keyPrefix: env.REDIS_PREFIX });
  return new FileStore({ ...options, dir: resolve(env.STATE_DIR?.trim() || DEFAULT_STATE_DIR) });
}
