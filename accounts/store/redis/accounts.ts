/** Accounts in Redis: the hash `account:<id>`, claimed by its e-mail's index `account-email:<email>`. */
import { type AccountStore, DuplicateEmailError } from "../types.ts";
import { isEmpty, type RedisContext, records } from "./context.ts";
import { indexedCreator } from "./indexed-records.ts";

/** KEYS[1] a record's hash; ARGV field/value pairs. Sets them only when the record exists: 1, else 0. */
const UPDATE_EXISTING = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

/** KEYS[1] a record's hash; ARGV the fields to remove. Removes them when the record exists: 1, else 0. */
const CLEAR_EXISTING = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], unpack(ARGV))
return 1
`;

/**
 * KEYS[1] the account, KEYS[2] its profile, KEYS[3] its key list, KEYS[4..6] the tracker and attendee counts (as
 * PUT_PROFILE names them), KEYS[7] the quota requests; ARGV[1] the key prefix, ARGV[2] the account id. Deletes
 * the account and what names it, its keys included (their next request is an unknown key): 1, or 0 when none.
 */
const DELETE_ACCOUNT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local email = redis.call('HGET', KEYS[1], 'email')
if email then redis.call('DEL', ARGV[1] .. 'account-email:' .. email) end
local lists = {'tracked_conferences', 'tracked_journals', 'attended_conferences'}
for i, field in ipairs(lists) do
  for _, id in ipairs(cjson.decode(redis.call('HGET', KEYS[2], field) or '[]')) do
    if redis.call('HINCRBY', KEYS[i + 3], id, -1) <= 0 then redis.call('HDEL', KEYS[i + 3], id) end
  end
end
redis.call('DEL', KEYS[2])
for _, id in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  local hash = redis.call('HGET', ARGV[1] .. 'apikey:' .. id, 'hash')
  if hash then redis.call('DEL', ARGV[1] .. 'apikey-hash:' .. hash) end
  redis.call('DEL', ARGV[1] .. 'apikey:' .. id)
end
redis.call('DEL', KEYS[3])
local requests = redis.call('HGETALL', KEYS[7])
for i = 1, #requests, 2 do
  if cjson.decode(requests[i + 1]).accountId == ARGV[2] then redis.call('HDEL', KEYS[7], requests[i]) end
end
redis.call('DEL', KEYS[1])
return 1
`;

/** The hash of quota requests, id → JSON (redis/quota-requests.ts). */
export const QUOTA_REQUESTS_KEY = "quota-requests";

export function redisAccounts(context: RedisContext): AccountStore {
  const { redis } = context;
  const createIndexed = indexedCreator(context);
  const updateExisting = context.script("vdUpdateExisting", 1, UPDATE_EXISTING);
  const clearExisting = context.script("vdClearExisting", 1, CLEAR_EXISTING);
  const deleteAccount = context.script("vdDeleteAccount", 7, DELETE_ACCOUNT);
  const getAccount: AccountStore["getAccount"] = async (id) => {
    const fields = await redis.hgetall(`account:${id}`);
    return isEmpty(fields) ? null : records.account(fields);
  };
  return {
    async createAccount(a) {
      const created = await createIndexed(`account-email:${a.email}`, `account:${a.id}`, {
        id: a.id,
        email: a.email,
        name: a.name,
        institution: a.institution,
        password_hash: a.passwordHash,
        password_salt: a.passwordSalt,
        verified: a.verified ? "1" : "0",
        created_at: a.createdAt,
      });
      if (!created) throw new DuplicateEmailError(a.email);
    },

    getAccount,

    async findAccountByEmail(email) {
      const id = await redis.get(`account-email:${email}`);
      return id === null ? null : getAccount(id);
    },

    async markAccountVerified(accountId) {
      return (await updateExisting(`account:${accountId}`, "verified", "1")) === 1;
    },

    async setAccountPassword(accountId, password, validAfter) {
      const fields = ["password_hash", password.hash, "password_salt", password.salt];
      return (
        (await updateExisting(`account:${accountId}`, ...fields, "credentials_valid_after", validAfter)) === 1
      );
    },

    async setAccountQuota(accountId, dailyQuota) {
      const key = `account:${accountId}`;
      const done =
        dailyQuota === null
          ? await clearExisting(key, "daily_quota")
          : await updateExisting(key, "daily_quota", String(dailyQuota));
      return done === 1;
    },

    async deleteAccount(accountId) {
      const deleted = await deleteAccount(
        `account:${accountId}`,
        `profile:${accountId}`,
        `account-keys:${accountId}`,
        "trackers:conference",
        "trackers:journal",
        "attendees:conference",
        QUOTA_REQUESTS_KEY,
        context.keyPrefix,
        accountId,
      );
      return deleted === 1;
    },
  };
}
