/**
 * Lua scripts for the Redis store. Each runs atomically inside Redis, which is what makes the quota exact and the
 * derived tracker counts consistent when several servers write at once.
 */

/**
 * The counting CONSUME and LEASE share: KEYS[1] counter, ARGV[1] limit, ARGV[2] window in seconds; `want` and
 * `share` set by the script. Counts up to `want` requests, at most a `share`-th of what is left (at least one) and
 * only while under the limit (shared.ts grantOf); the window's expiry is set by the count that opens it. Leaves
 * `granted` and `used`.
 */
const COUNT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local left = tonumber(ARGV[1]) - used
local granted = 0
if left > 0 then
  granted = math.min(want, left, math.max(1, math.ceil(left / share)))
  used = redis.call('INCRBY', KEYS[1], granted)
  if used == granted then
    redis.call('EXPIRE', KEYS[1], ARGV[2])
  end
end
`;

/** Now in ms on Redis's own clock, so instances with skewed clocks agree on a reservation's age. */
const NOW_MS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** COUNT's keys and arguments, one request. Returns {granted 0|1, used}. */
export const CONSUME = `local want, share = 1, 1
${COUNT}
return {granted, used}
`;

/**
 * COUNT's keys and arguments; KEYS[2] the pending reservations (sorted set, scored by the time taken), KEYS[3] the
 * units each holds when more than one (hash), ARGV[3] a fresh id, ARGV[4] the units wanted, ARGV[5] the share. The
 * reservation is the member "<id> <window expiry ms> <counter key>", so giving back needs nothing else. Returns
 * {granted, used, reservation (when granted)}.
 */
export const LEASE = `local want, share = tonumber(ARGV[4]), tonumber(ARGV[5])
${COUNT}
if granted == 0 then
  return {0, used}
end
${NOW_MS}
local reservation = ARGV[3] .. ' ' .. string.format('%.0f', now + redis.call('PTTL', KEYS[1])) .. ' ' .. KEYS[1]
redis.call('ZADD', KEYS[2], now, reservation)
if granted > 1 then
  redis.call('HSET', KEYS[3], reservation, granted)
end
return {granted, used, reservation}
`;

/** KEYS[1] the pending reservations, KEYS[2] their units. `drop` forgets a reservation. */
const DROP = `
local function drop(reservation)
  redis.call('ZREM', KEYS[1], reservation)
  redis.call('HDEL', KEYS[2], reservation)
end
`;

/**
 * DROP's keys. `held` reads a reservation's units; `giveBack` returns `units` of a reservation to its counter: only
 * in its own counter window (a new window can only start after that one's expiry), never below zero. The counter
 * key comes from the reservation, not KEYS (single node).
 */
const HELD = `${NOW_MS}${DROP}
local function held(reservation)
  return tonumber(redis.call('HGET', KEYS[2], reservation) or '1')
end
local function giveBack(reservation, units)
  local expires, counter = string.match(reservation, '^%S+ (%d+) (.+)$')
  local used = tonumber(redis.call('GET', counter) or '0')
  if units > 0 and tonumber(expires) > now and used > 0 then
    redis.call('DECRBY', counter, math.min(units, used))
  end
end
`;

/** HELD's keys, ARGV[1] one reservation. Releases it if still pending. */
export const RELEASE = `${HELD}
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  giveBack(ARGV[1], held(ARGV[1]))
  drop(ARGV[1])
end
return 1
`;

/** DROP's keys, ARGV the reservations. Drops them, keeping what they hold. */
export const SETTLE = `${DROP}
for _, reservation in ipairs(ARGV) do
  drop(reservation)
end
return 1
`;

/** HELD's keys, ARGV triples (reservation, kept, returned) as Store.settleUnits takes them. */
export const SETTLE_UNITS = `${HELD}
for i = 1, #ARGV, 3 do
  local reservation = ARGV[i]
  if redis.call('ZSCORE', KEYS[1], reservation) then
    local units = held(reservation)
    local given = math.min(tonumber(ARGV[i + 2]), units)
    giveBack(reservation, given)
    units = units - tonumber(ARGV[i + 1]) - given
    if units > 0 then
      redis.call('HSET', KEYS[2], reservation, units)
    else
      drop(reservation)
    end
  end
end
return 1
`;

/** HELD's keys, ARGV[1] the lease in ms. Releases the reservations older; returns how many. */
export const RELEASE_ABANDONED = `${HELD}
local abandoned = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
for _, reservation in ipairs(abandoned) do
  giveBack(reservation, held(reservation))
  drop(reservation)
end
return #abandoned
`;

/**
 * KEYS[1] the key-hash index (apikey-hash:<hash> -> key id), ARGV[1] the key prefix (the key and account hashes are
 * named from the index's value, single node). Returns the fields id, account_id, verified (the account's, '0' when
 * it is gone) and revoked_at when set, as field/value pairs like HGETALL's; nil when there is no such key.
 */
export const FIND_KEY_CALLER = `
local id = redis.call('GET', KEYS[1])
if not id then
  return false
end
local key = redis.call('HMGET', ARGV[1] .. 'apikey:' .. id, 'account_id', 'revoked_at')
if not key[1] then
  return false
