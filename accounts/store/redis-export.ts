/**
 * A Redis state store as a file, and back: every key under REDIS_PREFIX with its DUMP payload and time to live, one
 * JSON line each after a header line. The restore goes through Redis's own commands (the prefix's keys deleted, then
 * RESTORE), so Redis persists it as any other write, whatever its persistence: with `appendonly yes` (which loads its
 * AOF at start and ignores a copied `dump.rdb`) as with RDB snapshots. A DUMP payload is read by the same Redis
 * version or a newer one. The file holds the login-token key when it was generated (JWT_SECRET unset), as any Redis
 * dump does: it is written 0600 into STATE_DIR's private backups folder.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { Redis } from "ioredis";
import { createPrivateFile, ensurePrivatePath, writePrivateFile } from "../../runtime/private-files.ts";
import { DEFAULT_REDIS_PREFIX } from "./redis-store.ts";
import { stateMarkerFile } from "./state-identity.ts";
import { LOGIN_TOKEN_KEY_SETTING } from "./types.ts";

const FORMAT = "venue-directory-redis-export";
const VERSION = 1;
/** Keys fetched per SCAN step and written per batch. */
const BATCH = 500;

interface Header {
  format: typeof FORMAT;
  version: number;
  prefix: string;
  state_id: string | null;
  saved_at: string;
}

/** One key: its name without the prefix, milliseconds left to live (-1: none), its DUMP payload in base64. */
interface KeyLine {
  key: string;
  ttl_ms: number;
  dump: string;
}

export interface RedisExportReport {
  file: string;
  bytes: number;
  prefix: string;
  state_id: string | null;
  keys: number;
  login_token_key_included: boolean;
}

const connect = async (url: string) => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  return redis;
};

/** Every key under `prefix`, BATCH at a time. */
async function* keysUnder(redis: Redis, prefix: string): AsyncGenerator<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", BATCH);
    cursor = next;
    if (keys.length > 0) yield keys;
  } while (cursor !== "0");
}

/** Writes the prefix's keys to `to` (a new file, 0600). Keys changed while it runs are taken as they are then. */
export async function exportRedis(
  url: string,
  to: string,
  prefix = DEFAULT_REDIS_PREFIX,
): Promise<RedisExportReport> {
  if (existsSync(to)) throw new Error(`${to} exists already; name another file`);
  const redis = await connect(url);
  try {
    ensurePrivatePath(dirname(to));
    createPrivateFile(to);
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      prefix,
      state_id: await redis.get(`${prefix}setting:state_id`),
      saved_at: new Date().toISOString(),
    };
    await appendFile(to, `${JSON.stringify(header)}\n`);
    let count = 0;
    for await (const keys of keysUnder(redis, prefix)) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.dumpBuffer(key).pttl(key);
      const replies = (await pipeline.exec()) ?? [];
      const lines: string[] = [];
      keys.forEach((key, i) => {
        const dump = replies[2 * i]?.[1] as Buffer | null;
        const ttl = Number(replies[2 * i + 1]?.[1]);
        // Gone between SCAN and DUMP, or expired: nothing to keep.
        if (!dump || ttl === -2) return;
        const line: KeyLine = { key: key.slice(prefix.length), ttl_ms: ttl, dump: dump.toString("base64") };
        lines.push(JSON.stringify(line));
      });
      if (lines.length > 0) await appendFile(to, `${lines.join("\n")}\n`);
      count += lines.length;
    }
    const loginKey = (await redis.exists(`${prefix}setting:${LOGIN_TOKEN_KEY_SETTING}`)) === 1;
    return {
      file: to,
      bytes: statSync(to).size,
      prefix,
      state_id: header.state_id,
      keys: count,
      login_token_key_included: loginKey,
    };
  } finally {
    redis.disconnect();
  }
}

/** The file's lines after its header, parsed; throws naming the file when it is not an export of this format. */
async function* readExport(file: string): AsyncGenerator<Header | KeyLine> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let first = true;
  for await (const text of lines) {
    if (text.trim() === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not a Redis export of npm run backup (a line is not JSON)`);
    }
    if (first) {
      const header = parsed as Partial<Header>;
      if (header.format !== FORMAT || header.version !== VERSION) {
        throw new Error(
          `${file} is not a Redis export of npm run backup (format ${FORMAT} version ${VERSION})`,
        );
      }
      first = false;
    }
    yield parsed as Header | KeyLine;
  }
  if (first) throw new Error(`${file} is empty`);
}

/**
 * Puts an export back into the Redis at `url` under `prefix`: the prefix's keys are deleted, then each key of the
 * file RESTOREd with the time it had left; this machine's state marker (in `stateDir`) records the export's state.
 * Running servers see their state back within seconds (identity-watch.ts).
 */
export async function restoreRedis(
  url: string,
  from: string,
  stateDir: string,
  prefix = DEFAULT_REDIS_PREFIX,
): Promise<Omit<RedisExportReport, "bytes" | "login_token_key_included"> & { removed: number }> {
  if (!existsSync(from)) throw new Error(`no backup at ${from}`);
  // Read through once before touching Redis, so a damaged file changes nothing.
  let header: Header | undefined;
  for await (const line of readExport(from)) {
    if (!header) header = line as Header;
    else if (typeof (line as KeyLine).key !== "string" || typeof (line as KeyLine).dump !== "string") {
      throw new Error(`${from} has a line without key and dump`);
    }
  }
  const redis = await connect(url);
  try {
    let removed = 0;
    for await (const keys of keysUnder(redis, prefix)) removed += await redis.unlink(...keys);
    let count = 0;
    let pipeline = redis.pipeline();
    const flush = async () => {
      for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
      pipeline = redis.pipeline();
    };
    let first = true;
    for await (const line of readExport(from)) {
      if (first) {
        first = false;
        continue;
      }
      const { key, ttl_ms, dump } = line as KeyLine;
      pipeline.restore(`${prefix}${key}`, Math.max(0, ttl_ms), Buffer.from(dump, "base64"), "REPLACE");
      count += 1;
      if (count % BATCH === 0) await flush();
    }
    await flush();
    const stateId = header?.state_id ?? null;
    if (stateId) writePrivateFile(stateMarkerFile(stateDir, prefix), `${stateId}\n`);
    return { file: from, prefix, state_id: stateId, keys: count, removed };
  } finally {
    redis.disconnect();
  }
}
