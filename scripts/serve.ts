/**
 * `npm run serve`: the REST API, the MCP server, the public snapshot files and the static site on one port (PORT, default 4321),
 * following `snapshots/latest` without restarts, with accounts, quotas and activity in the state store (STATE_DIR,
 * or REDIS_URL). Settings: functions/server-config.ts, docs/api.md and docs/auth.md. SIGINT/SIGTERM stop listening and
 * close the store, so nothing is cut off mid-write.
 */

import { DEFAULT_STATE_DIR } from "../accounts/store/index.ts";
import { startService } from "../functions/composition-root.ts";
import { createMcpHandler } from "../functions/mcp/index.ts";
import { loadConfig } from "../functions/server-config.ts";
import { createLineLogger } from "../runtime/logger.ts";

try {
  const config = loadConfig();
  // The start and stop lines are written whatever LOG_LEVEL: supervisors and scripts wait for the first.
  const log = createLineLogger("info");
  const service = await startService(config, { mcp: createMcpHandler });
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err: err instanceof Error ? err.message : String(err) }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Said once the signals are handled, so a supervisor that stops the server as soon as it is up stops it cleanly.
  const where = config.store.REDIS_URL?.trim()
    ? "Redis"
    : config.store.STATE_DIR?.trim() || DEFAULT_STATE_DIR;
  log.info(
    { port: service.server.port, state: where },
    `Venue Directory serving on ${config.publicBaseUrl} (bound to port ${service.server.port}; state: ${where})`,
  );
} catch (err) {
  console.error(`Cannot start the server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
