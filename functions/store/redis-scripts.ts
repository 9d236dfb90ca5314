/**
 * Lua scripts for the Redis store. Each runs atomically inside Redis, which is what makes the quota exact and the
 * derived tracker counts consistent when several servers write at once.
 */

/**
 * KEYS[1] counter, ARGV[1] limit, ARGV[2] window in seconds.
 * Counts only while under the limit; the window's expiry is set by the request that opens it.
 * Returns {allowed 0|1, used}.
 */
export const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then
  return {0, used}
end
used = redis.call('INCR', KEYS[1])
if used == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
return {1, used}
`;

/** KEYS[1] counter. Takes back one counted request, never below zero (the expiry stays). */
export const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
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
