/**
 * The mail queue in Redis: the hash `mail:<id>` per message; `mail:due` (sorted set of pending ids by the time they
 * are due; a claim moves an id to its lease's end, so an abandoned claim is simply due again); `mail:finished`
 * (sent, suppressed and dead ids by when, for purgeMail); `mail:dead` (set); `mail:dedupe` (hash: dedupe key → id);
 * `mail:suppressed` (hash: address → why). Each step is one Lua script, so two servers never claim one message.
 */
import type { MailQueueStore, QueuedMail } from "../types.ts";
import { type Fields, fieldsOf, pairs, type RedisContext, req } from "./context.ts";

/** Ids removed per script run by purgeMail. */
const PURGE_BATCH = 500;

const QUEUE_KEYS = ["mail:dedupe", "mail:suppressed", "mail:due", "mail:finished", "mail:dead"];

/**
 * KEYS: QUEUE_KEYS then `mail:<id>`; ARGV[1] dedupe key, ARGV[2] id, ARGV[3] address (lower case), ARGV[4] now, then
 * the message's field/value pairs. Returns "queued", "duplicate" or "suppressed".
 */
const ENQUEUE = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then
  return 'duplicate'
end
local fields = {}
for i = 5, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[6], unpack(fields))
redis.call('HSET', KEYS[6], 'address', ARGV[3], 'attempts', '0', 'next_at', ARGV[4], 'created_at', ARGV[4])
if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 then
  redis.call('HSET', KEYS[6], 'status', 'suppressed', 'finished_at', ARGV[4])
  redis.call('HDEL', KEYS[6], 'text', 'html')
  redis.call('ZADD', KEYS[4], ARGV[4], ARGV[2])
  return 'suppressed'
