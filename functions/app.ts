/**
 * The whole service on one Node server: one Hono app whose edge is the ordered list of `app.use` steps below, in
 * front of the REST API (/api), the MCP endpoint (/mcp, plugged in by its module), the public snapshot files
 * (/snapshots) and the static site. Per-request state (request id, client address, caller, quota, the charged
 * caller) lives in the context's variables (http/request-context.ts).
 *
 * Order of a request, outermost first:
 *   1. compression       edge/compression.ts    brotli/gzip for text answers, Vary: Accept-Encoding
 *   2. requestId         hono/request-id        X-Request-Id (a sane incoming one honoured: edge/request-id.ts)
 *   3. accessLog         edge/access-log.ts     one JSON log line per request, once its answer is out
 *      requestMetrics    edge/metrics.ts        requests, latency and refusals for /metrics (Prometheus)
 *   4. secureHeaders     hono/secure-headers    nosniff, Referrer-Policy, X-Frame-Options, no X-Powered-By
 *   5. responseHeaders   edge/headers.ts        X-Request-Id, CORS allow-origin/expose, CSP, no Server
 *   6. clientAddress     edge/client-address.ts the client's IP (X-Forwarded-For as far as TRUST_PROXY)
 *   7. rateLimit         edge/rate-limit.ts     per-second limits → 429
 *      fairTurns         edge/fair-turns.ts     CLIENT_CONCURRENCY requests per address inside at once, the rest
 *                                               queued per address (full → 429); the cost past 50 ms charged after
 *   8. bodyLimit         edge/request-body.ts   bounded bodies (chunked too) → 413, non-JSON login → 415
 *   9. quotaHeaders      edge/caller-quota.ts   X-Quota-* and private caching of credentialed answers
 *  10. agentRefusal      edge/agent-refusal.ts  library default User-Agents on /api and /mcp → 403
 *  11. corsPreflight     edge/preflight.ts      OPTIONS → 204
 *  12. mcpMetering       edge/mcp-metering.ts   /mcp: parses the message once; one calling no tool only reports the quota
 *  13. callerQuota       edge/caller-quota.ts   caller + quota (401, 402/429), fail closed 503, refunds
 *  14. hostGuard         edge/host-guard.ts     /api and /mcp: Host must name this service → 403
 *  15. originGuard       edge/host-guard.ts     /mcp: a browser Origin must be this service, loopback or
 *                                               ALLOWED_ORIGINS → 403 (the API answers any Origin: open CORS)
 * then the routes: /healthz, /readyz and /metrics, /mcp, the API router (/api), the server card, watchlist edits, then
 * for GET and HEAD the pages and files (site search, the deadlines list and its feeds, the watchlist page and its
 * calendars, snapshot files, site files and feeds, merged-venue redirects, the site's 404); any other method there → 405.
 * onError (edgeErrors): a store that cannot answer → 503 with Retry-After, anything else → 500.
 * On Node (startServer) the kept-answer lane (edge/kept-answers.ts) stands in front of all this: an anonymous GET of
 * /api whose answer is still kept, asked for without compression, is answered there by the same rules.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { type Answers, answersOf } from "./api/answers.ts";
import { createApiRouter } from "./api/router.ts";
import type { LoginService, ResearcherDirectory } from "./api/services.ts";
import { accessLog } from "./edge/access-log.ts";
import { agentRefusal } from "./edge/agent-refusal.ts";
import { createAnonymousAccess } from "./edge/anonymous-access.ts";
import { callerQuota, edgeErrors, quotaHeaders } from "./edge/caller-quota.ts";
import { clientAddress } from "./edge/client-address.ts";
import { answerClientError } from "./edge/client-error.ts";
import { compression } from "./edge/compression.ts";
import { connectionServerOptions, limitConnections } from "./edge/connections.ts";
import { FairTurns, fairTurns } from "./edge/fair-turns.ts";
import { feedPath } from "./edge/feed-aliases.ts";
import { responseHeaders, SECURITY_HEADERS } from "./edge/headers.ts";
import { HEALTH_PATHS, healthResponse } from "./edge/health.ts";
import { allowedHostNames, hostGuard, originGuard } from "./edge/host-guard.ts";
import { keptAnswerLane } from "./edge/kept-answers.ts";
import { mcpMetering } from "./edge/mcp-metering.ts";
import { METRICS_PATH, metricsRefusal, metricsResponse, requestMetrics } from "./edge/metrics.ts";
import { corsPreflight } from "./edge/preflight.ts";
import { createRateLimiter, type RateLimiter, rateLimit, type SharedBuckets } from "./edge/rate-limit.ts";
import { bodyLimit } from "./edge/request-body.ts";
import { REQUEST_ID_OPTIONS } from "./edge/request-id.ts";
import { siteFiles } from "./edge/site-files.ts";
import { snapshotFiles } from "./edge/snapshot-files.ts";
import { onceADay } from "./edge/view-dedup.ts";
import type { AccessControl } from "./http/caller.ts";
import { errorResponse } from "./http/envelope.ts";
import { MCP_PATH } from "./http/paths.ts";
import type { EdgeEnv, EdgeHandler } from "./http/request-context.ts";
// MCP: the slot takes a factory (the handler needs the query layer built here), and the edge meters only tool calls.
import type { McpFactory } from "./mcp/handler.ts";
import { SERVER_CARD_PATH, serverCardResponse } from "./mcp/server-card.ts";
import { nodeListener } from "./node-listener.ts";
import { deadlineLister, watchedVenues } from "./pages/deadline-rows.ts";
import { deadlinesPages } from "./pages/deadlines-page.ts";
import { SEARCH_PATH, siteSearch } from "./pages/site-search.ts";
import { watchCalendar } from "./pages/watch-calendar.ts";
import { watchlistPage } from "./pages/watchlist-page.ts";
import { storedWatchlists, WATCHLISTS_PATH, type WatchlistStore } from "./pages/watchlists.ts";
import { emptyActivity, type VenueActivity } from "./query/activity.ts";
import { createQueryLayer, type QueryLayer } from "./query/index.ts";
import { SnapshotSource } from "./query/snapshot-source.ts";
import { readBuildStatus } from "./runtime/build-status.ts";
import { type Clock, systemClock } from "./runtime/clock.ts";
import { createLogger, type Logger } from "./runtime/logger.ts";
import { createMetrics, type Metrics, type StorageFigures } from "./runtime/metrics.ts";
import type { ServerConfig } from "./server-config.ts";

export interface AppDeps {
  config: ServerConfig;
  query: QueryLayer;
  access: AccessControl;
  activity: VenueActivity;
  logger: Logger;
  metrics: Metrics;
  /** Per-second buckets every server shares (the Redis store's); absent → per process. */
  sharedRateLimit?: SharedBuckets;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  /** Where watchlists live (the state store); absent → their endpoints answer 503. */
  watchlistStore?: WatchlistStore;
  /** The state store's room, for /readyz (store/storage-watch.ts); absent → not reported. */
  storage?: () => Promise<StorageFigures>;
  /** Builds the MCP endpoint (POST /mcp), behind the same edge steps; absent → 404 envelope. */
  mcp?: McpFactory;
  clock?: Clock;
  /** The API's answers and the per-second limit, when a kept-answer lane in front shares them (startServer). */
  answers?: Answers;
  rateLimiter?: RateLimiter;
}

