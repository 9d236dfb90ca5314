/**
 * API keys in Redis: the hash `apikey:<id>`, claimed by its hash's index `apikey-hash:<hash>` and listed per
 * account in `account-keys:<account>`; `key-use-writer:<writer>` keeps each writer's last batch.
 */
import { FIND_KEY_CALLER, RECORD_KEY_USES } from "../redis-scripts.ts";
import { KEY_USE_WRITER_KEPT_MS } from "../shared.ts";
import type { ApiKeyRecord, ApiKeyStore } from "../types.ts";
import { fieldsOf, isEmpty, type RedisContext, records } from "./context.ts";
import { indexedCreator } from "./indexed-records.ts";

export function redisApiKeys(context: RedisContext): ApiKeyStore {
  const { redis } = context;
  const createIndexed = indexedCreator(context);
  const findKeyCaller = context.script("vdFindKeyCaller", 1, FIND_KEY_CALLER);
  const recordKeyUses = context.script("vdRecordKeyUses", undefined, RECORD_KEY_USES);
  const getApiKey = async (id: string): Promise<ApiKeyRecord | null> => {
    const fields = await redis.hgetall(`apikey:${id}`);
    return isEmpty(fields) ? null : records.apiKey(fields);
  };
  return {
    async createApiKey(k) {
      const record = {
        id: k.id,
        account_id: k.accountId,
        hash: k.hash,
        label: k.label,
        created_at: k.createdAt,
        usage_count: "0",
      };
      const list = `account-keys:${k.accountId}`;
      const created = await createIndexed(`apikey-hash:${k.hash}`, `apikey:${k.id}`, record, list);
      if (!created) throw new Error("an API key with this hash already exists");
    },

    async findKeyCaller(hash) {
      const found = (await findKeyCaller(`apikey-hash:${hash}`, context.keyPrefix)) as string[] | null;
      return found ? records.keyCaller(fieldsOf(found)) : null;
    },

    async listApiKeys(accountId) {
      const ids = await redis.lrange(`account-keys:${accountId}`, 0, -1);
      const keys = await Promise.all(ids.map(getApiKey));
      return keys.filter((k): k is ApiKeyRecord => k !== null);
    },

    async revokeApiKey(accountId, keyId) {
      // The owner never changes, so checking it and then setting revoked_at (HSETNX keeps the first time) is safe.
      const owner = await redis.hget(`apikey:${keyId}`, "account_id");
      if (owner !== accountId) return null;
      await redis.hsetnx(`apikey:${keyId}`, "revoked_at", context.isoNow());
      return getApiKey(keyId);
    },

    async recordKeyUses({ writer, sequence, uses }) {
      const keys = [`key-use-writer:${writer}`, ...uses.map((u) => `apikey:${u.keyId}`)];
      const keptSeconds = Math.ceil(KEY_USE_WRITER_KEPT_MS / 1000);
      const args = [sequence, keptSeconds, ...uses.flatMap((u) => [u.count, u.lastUsedAt])];
      await recordKeyUses(keys.length, ...keys, ...args);
    },
  };
}
