/**
 * The whole service on one Node server: one edge chain in front of the REST API (/api), the MCP endpoint
 * (/mcp, plugged in by its module), the public snapshot files (/snapshots) and the static site.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import pino from "pino";
import { errorResponse, isApiPath } from "./api/envelope.ts";
import { createApiRouter } from "./api/router.ts";
import type { LoginService, ResearcherDirectory } from "./api/services.ts";
import type { ServerConfig } from "./config.ts";
import { type AccessControl, createAnonymousAccess } from "./edge/access.ts";
import type { EdgeHandler } from "./edge/chain.ts";
import { siteFiles } from "./edge/site-files.ts";
import { snapshotFiles } from "./edge/snapshot-files.ts";
// MCP: the slot takes a factory (the handler needs the query layer built here), and the edge meters only tool calls.
import type { McpFactory } from "./mcp/handler.ts";
import { withMcpMetering } from "./mcp/metering.ts";
import { emptyActivity, type VenueActivity } from "./query/activity.ts";
import type { Clock } from "./query/clock.ts";
import { createQueryLayer, type QueryLayer } from "./query/index.ts";
import type { Logger } from "./query/logger.ts";
import { SnapshotSource } from "./query/snapshot-source.ts";

export interface AppDeps {
  config: ServerConfig;
  query: QueryLayer;
  access: AccessControl;
  activity: VenueActivity;
  logger: Logger;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  /** Builds the MCP endpoint (POST /mcp), behind the same edge chain; absent → 404 envelope. */
  mcp?: McpFactory;
  clock?: Clock;
}

/** Detail pages whose views count towards views_30d (HTML or Markdown rendition). */
const VENUE_PAGE = /^\/(conference|journal)\/(\d{1,15})(?:\.md|\.html|\/)?$/;

export function createApp(deps: AppDeps): EdgeHandler {
  const { config, logger } = deps;
  const api = createApiRouter({ ...deps, publicBaseUrl: config.publicBaseUrl });
  const snapshots = snapshotFiles(config.snapshotsDir);
  const site = siteFiles(config.siteDir);
  const mcp = deps.mcp?.({
    query: deps.query,
    publicBaseUrl: config.publicBaseUrl,
    researchers: deps.researchers,
    clock: deps.clock,
    logger,
  });

  const recordPageView = (pathname: string) => {
    const match = VENUE_PAGE.exec(pathname);
    if (!match) return;
    const kind = match[1] === "conference" ? "conference" : "journal";
    const id = match[2] ?? "";
    deps.activity
      .recordView(kind, id)
      .catch((err: unknown) => logger.warn({ err, kind, id }, "recording a page view failed"));
  };

  return withMcpMetering(
    {
      access: deps.access,
      blockedAgents: config.blockedAgents,
      trustProxyHops: config.trustProxyHops,
      logger,
    },
    async (req, ctx) => {
      const { pathname } = new URL(req.url);
      if (pathname === "/mcp") {
        return mcp ? mcp(req, ctx) : errorResponse(404, "MCP is not enabled on this server", ctx.requestId);
      }
      if (isApiPath(pathname)) return api.fetch(req, ctx);
      if (req.method !== "GET" && req.method !== "HEAD") {
        return new Response("Method not allowed\n", {
          status: 405,
          headers: { allow: "GET, HEAD, OPTIONS", "content-type": "text/plain; charset=utf-8" },
        });
      }
      const file = (await snapshots(req, pathname)) ?? (await site(req, pathname));
      if (!file) return site.notFound(req);
      if (file.status === 200 && req.method === "GET") recordPageView(pathname);
      return file;
    },
  );
}

export interface ServerOverrides {
  access?: AccessControl;
  activity?: VenueActivity;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  mcp?: McpFactory;
  clock?: Clock;
  logger?: Logger;
}

export interface RunningServer {
  /** http://127.0.0.1:<port> (or the bound host). */
  url: string;
  port: number;
  query: QueryLayer;
  source: SnapshotSource;
  close(): Promise<void>;
}

/** Loads the latest snapshot, then listens; resolves once the port is bound. */
export async function startServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const activity = overrides.activity ?? emptyActivity;
  const source = await SnapshotSource.open({
    snapshotsDir: config.snapshotsDir,
    pollMs: config.snapshotPollMs,
    logger,
  });
  const query = createQueryLayer({
    source,
    publicBaseUrl: config.publicBaseUrl,
    activity,
    clock: overrides.clock,
    logger,
  });
  const access =
    overrides.access ?? createAnonymousAccess({ dailyQuota: config.anonDailyQuota, clock: overrides.clock });
  const handler = createApp({ ...overrides, config, query, access, activity, logger });

  const server = await new Promise<ReturnType<typeof serve>>((resolveServer, reject) => {
    const s = serve(
      {
        fetch: (req, env) => handler(req, { remoteAddress: env.incoming.socket.remoteAddress }),
        port: config.port,
        hostname: config.host,
      },
      () => resolveServer(s),
    );
    s.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const host = config.host && config.host !== "0.0.0.0" && config.host !== "::" ? config.host : "127.0.0.1";
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    port: address.port,
    query,
    source,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          source.close();
          done();
        });
        // Idle keep-alive sockets would hold close() open.
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      }),
  };
}