/** Detail pages whose views count towards views_30d (HTML or Markdown rendition). */
const VENUE_PAGE = /^\/(conference|journal)\/(\d{1,15})(?:\.md|\.html|\/)?$/;

export function createApp(deps: AppDeps): EdgeHandler {
  const { config, logger } = deps;
  const api = createApiRouter({
    ...deps,
    publicBaseUrl: config.publicBaseUrl,
    answers: deps.answers ?? answersOf(deps.query, config.answerWindowMs, deps.clock),
  });
  const snapshots = snapshotFiles(config.snapshotsDir);
  const site = siteFiles(config.siteDir);
  const search = siteSearch({ query: deps.query, siteDir: config.siteDir, clock: deps.clock });
  const allowedHosts = allowedHostNames(config.publicBaseUrl, config.allowedHosts);
  const watchlists = storedWatchlists(
    deps.watchlistStore ?? null,
    { ...config.watchlists, allowedHosts },
    deps.clock,
  );
  const watchCalendars = watchCalendar(config.siteDir, watchlists.find);
  // Server-rendered pages and feeds, each answering its own paths (null for any other).
  const pages = [
    deadlinesPages({
      list: deadlineLister(deps.query),
      outlooks: (ids) => deps.query.conferenceOutlooks(ids),
      siteDir: config.siteDir,
      publicBaseUrl: config.publicBaseUrl,
      generatedAt: () => new Date(deps.query.snapshot().generated_at),
      clock: deps.clock,
    }),
    watchlistPage({
      find: watchlists.find,
      keepDays: watchlists.keepDays,
      venues: watchedVenues(deps.query),
      siteDir: config.siteDir,
      publicBaseUrl: config.publicBaseUrl,
    }),
    watchCalendars,
  ];
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

  const { access } = deps;
  const app = new Hono<EdgeEnv>();
  app.use(compression);
  app.use(requestId(REQUEST_ID_OPTIONS));
  app.use(accessLog(logger));
  app.use(requestMetrics(deps.metrics));
  app.use(secureHeaders(SECURITY_HEADERS));
  app.use(responseHeaders);
  app.use(clientAddress(config.trustProxyHops));
  const limiter = deps.rateLimiter ?? rateLimiterOf(config, deps.sharedRateLimit);
  app.use(rateLimit(limiter));
  app.use(fairTurns(new FairTurns(config.fairTurns), limiter));
  app.use(bodyLimit);
  app.use(quotaHeaders);
  app.use(agentRefusal(access, config.blockedAgents, logger));
  app.use(corsPreflight(access, logger));
  app.use(MCP_PATH, mcpMetering);
  app.use(callerQuota(access, logger));
  app.use(hostGuard(allowedHosts));
  app.use(MCP_PATH, originGuard(allowedHosts, config.allowedOrigins));

  const readiness = {
    access,
    snapshot: deps.query.snapshot,
    nightly: () => readBuildStatus(config.snapshotsDir),
    maxSnapshotAgeHours: config.readyMaxSnapshotAgeHours,
    now: deps.clock ?? systemClock,
    storage: deps.storage,
  };
  for (const path of HEALTH_PATHS) app.all(path, () => healthResponse(path, readiness));
  app.get(METRICS_PATH, (c) => {
    const refused = metricsRefusal(c.get("ip"), c.req.header("authorization") ?? null, config.metricsToken);
    return refused ? errorResponse(403, refused, c.get("requestId")) : metricsResponse(deps.metrics);
  });
  app.all(MCP_PATH, (c) =>
    mcp
      ? mcp(c.req.raw, {
          requestId: c.get("requestId"),
          caller: c.get("caller"),
          ip: c.get("ip"),
          body: c.get("body"),
          message: c.get("mcpMessage"),
        })
      : errorResponse(404, "MCP is not enabled on this server", c.get("requestId")),
  );
  app.route("/", api);
  if (mcp) {
    app.get(SERVER_CARD_PATH, (c, next) =>
      c.req.method === "GET" ? serverCardResponse(config.publicBaseUrl) : next(),
    );
  }
  // Pages, feeds and files answer GET and HEAD only. They read the raw path (not Hono's decoded one): the file
  // handlers resolve and check it themselves.
  const rawPath = (req: Request) => new URL(req.url).pathname;
  const PAGE_METHODS = ["GET", "HEAD"];
  // Watchlist edits (POST /watchlists, PUT /watchlists/<id>) take their own methods; null for any other path.
  const watchlistRoute: MiddlewareHandler<EdgeEnv> = async (c, next) =>
    (await watchlists.api(c.req.raw, rawPath(c.req.raw), c.get("caller"))) ?? next();
  app.all(WATCHLISTS_PATH, watchlistRoute);
  app.all(`${WATCHLISTS_PATH}/*`, watchlistRoute);
  app.on(PAGE_METHODS, SEARCH_PATH, async (c, next) =>
    rawPath(c.req.raw) === SEARCH_PATH ? ((await search(c.req.raw)) ?? next()) : next(),
  );
  // Server-rendered pages, feeds and calendars, each answering its own paths (null for any other).
  app.on(PAGE_METHODS, "*", async (c, next) => {
    const pathname = rawPath(c.req.raw);
    for (const page of pages) {
      const answer = await page(c.req.raw, pathname);
      if (answer) return answer;
    }
    return next();
  });
  app.on(
    PAGE_METHODS,
    "/snapshots/*",
    async (c, next) => (await snapshots(c.req.raw, rawPath(c.req.raw))) ?? next(),
  );
  app.on(PAGE_METHODS, "*", async (c) => {
    const req = c.req.raw;
    const pathname = rawPath(req);
    const file = await site(req, feedPath(pathname));
    if (!file) return (await mergedPageRedirect(pathname)) ?? site.notFound(req);
    if (file.status === 200 && req.method === "GET") recordPageView(pathname, c.get("ip"));
    return file;
  });
  app.all(
    "*",
    () =>
      new Response("Method not allowed\n", {
        status: 405,
        headers: { allow: "GET, HEAD, OPTIONS", "content-type": "text/plain; charset=utf-8" },
      }),
  );
  app.onError(edgeErrors(logger));
  return (req, conn) => app.fetch(req, conn);
}

