/**
 * `npm run serve`: the REST API, the public snapshot files and the static site on one port (PORT, default 4321),
 * following `snapshots/latest` without restarts. Settings: functions/config.ts and docs/api.md.
 */
import { startServer } from "../functions/app.ts";
import { loadConfig } from "../functions/config.ts";

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Venue Directory serving on ${config.publicBaseUrl} (bound to port ${server.port})`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (err) {
  console.error(`Cannot start the server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
