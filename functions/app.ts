/**
 * The whole service on one Node server: one Hono app whose edge is the ordered list of `app.use` steps below, in
 * front of the REST API (/api), the MCP endpoint (/mcp, plugged in by its module), the public snapshot files
 * (/snapshots) and the static site. Per-request state (request id, client address, caller, quota, the charged
 * caller) lives in the context's variables (http/request-context.ts).
 *
 * Order of a request, outermost first: compression (edge/compression.ts: brotli/gzip for text answers, Vary:
 * Accept-Encoding; it rewrites the answer's body stream, so it wraps the steps), then the edge steps of the one front
 * door (edge/front-door.ts lists them in order: request id, log, metrics, headers, client address, limits, fair
 * turns, body, quota headers, agent refusal, preflight, MCP metering, caller and quota, Host and Origin guards), each
 * as middleware (edge/hono-steps.ts),
 * then the routes: /healthz, /readyz and /metrics, /mcp, the API router (/api), the server card, watchlist edits, then
 * for GET and HEAD the pages and files (site search, the deadlines list and its feeds, the watchlist page and its
 * calendars, snapshot files, site files and feeds, merged-venue redirects, the site's 404); any other method there → 405.
 * onError (edgeErrors): a store that cannot answer → 503 with Retry-After, anything else → 500.
 * On Node (startServer) the kept-answer lane (edge/kept-answers.ts) stands in front of all this: an anonymous GET of
 * /api whose answer is still kept, asked for without compression, is answered there through the same steps.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import type { Outbox } from "../accounts/mail/types.ts";
import type { AccessControl } from "../read/caller.ts";
import { emptyActivity, type VenueActivity } from "../read/query/activity.ts";
import { createQueryLayer, type QueryLayer } from "../read/query/index.ts";
import { SnapshotSource } from "../read/query/snapshot-source.ts";
import type { LoginService, ResearcherDirectory } from "../read/services.ts";
import { deadlineLister, watchedVenues } from "../render/deadline-rows.ts";
import { localeOfPath, localePath, unlocalizedPath } from "../render/i18n.ts";
import { readBuildStatus } from "../runtime/build-status.ts";
import { type Clock, systemClock } from "../runtime/clock.ts";
import { createLogger, type Logger } from "../runtime/logger.ts";
import { createMetrics, type Metrics, type StorageFigures } from "../runtime/metrics.ts";
import { type Answers, answersOf } from "./api/answers.ts";
import { createApiRouter } from "./api/router.ts";
import { createAnonymousAccess } from "./edge/anonymous-access.ts";
import { failureAnswer } from "./edge/caller-quota.ts";
import { answerClientError } from "./edge/client-error.ts";
import { compression } from "./edge/compression.ts";
import { connectionServerOptions, limitConnections } from "./edge/connections.ts";
import { FairTurns } from "./edge/fair-turns.ts";
import { feedPath } from "./edge/feed-aliases.ts";
import { frontDoor } from "./edge/front-door.ts";
import { HEALTH_PATHS, healthResponse } from "./edge/health.ts";
import { asChain, edgeErrors } from "./edge/hono-steps.ts";
import { allowedHostNames } from "./edge/host-guard.ts";
import { keptAnswerLane } from "./edge/kept-answers.ts";
import { METRICS_PATH, metricsRefusal, metricsResponse } from "./edge/metrics.ts";
import { createRateLimiter, type SharedBuckets } from "./edge/rate-limit.ts";
import { siteFiles } from "./edge/site-files.ts";
import { snapshotFiles } from "./edge/snapshot-files.ts";
import type { EdgeStep } from "./edge/step.ts";
import { onceADay } from "./edge/view-dedup.ts";
import { errorResponse } from "./http/envelope.ts";
import { MCP_PATH } from "./http/paths.ts";
import type { EdgeEnv, EdgeHandler } from "./http/request-context.ts";
// MCP: the slot takes a factory (the handler needs the query layer built here), and the edge meters only tool calls.
import type { McpFactory } from "./mcp/handler.ts";
import { SERVER_CARD_PATH, serverCardResponse } from "./mcp/server-card.ts";
import { nodeListener } from "./node-listener.ts";
import type { AccountPages } from "./pages/account/account-pages.ts";
import { builtCalendarReminders } from "./pages/calendar-reminders.ts";
import { deadlinesPages } from "./pages/deadlines-page.ts";
import { SEARCH_PATH, siteSearch } from "./pages/site-search.ts";
import { SUBSCRIBE_PATH } from "./pages/subscriptions/links.ts";
import { type SubscriptionPagesStore, subscriptionPages } from "./pages/subscriptions/subscribe-pages.ts";
import { watchCalendar } from "./pages/watch-calendar.ts";
import { watchlistPage } from "./pages/watchlist-page.ts";
import { storedWatchlists, WATCHLISTS_PATH, type WatchlistStore } from "./pages/watchlists.ts";
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
  /** The mail outbox (accounts/mail): queued in the state store, sent by the instance's mail sender. */
  outbox?: Outbox;
  /** Sign-up, log-in and the other account forms (pages/account/); absent → those paths are the site's 404. */
  accountPages?: AccountPages;
  /** Where e-mail digest subscriptions live (with the outbox: pages/subscriptions/); absent → no digests offered. */
  subscriptionStore?: SubscriptionPagesStore;
  /** The state store's room, for /readyz (store/storage-watch.ts); absent → not reported. */
  storage?: () => Promise<StorageFigures>;
  /** Why the state store is not the state served (store/identity-watch.ts), or null; absent → not checked. */
  stateProblem?: () => string | null;
  /** Why `latest` could not be loaded (the snapshot in service stayed), or null. */
  snapshotProblem?: () => string | null;
  /** Builds the MCP endpoint (POST /mcp), behind the same edge steps; absent → 404 envelope. */
  mcp?: McpFactory;
  clock?: Clock;
  /** The API's answers and the edge steps, when a kept-answer lane in front shares them (startServer). */
  answers?: Answers;
  steps?: readonly EdgeStep[];
}

