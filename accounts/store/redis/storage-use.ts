/** What the Redis store takes up: INFO's used_memory, against maxmemory when one is set. */
import type { StorageUseStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

export function redisStorageUse({ redis }: RedisContext): StorageUseStore {
  return {
    async storageUse() {
      const info = await redis.info("memory");
      const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, "m").exec(info)?.[1] ?? 0);
      const max = field("maxmemory");
      return { bytes: field("used_memory"), maxBytes: max > 0 ? max : null };
    },
  };
}
