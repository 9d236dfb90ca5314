/**
 * `npm run backup [-- --to FILE]`: a consistent copy of the state store, while servers run. SQLite: an online
 * backup (WAL included) to FILE, default `STATE_DIR/backups/state-<UTC instant>.sqlite`, mode 0600, without the
 * generated login-token key. Redis: BGSAVE, waited for, and where Redis wrote its RDB file (REDIS_PREFIX's keys
 * checked for that key), and an export of REDIS_PREFIX's keys to FILE (default
 * `STATE_DIR/backups/state-<UTC instant>.redis`, 0600; store/redis-export.ts) that `npm run restore` puts back. Prints JSON on stdout; on failure a message on stderr and exit 1.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { backupRedis, backupSqlite, defaultBackupFile } from "../accounts/store/backup.ts";
import { stateDirOf } from "../accounts/store/index.ts";
import { exportRedis } from "../accounts/store/redis-export.ts";

try {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const redisUrl = process.env.REDIS_URL?.trim();
  const stateDir = stateDirOf(process.env);
  const at = new Date();
  const report = redisUrl
    ? {
        ...(await backupRedis(redisUrl, process.env.REDIS_PREFIX)),
        // The export is what `npm run restore` puts back, whatever Redis's persistence (AOF included).
        export: await exportRedis(
          redisUrl,
          resolve(values.to ?? defaultBackupFile(stateDir, at, "redis")),
          process.env.REDIS_PREFIX,
        ),
      }
    : await backupSqlite(stateDir, resolve(values.to ?? defaultBackupFile(stateDir, at)));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
