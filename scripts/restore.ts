/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as the SQLite state store of STATE_DIR
 * (stop the servers first) and records it as this machine's state. Prints JSON on stdout; on failure a message on
 * stderr and exit 1. Redis is restored by Redis itself (docs/operations.md#backups).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { restoreSqlite } from "../accounts/store/backup.ts";
import { stateDirOf } from "../accounts/store/index.ts";

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [from] = positionals;
  if (!from || positionals.length > 1) throw new Error("usage: npm run restore -- FILE");
  if (process.env.REDIS_URL?.trim()) {
    throw new Error("REDIS_URL is set: restore Redis from its RDB file (docs/operations.md#backups)");
  }
  const stateDir = stateDirOf(process.env);
  process.stdout.write(`${JSON.stringify(await restoreSqlite(stateDir, resolve(from)), null, 2)}\n`);
} catch (err) {
  console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
