/**
 * Requests for a higher quota in Redis: one hash, `quota-requests`, each request's JSON under its id. The operator
 * lists them all at once, so one hash read serves every listing.
 */
import type { QuotaRequest, QuotaRequestStore } from "../types.ts";
import { QUOTA_REQUESTS_KEY } from "./accounts.ts";
import type { RedisContext } from "./context.ts";

/** KEYS[1] the requests; ARGV[1] the account, ARGV[2] the quota granted, ARGV[3] when. Returns how many. */
const GRANT = `
local granted = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local r = cjson.decode(all[i + 1])
  if r.accountId == ARGV[1] and r.granted == nil then
    r.granted = tonumber(ARGV[2])
    r.grantedAt = ARGV[3]
    redis.call('HSET', KEYS[1], all[i], cjson.encode(r))
    granted = granted + 1
  end
end
return granted
`;

const byAge = (a: QuotaRequest, b: QuotaRequest) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function redisQuotaRequests(context: RedisContext): QuotaRequestStore {
  const { redis } = context;
  const grant = context.script("vdGrantQuotaRequests", 1, GRANT);
  return {
    async addQuotaRequest(r) {
      // Null fields are left out (cjson would read them back as a sentinel, not nil).
      const stored = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null));
      await redis.hset(QUOTA_REQUESTS_KEY, r.id, JSON.stringify(stored));
    },

    async listQuotaRequests(accountId) {
      const all = (await redis.hvals(QUOTA_REQUESTS_KEY)).map((json) => {
        const r = JSON.parse(json) as Partial<QuotaRequest>;
        return { ...r, granted: r.granted ?? null, grantedAt: r.grantedAt ?? null } as QuotaRequest;
      });
      return all.filter((r) => accountId === undefined || r.accountId === accountId).sort(byAge);
    },

    async grantQuotaRequests(accountId, granted, at) {
      return Number(await grant(QUOTA_REQUESTS_KEY, accountId, String(granted), at));
    },
  };
}