const rateLimiterOf = (config: ServerConfig, shared: SharedBuckets | undefined) =>
  createRateLimiter({ ...config.rateLimit, shared });

export interface ServerOverrides {
  access?: AccessControl;
  watchlistStore?: WatchlistStore;
  activity?: VenueActivity;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  mcp?: McpFactory;
  clock?: Clock;
  logger?: Logger;
  metrics?: Metrics;
  sharedRateLimit?: SharedBuckets;
  storage?: () => Promise<StorageFigures>;
}

export interface RunningServer {
  /** http://127.0.0.1:<port> (or the bound host). */
  url: string;
  port: number;
  query: QueryLayer;
  source: SnapshotSource;
  close(): Promise<void>;
}

/**
 * Loads the latest snapshot, then listens under the connection limits (edge/connections.ts: per address, in all,
 * header and request timeouts, keep-alive); resolves once the port is bound.
 */
export async function startServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
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
  const metrics = overrides.metrics ?? createMetrics(overrides.clock);
  metrics.snapshotBuiltAt(() => new Date(query.snapshot().generated_at));
  const answers = answersOf(query, config.answerWindowMs, overrides.clock);
  const rateLimiter = rateLimiterOf(config, overrides.sharedRateLimit);
  const appDeps = { ...overrides, config, query, access, activity, logger, metrics, answers, rateLimiter };
  const handler = createApp(appDeps);
  const lane = keptAnswerLane({
    ...appDeps,
    keptAnswer: answers.keptAnswer,
    allowedHosts: allowedHostNames(config.publicBaseUrl, config.allowedHosts),
    blockedAgents: config.blockedAgents,
    trustProxyHops: config.trustProxyHops,
  });
  const server = createServer(
    connectionServerOptions(config.connections),
    nodeListener(handler, lane, logger),
  );
  await new Promise<void>((resolveServer, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolveServer());
  });
  server.on("clientError", answerClientError);
  limitConnections(server, config.connections, (reason, count) =>
    metrics.connectionsClosed.inc({ reason }, count),
  );
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
