/** The server on loopback over a snapshot built from the real upstream data (upstream-builds.ts), for real-data suites. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type RunningServer, startServer } from "../../functions/app.ts";
import { createMcpHandler } from "../../functions/mcp/index.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { ACCOUNT, fakeAccess } from "../functions/api/harness.ts";
import { connectMcp, type McpSession, toolPayload } from "../functions/mcp/client.ts";

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

/** A suite's server over a real snapshot, with an MCP session of the test account and both ways to ask it. */
export interface RealService {
  server: RunningServer;
  mcp: McpSession;
  /** A REST answer's data, after checking it answered 200. */
  rest(path: string): ReturnType<Response["json"]>;
  /** A tool's structured result, after checking its text carries the same JSON. */
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
}

/**
 * Serves the snapshots `snapshotsDir()` names (read once the suite's earlier hooks have built them) for the suite,
 * with an empty site folder, and closes all after it.
 */
export function realServiceForSuite(snapshotsDir: () => string): () => RealService {
  let siteDir: string | undefined;
  let service: RealService | undefined;
  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), "venue-site-"));
    const server = await serveRealSnapshot(snapshotsDir(), siteDir);
    const mcp = await connectMcp(server.url, ACCOUNT);
    service = {
      server,
      mcp,
      rest: async (path) => {
        const body = await (await fetch(`${server.url}${path}`, { headers: ACCOUNT })).json();
        expect(body.code, `${path}: ${body.message}`).toBe(200);
        return body.data;
      },
      call: async (name, args) => toolPayload(await mcp.client.callTool({ name, arguments: args })),
    };
  });
  afterAll(async () => {
    await service?.mcp.close();
    await service?.server.close();
    if (siteDir) await rm(siteDir, { recursive: true, force: true });
  });
  return () => {
    if (!service) throw new Error("the real service is not started yet (call it inside a test)");
    return service;
  };
}
