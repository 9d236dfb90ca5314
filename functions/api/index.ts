/**
 * The deployable REST API: the edge chain in front of the /api router, as one web-standard handler
 * (`fetch(Request) → Response`) that runs in Node or in a serverless function. The Node server (functions/app.ts)
 * puts the same edge chain in front of the router, the pages and the files instead.
 */
import { type AccessControl, createAnonymousAccess } from "../edge/access.ts";
import { DEFAULT_BLOCKED_AGENTS } from "../edge/agents.ts";
import { type ConnectionInfo, withEdge } from "../edge/chain.ts";
import { type ApiRouterDeps, createApiRouter } from "./router.ts";

export { createApiRouter } from "./router.ts";
export type { LoginService, ResearcherDirectory, ResearcherRecord } from "./services.ts";

export interface ApiDeps extends ApiRouterDeps {
  /** Default: anonymous callers only, 50 requests per address per UTC day. */
  access?: AccessControl;
  /** Default: DEFAULT_BLOCKED_AGENTS. */
  blockedAgents?: readonly string[];
  /** Trusted proxies in front (X-Forwarded-For); default 0. */
  trustProxyHops?: number;
}

export interface Api {
  fetch(req: Request, conn?: ConnectionInfo): Promise<Response>;
}

export function createApi(deps: ApiDeps): Api {
  const router = createApiRouter(deps);
  const handler = withEdge(
    {
      access: deps.access ?? createAnonymousAccess(),
      blockedAgents: deps.blockedAgents ?? DEFAULT_BLOCKED_AGENTS,
      trustProxyHops: deps.trustProxyHops ?? 0,
      logger: deps.logger,
    },
    (req, ctx) => router.fetch(req, ctx),
  );
  return { fetch: handler };
}
