/**
 * Sessions and single-use links in Redis: the hashes `session:<id>` and `one-time:<hash>`, each with its expiry as
 * its TTL (Redis removes it on its own), and per account the set `account-sessions:<account>` of its session ids,
 * so a password reset ends them all. Taking a link and ending an account's sessions are Lua scripts: atomic.
 */
import type { OneTimeToken, OneTimeTokenStore, Session, SessionStore } from "../types.ts";
import { type Fields, fieldsOf, isEmpty, type RedisContext, req } from "./context.ts";

/** KEYS[1] the token's hash; ARGV[1] the purpose. Deletes and returns the hash's fields when the purpose matches. */
const TAKE_ONE_TIME = `
local fields = redis.call('HGETALL', KEYS[1])
if #fields == 0 or redis.call('HGET', KEYS[1], 'purpose') ~= ARGV[1] then return nil end
redis.call('DEL', KEYS[1])
return fields
`;

/** KEYS[1] the account's session set; ARGV[1] the key prefix. Deletes every session in it; returns how many lived. */
const END_ACCOUNT_SESSIONS = `
local ended = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  ended = ended + redis.call('DEL', ARGV[1] .. 'session:' .. id)
end
redis.call('DEL', KEYS[1])
return ended
`;

export function redisSessions(context: RedisContext): SessionStore & OneTimeTokenStore {
  const { redis } = context;
  const takeOneTime = context.script("vdTakeOneTime", 1, TAKE_ONE_TIME);
  const endAccountSessions = context.script("vdEndAccountSessions", 1, END_ACCOUNT_SESSIONS);
  /** Ms from now until `expiresAt`, at least 1 (PEXPIRE with 0 or less deletes the key at once). */
  const msUntil = (expiresAt: string) => Math.max(1, Date.parse(expiresAt) - context.now());
  const expiry = (ttlMs: number) => new Date(context.now() + Math.max(0, ttlMs)).toISOString();
  return {
    async createSession(s) {
      const ttl = msUntil(s.expiresAt);
      const index = `account-sessions:${s.accountId}`;
      await redis
        .multi()
        .hset(`session:${s.id}`, { account_id: s.accountId, created_at: s.createdAt })
        .pexpire(`session:${s.id}`, ttl)
        .sadd(index, s.id)
        // The set lives as long as its longest session (GT: never shortened by a shorter one).
        .pexpire(index, ttl, "GT")
        .pexpire(index, ttl, "NX")
        .exec();
    },

    async getSession(id): Promise<Session | null> {
      const [fields, ttl] = (await redis.multi().hgetall(`session:${id}`).pttl(`session:${id}`).exec()) ?? [];
      const f = (fields?.[1] ?? {}) as Fields;
      if (isEmpty(f)) return null;
      return {
        id,
        accountId: req(f, "account_id"),
        createdAt: req(f, "created_at"),
        expiresAt: expiry(Number(ttl?.[1] ?? 0)),
      };
    },

    async deleteSession(id) {
      const accountId = await redis.hget(`session:${id}`, "account_id");
      const batch = redis.multi().del(`session:${id}`);
      if (accountId !== null) batch.srem(`account-sessions:${accountId}`, id);
      await batch.exec();
    },

    async deleteAccountSessions(accountId) {
      return Number(await endAccountSessions(`account-sessions:${accountId}`, context.keyPrefix));
    },

    async putOneTimeToken(t) {
      await redis
        .multi()
        .hset(`one-time:${t.hash}`, {
          purpose: t.purpose,
          account_id: t.accountId,
          created_at: t.createdAt,
          expires_at: t.expiresAt,
        })
        .pexpire(`one-time:${t.hash}`, msUntil(t.expiresAt))
        .exec();
    },

    async takeOneTimeToken(hash, purpose): Promise<OneTimeToken | null> {
      const taken = (await takeOneTime(`one-time:${hash}`, purpose)) as string[] | null;
      if (!taken) return null;
      const f = fieldsOf(taken);
      // Redis drops the key at its expiry; this also holds on the injected clock of the tests.
      if (Date.parse(req(f, "expires_at")) <= context.now()) return null;
      return {
        hash,
        purpose,
        accountId: req(f, "account_id"),
        createdAt: req(f, "created_at"),
        expiresAt: req(f, "expires_at"),
      };
    },
  };
}
