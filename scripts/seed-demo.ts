/**
 * `npm run seed-demo`: demonstration accounts, public profiles, ratings and comments over the venues of the
 * current snapshot (SNAPSHOTS_DIR/latest), in the state store the server uses (STATE_DIR or REDIS_URL). Prints the
 * demo account's e-mail, password and a fresh API key as JSON. Safe to run again: nothing is duplicated.
 */

import { openStore } from "../accounts/store/index.ts";
import { loadConfig } from "../functions/server-config.ts";
import { createQueryLayer } from "../read/query/index.ts";
import { SnapshotSource } from "../read/query/snapshot-source.ts";
import { seedDemo } from "./demo-seed.ts";

try {
  const config = loadConfig();
  const source = await SnapshotSource.open({ snapshotsDir: config.snapshotsDir, pollMs: 0 });
  try {
    const store = await openStore(config.store);
    try {
      const query = createQueryLayer({ source, publicBaseUrl: config.publicBaseUrl });
      const seeded = await seedDemo(store, query);
      process.stdout.write(`${JSON.stringify(seeded, null, 2)}\n`);
    } finally {
      await store.close();
    }
  } finally {
    source.close();
  }
} catch (error) {
  process.stderr.write(
    `${JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } })}\n`,
  );
  process.exitCode = 1;
}