end
local account = redis.call('HMGET', ARGV[1] .. 'account:' .. key[1], 'verified', 'daily_quota')
local found = {'id', id, 'account_id', key[1], 'verified', account[1] or '0'}
if account[2] then
  found[#found + 1] = 'daily_quota'
  found[#found + 1] = account[2]
end
if key[2] then
  found[#found + 1] = 'revoked_at'
  found[#found + 1] = key[2]
end
return found
`;

/**
 * KEYS[1] the writer's last written sequence, KEYS[2..] the key hashes; ARGV[1] the batch's sequence, ARGV[2] how
 * long the writer's sequence is kept (s), then per key its count and last use. Applies the batch unless its
 * sequence is not above the writer's last; a key hash that no longer exists is not recreated.
 */
export const RECORD_KEY_USES = `
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    local at = ARGV[2 * i]
    redis.call('HINCRBY', KEYS[i], 'usage_count', ARGV[2 * i - 1])
    local last = redis.call('HGET', KEYS[i], 'last_used_at')
    if not last or last < at then
      redis.call('HSET', KEYS[i], 'last_used_at', at)
    end
  end
end
return 1
`;

/**
 * KEYS[1] unique index (e.g. e-mail -> id), KEYS[2] record hash, KEYS[3] list of the owner's ids.
 * ARGV[1] id, ARGV[2] 1 to append the id to KEYS[3], ARGV[3..] field/value pairs.
 * Claims the index and writes the record together; returns 0 when the index was taken.
 */
export const CREATE_INDEXED = `
if redis.call('SETNX', KEYS[1], ARGV[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[2], unpack(ARGV, 3))
if ARGV[2] == '1' then
  redis.call('RPUSH', KEYS[3], ARGV[1])
end
return 1
`;

/**
 * KEYS[1] profile hash; KEYS[2..4] count hashes for tracked conferences, tracked journals, attended conferences.
 * ARGV[1..3] the new id lists (JSON arrays) in the same order; ARGV[4] JSON [[field, value], ...] to set;
 * ARGV[5] JSON [field, ...] to delete. Adjusts each venue's count by the difference between old and new lists.
 */
export const PUT_PROFILE = `
local lists = {'tracked_conferences', 'tracked_journals', 'attended_conferences'}
for i, field in ipairs(lists) do
  local before, after = {}, {}
  for _, id in ipairs(cjson.decode(redis.call('HGET', KEYS[1], field) or '[]')) do before[id] = true end
  for _, id in ipairs(cjson.decode(ARGV[i])) do after[id] = true end
  for id in pairs(before) do
    if not after[id] and redis.call('HINCRBY', KEYS[i + 1], id, -1) <= 0 then
      redis.call('HDEL', KEYS[i + 1], id)
    end
  end
  for id in pairs(after) do
    if not before[id] then redis.call('HINCRBY', KEYS[i + 1], id, 1) end
  end
  redis.call('HSET', KEYS[1], field, ARGV[i])
end
for _, pair in ipairs(cjson.decode(ARGV[4])) do
  redis.call('HSET', KEYS[1], pair[1], pair[2])
end
for _, field in ipairs(cjson.decode(ARGV[5])) do
  redis.call('HDEL', KEYS[1], field)
end
return 1
`;

/**
 * A per-second token bucket shared by every server: KEYS[1] the bucket (hash: tokens, at), ARGV[1] tokens added per
 * second, ARGV[2] bucket size, ARGV[3] a debit (0: none). Takes one token when there is one; with a debit, takes
 * that many whatever is left (down to minus the bucket size) and returns 0. Returns the whole seconds to wait, 0 when
 * admitted. Timed on Redis's clock, so servers with skewed clocks fill the bucket alike; an idle bucket expires.
 */
export const TAKE_TOKEN = `${NOW_MS}
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local debit = tonumber(ARGV[3]) or 0
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local wait = 0
if debit > 0 then
  tokens = math.max(-burst, tokens - debit)
elseif tokens < 1 then
  wait = math.ceil((1 - tokens) / rate)
else
  tokens = tokens - 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(2 * burst / rate * 1000) + 1000)
return wait
`;

/**
 * One venue's detail activity in one round trip: KEYS[1] its kind's tracker counts, KEYS[2] its kind's attendee
 * counts (hashes by venue id), KEYS[3] its ratings (hash by user), KEYS[4] its comment ids (list, newest first);
 * ARGV[1] the venue id, ARGV[2] how many comments, ARGV[3] the key prefix (comment, account and profile keys are
 * built here, single node). Returns {trackers, attendees, rating values, comments}, each comment its hash's
 * field/value pairs followed by author_name (the account's name) and author_public (the profile's flag) when known.
 */
export const VENUE_ACTIVITY = `
local comments = {}
local limit = tonumber(ARGV[2])
if limit > 0 then
  for _, id in ipairs(redis.call('LRANGE', KEYS[4], 0, limit - 1)) do
    local fields = redis.call('HGETALL', ARGV[3] .. 'comment:' .. id)
    if #fields > 0 then
      local author
      for i = 1, #fields, 2 do
        if fields[i] == 'user_id' then author = fields[i + 1] end
      end
      local name = redis.call('HGET', ARGV[3] .. 'account:' .. author, 'name')
      if name then
        table.insert(fields, 'author_name')
        table.insert(fields, name)
      end
      local public = redis.call('HGET', ARGV[3] .. 'profile:' .. author, 'public')
      if public then
        table.insert(fields, 'author_public')
        table.insert(fields, public)
      end
      table.insert(comments, fields)
    end
  end
end
return {
  redis.call('HGET', KEYS[1], ARGV[1]) or '0',
  redis.call('HGET', KEYS[2], ARGV[1]) or '0',
  redis.call('HVALS', KEYS[3]),
  comments,
}
`;

/**
 * KEYS[1] a watchlist's hash, ARGV[1] ms from now it should last. Moves its expiry on, never earlier; a list
 * written before lists expired (no TTL) gets one. Nothing for a list that is gone.
 */
export const KEEP_WATCHLIST = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return 0 end
if ttl == -1 or ttl < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1
`;
