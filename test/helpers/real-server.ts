/** The server on loopback over a snapshot built from the real upstream data (upstream-builds.ts), for real-data suites. */
import { type RunningServer, startServer } from "../../functions/app.ts";
import { createMcpHandler } from "../../functions/mcp/index.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { fakeAccess } from "../functions/api/harness.ts";

/** Serves the snapshots of `snapshotsDir` and the site of `siteDir` on a free loopback port, MCP included. */
export function serveRealSnapshot(snapshotsDir: string, siteDir: string): Promise<RunningServer> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: "https://venues.test",
    SNAPSHOTS_DIR: snapshotsDir,
    SITE_DIR: siteDir,
    SNAPSHOT_POLL_MS: "0",
  });
  return startServer(config, { mcp: createMcpHandler, access: fakeAccess(), logger: silentLogger });
}