end
redis.call('HSET', KEYS[6], 'status', 'pending')
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[2])
return 'queued'
`;

/**
 * KEYS: QUEUE_KEYS; ARGV[1] now, ARGV[2] limit, ARGV[3] owner, ARGV[4] lease end, ARGV[5] key prefix. Returns
 * {suppressed count, fields of each claimed message…}.
 */
const CLAIM = `
local result = {0}
local ids = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do
  local key = ARGV[5] .. 'mail:' .. id
  local address = redis.call('HGET', key, 'address')
  if not address then
    redis.call('ZREM', KEYS[3], id)
  elseif redis.call('HEXISTS', KEYS[2], address) == 1 then
    redis.call('HSET', key, 'status', 'suppressed', 'finished_at', ARGV[1])
    redis.call('HDEL', key, 'text', 'html', 'lease_owner')
    redis.call('ZREM', KEYS[3], id)
    redis.call('ZADD', KEYS[4], ARGV[1], id)
    result[1] = result[1] + 1
  else
    redis.call('HSET', key, 'lease_owner', ARGV[3], 'next_at', ARGV[4])
    redis.call('ZADD', KEYS[3], ARGV[4], id)
    result[#result + 1] = redis.call('HGETALL', key)
  end
end
return result
`;

/**
 * KEYS: QUEUE_KEYS then `mail:<id>`; ARGV[1] id, ARGV[2] owner, ARGV[3] outcome (sent, retry, dead, bounce), ARGV[4]
 * now, ARGV[5] error, ARGV[6] when due again (retry). A bounce suppresses the address whoever holds the claim.
 * Returns 1 when recorded, 0 when `owner` no longer holds the claim.
 */
const SETTLE = `
local key, id, outcome, now = KEYS[6], ARGV[1], ARGV[3], ARGV[4]
local address = redis.call('HGET', key, 'address')
if outcome == 'bounce' and address then
  redis.call('HSETNX', KEYS[2], address, ARGV[5])
end
if redis.call('HGET', key, 'status') ~= 'pending' or redis.call('HGET', key, 'lease_owner') ~= ARGV[2] then
  return 0
end
redis.call('HDEL', key, 'lease_owner')
if outcome ~= 'sent' then
  redis.call('HINCRBY', key, 'attempts', 1)
  redis.call('HSET', key, 'last_error', ARGV[5])
end
if outcome == 'retry' then
  redis.call('HSET', key, 'next_at', ARGV[6])
  redis.call('ZADD', KEYS[3], ARGV[6], id)
  return 1
end
local status = outcome == 'bounce' and 'suppressed' or outcome
redis.call('HSET', key, 'status', status, 'finished_at', now)
if status ~= 'dead' then
  redis.call('HDEL', key, 'text', 'html')
else
  redis.call('SADD', KEYS[5], id)
end
redis.call('ZREM', KEYS[3], id)
redis.call('ZADD', KEYS[4], now, id)
return 1
`;

/** KEYS: QUEUE_KEYS; ARGV[1] finished before (ms), ARGV[2] batch, ARGV[3] key prefix. Returns how many went. */
const PURGE = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do
  local key = ARGV[3] .. 'mail:' .. id
  local dedupe = redis.call('HGET', key, 'dedupe_key')
  if dedupe then redis.call('HDEL', KEYS[1], dedupe) end
  redis.call('DEL', key)
  redis.call('SREM', KEYS[5], id)
  redis.call('ZREM', KEYS[4], id)
end
return #ids
`;

const address = (to: string) => to.trim().toLowerCase();

function queued(f: Fields): QueuedMail {
  return {
    id: req(f, "id"),
    dedupeKey: req(f, "dedupe_key"),
    to: req(f, "to"),
    subject: req(f, "subject"),
    text: req(f, "text"),
    html: f.html ?? null,
    headers: JSON.parse(f.headers ?? "{}") as Record<string, string>,
    attempts: Number(f.attempts ?? 0),
    leaseUntil: Number(f.next_at ?? 0),
  };
}

export function redisMail(context: RedisContext): MailQueueStore {
  const { redis } = context;
  const enqueue = context.script("vdEnqueueMail", QUEUE_KEYS.length + 1, ENQUEUE);
  const claim = context.script("vdClaimMail", QUEUE_KEYS.length, CLAIM);
  const settle = context.script("vdSettleMail", QUEUE_KEYS.length + 1, SETTLE);
  const purge = context.script("vdPurgeMail", QUEUE_KEYS.length, PURGE);
  const settled = async (id: string, owner: string, outcome: string, error = "", retryAt = 0) =>
    Number(await settle(...QUEUE_KEYS, `mail:${id}`, id, owner, outcome, context.now(), error, retryAt)) ===
    1;

  return {
    async enqueueMail(mail) {
      const fields = pairs({
        id: mail.id,
        dedupe_key: mail.dedupeKey,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: JSON.stringify(mail.headers),
      });
      const now = context.now();
      const at = [mail.dedupeKey, mail.id, address(mail.to), now];
      return (await enqueue(...QUEUE_KEYS, `mail:${mail.id}`, ...at, ...fields)) as
        | "queued"
        | "duplicate"
        | "suppressed";
    },

    async claimMail(owner, limit, leaseMs) {
      const now = context.now();
      const [blocked, ...claimed] = (await claim(
        ...QUEUE_KEYS,
        now,
        limit,
        owner,
        now + leaseMs,
        context.keyPrefix,
      )) as [number, ...string[][]];
      return { mail: claimed.map((flat) => queued(fieldsOf(flat))), suppressed: Number(blocked) };
    },

    markMailSent: (id, owner) => settled(id, owner, "sent"),
    markMailFailed: (id, owner, error, retryInMs) =>
      retryInMs === null
        ? settled(id, owner, "dead", error)
        : settled(id, owner, "retry", error, context.now() + retryInMs),
    bounceMail: (id, owner, error) => settled(id, owner, "bounce", error),

    async isMailSuppressed(to) {
      return (await redis.hexists("mail:suppressed", address(to))) === 1;
    },

    async mailQueueDepth() {
      const [due, dead] = (await redis.multi().zcard("mail:due").scard("mail:dead").exec()) ?? [];
      return { pending: Number(due?.[1] ?? 0), dead: Number(dead?.[1] ?? 0) };
    },

    async purgeMail(keepMs) {
      const before = context.now() - keepMs;
      let removed = 0;
      for (;;) {
        const batch = Number(await purge(...QUEUE_KEYS, before, PURGE_BATCH, context.keyPrefix));
        removed += batch;
        if (batch < PURGE_BATCH) return removed;
      }
    },
  };
}
