/**
 * `npm run backup [-- --to FILE]`: a consistent copy of the state store, while servers run. SQLite: an online
 * backup (WAL included) to FILE, default `STATE_DIR/backups/state-<UTC instant>.sqlite`, mode 0600, without the
 * generated login-token key. Redis: BGSAVE, waited for, and where Redis wrote its RDB file (REDIS_PREFIX's keys
 * checked for that key). Prints JSON on stdout; on failure a message on stderr and exit 1.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { backupRedis, backupSqlite, defaultBackupFile } from "../accounts/store/backup.ts";
import { stateDirOf } from "../accounts/store/index.ts";

try {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const redisUrl = process.env.REDIS_URL?.trim();
  const stateDir = stateDirOf(process.env);
  const report = redisUrl
    ? await backupRedis(redisUrl, process.env.REDIS_PREFIX)
    : await backupSqlite(stateDir, resolve(values.to ?? defaultBackupFile(stateDir, new Date())));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
