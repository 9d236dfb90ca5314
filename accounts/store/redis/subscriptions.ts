/**
 * Digest subscriptions in Redis: the hash `subscription:<id>` (an unconfirmed one with its confirmation's expiry as
 * its TTL, so Redis removes it on its own), `subscription-confirm:<token hash>` → id (same TTL), the sorted set
 * `subscriptions:email:<address>` (ids by expiry, +inf once confirmed: the count per address) and
 * `subscriptions:confirmed` (ids, for the builder to page by id). Every change of more than one key is one Lua
 * script, so a confirmation and an unsubscribe never cross.
 */
import type { RecordedDeadline, Subscription, SubscriptionStore, SubscriptionTarget } from "../types.ts";
import { type Fields, fieldsOf, isEmpty, opt, type RedisContext, req } from "./context.ts";

/** KEYS[1] the confirmation key; ARGV[1] the key prefix, ARGV[2] now (ms). The subscription's fields, or nil. */
const CONFIRM = `
local id = redis.call('GET', KEYS[1])
if not id then return nil end
redis.call('DEL', KEYS[1])
local key = ARGV[1] .. 'subscription:' .. id
if redis.call('HGET', key, 'confirmed') ~= '0' then return nil end
if tonumber(redis.call('HGET', key, 'confirm_expires_at')) <= tonumber(ARGV[2]) then return nil end
redis.call('HSET', key, 'confirmed', '1')
redis.call('HDEL', key, 'confirm_hash', 'confirm_expires_at')
redis.call('PERSIST', key)
redis.call('ZADD', ARGV[1] .. 'subscriptions:confirmed', 0, id)
redis.call('ZADD', ARGV[1] .. 'subscriptions:email:' .. redis.call('HGET', key, 'email'), 'inf', id)
local fields = redis.call('HGETALL', key)
table.insert(fields, 'id')
table.insert(fields, id)
return fields
`;

/** KEYS[1] the subscription; ARGV[1] the key prefix, ARGV[2] its id. 1 when it was there. */
const DELETE = `
local email = redis.call('HGET', KEYS[1], 'email')
if not email then return 0 end
local hash = redis.call('HGET', KEYS[1], 'confirm_hash')
if hash then redis.call('DEL', ARGV[1] .. 'subscription-confirm:' .. hash) end
redis.call('DEL', KEYS[1])
redis.call('ZREM', ARGV[1] .. 'subscriptions:confirmed', ARGV[2])
redis.call('ZREM', ARGV[1] .. 'subscriptions:email:' .. email, ARGV[2])
return 1
`;

/** KEYS[1] the subscription; ARGV[1] 1: only a confirmed one; then field/value pairs. 1 when written. */
const UPDATE = `
local confirmed = redis.call('HGET', KEYS[1], 'confirmed')
if not confirmed or (ARGV[1] == '1' and confirmed ~= '1') then return 0 end
local fields = {}
for i = 2, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
return 1
`;

function subscriptionOf(id: string, f: Fields): Subscription {
  const target: SubscriptionTarget =
    req(f, "target_kind") === "watchlist"
      ? { kind: "watchlist", watchlistId: req(f, "target") }
      : { kind: "filter", filter: req(f, "target") };
  const expires = opt(f, "confirm_expires_at");
  const last = opt(f, "last_deadlines");
  return {
    id,
    email: req(f, "email"),
    target,
    frequency: req(f, "frequency") === "weekly" ? "weekly" : "daily",
    closesIn: JSON.parse(f.closes_in ?? "[]") as number[],
    timeZone: req(f, "time_zone"),
    // Subscriptions kept before languages were stored are English.
    language: f.language === "zh" ? "zh" : "en",
    confirmed: f.confirmed === "1",
    createdAt: req(f, "created_at"),
    confirmHash: opt(f, "confirm_hash"),
    confirmExpiresAt: expires === null ? null : new Date(Number(expires)).toISOString(),
    lastPeriod: opt(f, "last_period"),
    lastDeadlines: last === null ? null : (JSON.parse(last) as Record<string, RecordedDeadline>),
  };
}