/** Detail pages whose views count towards views_30d (HTML or Markdown rendition), matched without the `/zh` prefix. */
const VENUE_PAGE = /^\/(conference|journal)\/(\d{1,15})(?:\.md|\.html|\/)?$/;

export function createApp(deps: AppDeps): EdgeHandler {
  const { config, logger } = deps;
  const api = createApiRouter({
    ...deps,
    publicBaseUrl: config.publicBaseUrl,
    answers: deps.answers ?? answersOf(deps.query, config.answerWindowMs, deps.clock),
  });
  const mcp = deps.mcp?.({
    query: deps.query,
    publicBaseUrl: config.publicBaseUrl,
    researchers: deps.researchers,
    clock: deps.clock,
    logger,
    // The venue resources read the site's own Markdown renditions (ids are digits only, checked before).
    venueMarkdown: (kind, id) => readFile(join(config.siteDir, kind, `${id}.md`), "utf8").catch(() => null),
  });
  const app = new Hono<EdgeEnv>();
  app.use(compression);
  app.use(asChain(deps.steps ?? edgeStepsOf(deps), edgeErrors(logger)));
  operationalRoutes(app, deps, mcp);
  app.route("/", api);
  if (mcp) {
    app.get(SERVER_CARD_PATH, (c, next) =>
      c.req.method === "GET" ? serverCardResponse(config.publicBaseUrl) : next(),
    );
  }
  pageRoutes(app, deps);
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

/** /healthz and /readyz, /metrics (loopback or METRICS_TOKEN), and /mcp. */
function operationalRoutes(app: Hono<EdgeEnv>, deps: AppDeps, mcp: ReturnType<McpFactory> | undefined): void {
  const { config } = deps;
  const readiness = {
    access: deps.access,
    snapshot: deps.query.snapshot,
    nightly: () => readBuildStatus(config.snapshotsDir),
    maxSnapshotAgeHours: config.readyMaxSnapshotAgeHours,
    now: deps.clock ?? systemClock,
    storage: deps.storage,
    stateProblem: deps.stateProblem,
    snapshotProblem: deps.snapshotProblem,
    siteDir: config.siteDir,
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
}

/** The raw path (not Hono's decoded one): the file handlers resolve and check it themselves. */
const rawPath = (req: Request) => new URL(req.url).pathname;
/** Pages, feeds and files answer GET and HEAD only. */
const PAGE_METHODS = ["GET", "HEAD"];

/**
 * Watchlist edits, then for GET and HEAD: site search, the server-rendered pages, feeds and calendars (each
 * answering its own paths, null for any other), snapshot files, and the site's files with merged-venue redirects
 * and the site's 404.
 */
function pageRoutes(app: Hono<EdgeEnv>, deps: AppDeps): void {
  const { config } = deps;
  const site = siteFiles(config.siteDir);
  const snapshots = snapshotFiles(config.snapshotsDir);
  const search = siteSearch({ query: deps.query, siteDir: config.siteDir, clock: deps.clock });
  const allowedHosts = allowedHostNames(config.publicBaseUrl, config.allowedHosts);
  const watchlists = storedWatchlists(
    deps.watchlistStore ?? null,
    { ...config.watchlists, allowedHosts },
    deps.clock,
  );
  const subscriptions =
    deps.subscriptionStore && deps.outbox
      ? subscriptionPages({
          store: deps.subscriptionStore,
          outbox: deps.outbox,
          query: deps.query,
          publicBaseUrl: config.publicBaseUrl,
          allowedHosts,
          clock: deps.clock,
        })
      : null;
  // The pages offer e-mail digests only where they can be subscribed to.
  const digests = subscriptions !== null;
  const pages = [
    deadlinesPages({
      list: deadlineLister(deps.query),
      outlooks: (ids) => deps.query.conferenceOutlooks(ids),
      siteDir: config.siteDir,
      publicBaseUrl: config.publicBaseUrl,
      generatedAt: () => new Date(deps.query.snapshot().generated_at),
      digests,
      clock: deps.clock,
    }),
    watchlistPage({
      find: watchlists.find,
      keepDays: watchlists.keepDays,
      venues: watchedVenues(deps.query),
      digests,
      siteDir: config.siteDir,
      publicBaseUrl: config.publicBaseUrl,
      clock: deps.clock,
    }),
    watchCalendar(config.siteDir, watchlists.find),
    builtCalendarReminders(config.siteDir),
  ];
  const venuePages = venuePageSteps(deps);
  // Watchlist edits (POST /watchlists, PUT /watchlists/<id>) take their own methods; null for any other path.
  const watchlistRoute: MiddlewareHandler<EdgeEnv> = async (c, next) =>
    (await watchlists.api(c.req.raw, rawPath(c.req.raw), c.get("caller"))) ?? next();
  app.all(WATCHLISTS_PATH, watchlistRoute);
  if (subscriptions) {
    app.on(
      [...PAGE_METHODS, "POST"],
      // English at today's addresses, the same pages in Chinese under /zh/.
      [SUBSCRIBE_PATH, `${SUBSCRIBE_PATH}/*`, "/subscriptions/*"].flatMap((path) => [
        path,
        localePath("zh", path),
      ]),
      async (c, next) => (await subscriptions(c.req.raw, rawPath(c.req.raw), c.get("ip"))) ?? next(),
    );
  }
  const accountForms = deps.accountPages;
  if (accountForms) {
    app.on(
      [...PAGE_METHODS, "POST"],
      ["/account/*", localePath("zh", "/account/*")],
      async (c, next) => (await accountForms(c.req.raw, rawPath(c.req.raw), c.get("ip"))) ?? next(),
    );
  }
  app.all(`${WATCHLISTS_PATH}/*`, watchlistRoute);
  app.on(PAGE_METHODS, [SEARCH_PATH, localePath("zh", SEARCH_PATH)], async (c, next) =>
    unlocalizedPath(rawPath(c.req.raw)) === SEARCH_PATH ? ((await search(c.req.raw)) ?? next()) : next(),
  );
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
    if (!file) return (await venuePages.mergedRedirect(pathname)) ?? site.notFound(req);
    if (file.status === 200 && req.method === "GET") venuePages.recordView(pathname, c.get("ip"));
    return file;
  });
}

