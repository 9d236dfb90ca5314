/**
 * The whole service on one Node server: one edge chain in front of the REST API (/api), the MCP endpoint
 * (/mcp, plugged in by its module), the public snapshot files (/snapshots) and the static site.
 *
 * Order of a request, outermost first:
 *   withCompression (edge/compression.ts: brotli/gzip for text answers, Vary: Accept-Encoding)
 *   → withBoundedInput (edge/chain.ts: rate-limit.ts → 429, request-body.ts → 413/415)
 *   → withMcpMetering (mcp/metering.ts: tool calls metered, other MCP traffic only reported)
 *   → withEdge (edge/chain.ts: request id, agent refusal, CORS preflight, caller + quota, fail closed 503,
 *     refunds, common and private-cache headers)
 *   → the router below: /healthz, /readyz, host guard on /api and /mcp, /mcp, /api, server card, files, pages.
 */
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { errorResponse, isApiPath } from "./api/envelope.ts";
import { createApiRouter } from "./api/router.ts";
import type { LoginService, ResearcherDirectory } from "./api/services.ts";
import type { ServerConfig } from "./config.ts";
import { type AccessControl, createAnonymousAccess } from "./edge/access.ts";
import { type EdgeHandler, withBoundedInput } from "./edge/chain.ts";
import { answerClientError } from "./edge/client-error.ts";
import { withCompression } from "./edge/compression.ts";
import { feedPath } from "./edge/feed-aliases.ts";
import { HEALTH_PATHS, healthResponse } from "./edge/health.ts";
import { allowedHostNames, hostRefusal } from "./edge/host-guard.ts";
import { createRateLimiter } from "./edge/rate-limit.ts";
import { siteFiles } from "./edge/site-files.ts";
import { snapshotFiles } from "./edge/snapshot-files.ts";
import { onceADay } from "./edge/view-dedup.ts";
// MCP: the slot takes a factory (the handler needs the query layer built here), and the edge meters only tool calls.
import type { McpFactory } from "./mcp/handler.ts";
import { withMcpMetering } from "./mcp/metering.ts";
import { SERVER_CARD_PATH, serverCardResponse } from "./mcp/server-card.ts";
import { emptyActivity, type VenueActivity } from "./query/activity.ts";
import { createQueryLayer, type QueryLayer } from "./query/index.ts";
import { SnapshotSource } from "./query/snapshot-source.ts";
import type { Clock } from "./runtime/clock.ts";
import type { Logger } from "./runtime/logger.ts";
import { SEARCH_PATH, siteSearch } from "./site/search.ts";
import { WATCH_CALENDAR_PATH, watchCalendar } from "./site/watch-calendar.ts";

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
  const search = siteSearch({ query: deps.query, siteDir: config.siteDir, clock: deps.clock });
  const watchlist = watchCalendar(config.siteDir);
  const allowedHosts = allowedHostNames(config.publicBaseUrl, config.allowedHosts);
  const mcp = deps.mcp?.({
    query: deps.query,
    publicBaseUrl: config.publicBaseUrl,
    researchers: deps.researchers,
    clock: deps.clock,
    logger,
    // The venue resources read the site's own Markdown renditions (ids are digits only, checked before).
    venueMarkdown: (kind, id) => readFile(join(config.siteDir, kind, `${id}.md`), "utf8").catch(() => null),
  });

  /** The page of a venue merged into another: a permanent redirect to the surviving venue's page. */
  const mergedPageRedirect = async (pathname: string): Promise<Response | null> => {
    const match = VENUE_PAGE.exec(pathname);
    if (!match) return null;
    const kind = match[1] === "conference" ? "conference" : "journal";
    const to = await deps.query.survivingId(kind, match[2] ?? "");
    if (!to) return null;
    const location = `/${match[1]}/${to}${pathname.slice(`/${match[1]}/${match[2]}`.length)}`;
    return new Response(null, { status: 301, headers: { location } });
  };

  // A page view counts once per client address, venue and UTC day, so reloading a page cannot make it trend.
  const firstViewToday = onceADay(deps.clock);
  const recordPageView = (pathname: string, ip: string) => {
    const match = VENUE_PAGE.exec(pathname);
    if (!match) return;
    const kind = match[1] === "conference" ? "conference" : "journal";
    const id = match[2] ?? "";
    if (!firstViewToday(`${ip}|${kind}|${id}`)) return;
    deps.activity
      .recordView(kind, id)
      .catch((err: unknown) => logger.warn({ err, kind, id }, "recording a page view failed"));
  };

  const rateLimit = createRateLimiter(config.rateLimit);
  const edge = withMcpMetering(
    {
      access: deps.access,
      blockedAgents: config.blockedAgents,
      trustProxyHops: config.trustProxyHops,
      logger,
    },
    async (req, ctx) => {
      const { pathname } = new URL(req.url);
      if (HEALTH_PATHS.has(pathname)) return healthResponse(pathname, deps.access);
      if (isApiPath(pathname)) {
        const refusal = hostRefusal(req, allowedHosts);
        if (refusal) return errorResponse(403, refusal, ctx.requestId);
      }
      if (pathname === "/mcp") {
        return mcp ? mcp(req, ctx) : errorResponse(404, "MCP is not enabled on this server", ctx.requestId);
      }
      if (isApiPath(pathname)) return api.fetch(req, ctx);
      if (pathname === SERVER_CARD_PATH && mcp && req.method === "GET") {
        return serverCardResponse(config.publicBaseUrl);
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        return new Response("Method not allowed\n", {
          status: 405,
          headers: { allow: "GET, HEAD, OPTIONS", "content-type": "text/plain; charset=utf-8" },
        });
      }
      const searched = pathname === SEARCH_PATH ? await search(req) : null;
      if (searched) return searched;
      if (pathname === WATCH_CALENDAR_PATH) return watchlist(req);
      const file = (await snapshots(req, pathname)) ?? (await site(req, feedPath(pathname)));
      if (!file) return (await mergedPageRedirect(pathname)) ?? site.notFound(req);
      if (file.status === 200 && req.method === "GET") recordPageView(pathname, ctx.ip);
      return file;
    },
  );
  // Outermost: every text answer, refusals included, is compressed for clients that accept it.
  return withCompression(
    withBoundedInput({ rateLimit, trustProxyHops: config.trustProxyHops, logger }, edge),
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
  server.on("clientError", answerClientError);
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
