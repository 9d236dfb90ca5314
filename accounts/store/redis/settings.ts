/** Settings in Redis: `setting:<key>`, a value written once and kept. */
import type { SettingStore } from "../types.ts";
import type { RedisContext } from "./context.ts";

export function redisSettings({ redis }: RedisContext): SettingStore {
  return {
    async getOrInitSetting(key, candidate) {
      await redis.set(`setting:${key}`, candidate, "NX");
      return (await redis.get(`setting:${key}`)) ?? candidate;
    },
    getSetting: (key) => redis.get(`setting:${key}`),
  };
}