export function redisSubscriptions(context: RedisContext): SubscriptionStore {
  const { redis, keyPrefix } = context;
  const confirm = context.script("vdConfirmSubscription", 1, CONFIRM);
  const remove = context.script("vdDeleteSubscription", 1, DELETE);
  const update = context.script("vdUpdateSubscription", 1, UPDATE);
  const live = (f: Fields) =>
    !isEmpty(f) && (f.confirmed === "1" || Number(f.confirm_expires_at ?? 0) > context.now());
  return {
    async createSubscription(s) {
      const fields: Record<string, string> = {
        email: s.email,
        target_kind: s.target.kind,
        target: s.target.kind === "watchlist" ? s.target.watchlistId : s.target.filter,
        frequency: s.frequency,
        closes_in: JSON.stringify(s.closesIn),
        time_zone: s.timeZone,
        language: s.language ?? "en",
        confirmed: s.confirmed ? "1" : "0",
        created_at: s.createdAt,
      };
      if (s.lastPeriod !== null) fields.last_period = s.lastPeriod;
      if (s.lastDeadlines !== null) fields.last_deadlines = JSON.stringify(s.lastDeadlines);
      const tx = redis.multi();
      if (!s.confirmed && s.confirmHash !== null && s.confirmExpiresAt !== null) {
        const expiresMs = Date.parse(s.confirmExpiresAt);
        const ttl = Math.max(1, expiresMs - context.now());
        fields.confirm_hash = s.confirmHash;
        fields.confirm_expires_at = String(expiresMs);
        tx.hset(`subscription:${s.id}`, fields)
          .pexpire(`subscription:${s.id}`, ttl)
          .set(`subscription-confirm:${s.confirmHash}`, s.id, "PX", ttl)
          .zadd(`subscriptions:email:${s.email}`, expiresMs, s.id);
      } else {
        tx.hset(`subscription:${s.id}`, fields).zadd(`subscriptions:email:${s.email}`, "inf", s.id);
        if (s.confirmed) tx.zadd("subscriptions:confirmed", 0, s.id);
      }
      await tx.exec();
    },

    async getSubscription(id) {
      const f = (await redis.hgetall(`subscription:${id}`)) as Fields;
      return live(f) ? subscriptionOf(id, f) : null;
    },

    async confirmSubscription(confirmHash) {
      const flat = (await confirm(`subscription-confirm:${confirmHash}`, keyPrefix, context.now())) as
        | string[]
        | null;
      if (!flat) return null;
      const f = fieldsOf(flat);
      return subscriptionOf(req(f, "id"), f);
    },

    async updateSubscription(id, change) {
      const written = await update(
        `subscription:${id}`,
        "0",
        "frequency",
        change.frequency,
        "closes_in",
        JSON.stringify(change.closesIn),
        "time_zone",
        change.timeZone,
      );
      return written === 1;
    },

    async deleteSubscription(id) {
      return (await remove(`subscription:${id}`, keyPrefix, id)) === 1;
    },

    async countSubscriptions(email) {
      const key = `subscriptions:email:${email}`;
      const [, counted] =
        (await redis.multi().zremrangebyscore(key, "-inf", context.now()).zcard(key).exec()) ?? [];
      return Number(counted?.[1] ?? 0);
    },

    async listSubscriptions(email) {
      const ids = await redis.zrangebyscore(`subscriptions:email:${email}`, `(${context.now()}`, "+inf");
      const found = await Promise.all(ids.map((id) => redis.hgetall(`subscription:${id}`)));
      return ids
        .flatMap((id, i) => {
          const f = (found[i] ?? {}) as Fields;
          return live(f) ? [subscriptionOf(id, f)] : [];
        })
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    async listConfirmedSubscriptions(afterId, limit) {
      const ids = await redis.zrangebylex(
        "subscriptions:confirmed",
        afterId === "" ? "-" : `(${afterId}`,
        "+",
        "LIMIT",
        0,
        limit,
      );
      const found = await Promise.all(ids.map((id) => redis.hgetall(`subscription:${id}`)));
      return ids.flatMap((id, i) => {
        const f = (found[i] ?? {}) as Fields;
        return f.confirmed === "1" ? [subscriptionOf(id, f)] : [];
      });
    },

    async recordDigest(id, period, deadlines) {
      const written = await update(
        `subscription:${id}`,
        "1",
        "last_period",
        period,
        "last_deadlines",
        JSON.stringify(deadlines),
      );
      return written === 1;
    },
  };
}
