/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as the state store and records it as this
 * machine's state: the SQLite store of STATE_DIR (stop the servers first), or with REDIS_URL set the export of
 * REDIS_PREFIX's keys, through Redis's own commands so its persistence (AOF or RDB) keeps it; servers that were
 * refusing an emptied Redis serve again within seconds. Prints JSON on stdout; on failure a message on stderr and
 * exit 1.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { restoreSqlite } from "../accounts/store/backup.ts";
import { stateDirOf } from "../accounts/store/index.ts";
import { restoreRedis } from "../accounts/store/redis-export.ts";

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [from] = positionals;
  if (!from || positionals.length > 1) throw new Error("usage: npm run restore -- FILE");
  const stateDir = stateDirOf(process.env);
  const redisUrl = process.env.REDIS_URL?.trim();
  const report = redisUrl
    ? await restoreRedis(redisUrl, resolve(from), stateDir, process.env.REDIS_PREFIX)
    : await restoreSqlite(stateDir, resolve(from));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} catch (err) {
  console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