/** A venue's detail page: the redirect of a venue merged into another, and the view it counts. */
function venuePageSteps(deps: AppDeps) {
  // A page view counts once per client address, venue and UTC day, so reloading a page cannot make it trend.
  const firstViewToday = onceADay(deps.clock);
  return {
    /**
     * The page of a venue merged into another: a permanent redirect to the surviving venue's page, in the same
     * language (`/zh/conference/5` → `/zh/conference/7`).
     */
    async mergedRedirect(pathname: string): Promise<Response | null> {
      const page = unlocalizedPath(pathname);
      const match = VENUE_PAGE.exec(page);
      if (!match) return null;
      const kind = match[1] === "conference" ? "conference" : "journal";
      const to = await deps.query.survivingId(kind, match[2] ?? "");
      if (!to) return null;
      const rest = page.slice(`/${match[1]}/${match[2]}`.length);
      const location = localePath(localeOfPath(pathname), `/${match[1]}/${to}${rest}`);
      return new Response(null, { status: 301, headers: { location } });
    },
    /** A view of the page in either language counts for the venue. */
    recordView(pathname: string, ip: string): void {
      const match = VENUE_PAGE.exec(unlocalizedPath(pathname));
      if (!match) return;
      const kind = match[1] === "conference" ? "conference" : "journal";
      const id = match[2] ?? "";
      if (!firstViewToday(`${ip}|${kind}|${id}`)) return;
      deps.activity
        .recordView(kind, id)
        .catch((err: unknown) => deps.logger.warn({ err, kind, id }, "recording a page view failed"));
    },
  };
}

