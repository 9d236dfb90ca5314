/**
 * The deployable REST API: the edge steps in front of the /api router, as one web-standard handler
 * (`fetch(Request) → Response`) that runs in Node or in a serverless function. The Node server (functions/app.ts)
 * puts the same steps, plus compression, the per-second and body limits and MCP metering, in front of the router,
 * the pages and the files instead.
 */
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { accessLog } from "../edge/access-log.ts";
import { agentRefusal } from "../edge/agent-refusal.ts";
import { DEFAULT_BLOCKED_AGENTS } from "../edge/agents.ts";
import { createAnonymousAccess } from "../edge/anonymous-access.ts";
import { callerQuota, edgeErrors, quotaHeaders } from "../edge/caller-quota.ts";
import { clientAddress } from "../edge/client-address.ts";
import { responseHeaders, SECURITY_HEADERS } from "../edge/headers.ts";
import { corsPreflight } from "../edge/preflight.ts";
import { REQUEST_ID_OPTIONS } from "../edge/request-id.ts";
import type { AccessControl } from "../http/caller.ts";
import { errorResponse } from "../http/envelope.ts";
import type { ConnectionInfo, EdgeEnv } from "../http/request-context.ts";
import { type Logger, silentLogger } from "../runtime/logger.ts";
import { type ApiRouterDeps, createApiRouter } from "./router.ts";

export { createApiRouter } from "./router.ts";
export type { LoginService, ResearcherDirectory, ResearcherRecord } from "./services.ts";

export interface ApiDeps extends ApiRouterDeps {
  logger?: Logger;
  /** Default: anonymous callers only, 50 requests per address per UTC day. */
  access?: AccessControl;
  /** Default: DEFAULT_BLOCKED_AGENTS. */
  blockedAgents?: readonly string[];
  /** Trusted proxies in front (X-Forwarded-For); default 0. */
  trustProxyHops?: number;
}

export interface Api {
  fetch(req: Request, conn?: ConnectionInfo): Response | Promise<Response>;
}

export function createApi(deps: ApiDeps): Api {
  const access = deps.access ?? createAnonymousAccess();
  const logger = deps.logger ?? silentLogger;
  const app = new Hono<EdgeEnv>();
  app.use(requestId(REQUEST_ID_OPTIONS));
  app.use(accessLog(logger));
  app.use(secureHeaders(SECURITY_HEADERS));
  app.use(responseHeaders);
  app.use(clientAddress(deps.trustProxyHops ?? 0));
  app.use(quotaHeaders);
  app.use(agentRefusal(access, deps.blockedAgents ?? DEFAULT_BLOCKED_AGENTS, logger));
  app.use(corsPreflight(access, logger));
  app.use(callerQuota(access, logger));
  app.route("/", createApiRouter(deps));
  app.notFound((c) => errorResponse(404, `no API endpoint at ${c.req.path}`, c.get("requestId")));
  app.onError(edgeErrors(logger));
  return { fetch: (req, conn) => app.fetch(req, conn) };
}