/** The server's edge steps, with their own buckets and turns. */
const edgeStepsOf = (deps: Omit<AppDeps, "query">): readonly EdgeStep[] =>
  frontDoor({
    ...deps,
    trustProxyHops: deps.config.trustProxyHops,
    rateLimiter: createRateLimiter({ ...deps.config.rateLimit, shared: deps.sharedRateLimit }),
    turns: new FairTurns(deps.config.fairTurns),
    blockedAgents: deps.config.blockedAgents,
    allowedHosts: allowedHostNames(deps.config.publicBaseUrl, deps.config.allowedHosts),
    allowedOrigins: deps.config.allowedOrigins,
  });

/** The app's parts a caller of startServer may give (else defaults): all but those it makes from config and snapshot. */
export type ServerOverrides = Partial<
  Omit<AppDeps, "config" | "query" | "snapshotProblem" | "answers" | "steps">
>;

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
  const metrics = overrides.metrics ?? createMetrics(overrides.clock);
  const source = await SnapshotSource.open({
    snapshotsDir: config.snapshotsDir,
    pollMs: config.snapshotPollMs,
    logger,
    onLoadFailure: () => metrics.snapshotLoadFailures.inc(),
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
  metrics.buildStatus(() => readBuildStatus(config.snapshotsDir));
  metrics.snapshotBuiltAt(() => new Date(query.snapshot().generated_at));
  const answers = answersOf(query, config.answerWindowMs, overrides.clock);
  // One list of steps for the app and the lane: they share its buckets and turns.
  const steps = edgeStepsOf({ ...overrides, config, access, activity, logger, metrics });
  const handler = createApp({
    ...overrides,
    snapshotProblem: () => source.loadProblem,
    config,
    query,
    access,
    activity,
    logger,
    metrics,
    answers,
    steps,
  });
  const lane = keptAnswerLane({
    keptAnswer: answers.keptAnswer,
    steps,
    failure: failureAnswer(logger),
    metrics,
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
