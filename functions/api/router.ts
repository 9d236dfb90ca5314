/**
 * The REST handlers under /api, as a Hono app mounted behind the edge steps (functions/app.ts); the
 * request id, caller and client address come from the context's variables. Every answer is a JSON envelope:
 * validation problems are HTTP 200 / code 400, unknown paths 404, wrong methods 405 with Allow, faults 500 with the
 * request id only; a state store that cannot answer (StoreUnavailable) is left to the edge, which answers 503 with
 * Retry-After.
 */
import { type Context, Hono } from "hono";
import { OPERATIONS, openApiDocument, pathPattern } from "../../read/openapi.ts";
import { createReadOperations, type Outcome, parseParams, type Refusal } from "../../read/operations.ts";
import type { QueryLayer } from "../../read/query/index.ts";
import { LoginBody } from "../../read/schema/accounts.ts";
import {
  ConferenceDetailParams,
  ConferenceRankingParams,
  ConferenceSearchParams,
  DeadlineListParams,
  JournalDetailParams,
  JournalRankingParams,
  JournalSearchParams,
} from "../../read/schema/api.ts";
import { StatisticsParams } from "../../read/schema/compact.ts";
import {
  type IgnoredParameter,
  ignoredParameters,
  parameterNames,
} from "../../read/schema/ignored-parameters.ts";
import { type LoginService, noLogin, type ResearcherDirectory } from "../../read/services.ts";
import { envelopeResponse, errorResponse, OK_MESSAGE } from "../http/envelope.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import type { Answers } from "./answers.ts";

export interface ApiRouterDeps {
  query: QueryLayer;
  /** For the OpenAPI document's server URL. */
  publicBaseUrl: string;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  /** Success answers as bytes, anonymous ones cached for API_ANSWER_WINDOW_MS (answers.ts). */
  answers: Answers;
}

type ApiContext = Context<EdgeEnv>;

/**
 * A bad parameter is HTTP 200 with envelope code 400 (naming the parameters ignored too, as they may be the
 * cause); a missing credential or an unknown id is an HTTP error.
 */
function refusalResponse(
  refusal: Refusal,
  requestId: string,
  ignored: readonly IgnoredParameter[] = [],
): Response {
  return refusal.status === 400
    ? envelopeResponse(200, 400, refusal.message, null, requestId, {}, ignored)
    : errorResponse(refusal.status, refusal.message, requestId);
}

/** The query parameters of this request that `known` (the operation's parameters) lacks. */
const ignoredIn = (c: ApiContext, known: readonly string[]) =>
  ignoredParameters(new URL(c.req.url).searchParams.keys(), known);

/** The outcome as an envelope; `known`: the operation's parameters, any other in the query string is named. */
const replyWith =
  (answers: Answers) =>
  (c: ApiContext, outcome: Outcome<unknown>, known: readonly string[] = []) => {
    const ignored = ignoredIn(c, known);
    return outcome.ok
      ? answers.ok(c, outcome.data, ignored)
      : refusalResponse(outcome, c.get("requestId"), ignored);
  };

/** Each operation's query parameters, from the schemas that validate them. */
const KNOWN = {
  deadlines: parameterNames(DeadlineListParams),
  statistics: parameterNames(StatisticsParams),
  conference: {
    search: parameterNames(ConferenceSearchParams),
    list: parameterNames(ConferenceRankingParams),
    detail: parameterNames(ConferenceDetailParams),
  },
  journal: {
    search: parameterNames(JournalSearchParams),
    list: parameterNames(JournalRankingParams),
    detail: parameterNames(JournalDetailParams),
  },
} as const;

/** Methods accepted per documented path, for telling 405 (known path) from 404. */
const KNOWN_PATHS = [
  ...OPERATIONS.map((op) => ({ pattern: pathPattern(op.path), method: op.method.toUpperCase() })),
  { pattern: pathPattern("/api/openapi.json"), method: "GET" },
];

function allowedMethods(pathname: string): string[] {
  const methods = KNOWN_PATHS.filter((k) => k.pattern.test(pathname)).map((k) => k.method);
  if (methods.includes("GET")) methods.push("HEAD");
  return methods.length === 0 ? [] : [...new Set([...methods, "OPTIONS"])];
}

export function createApiRouter(deps: ApiRouterDeps): Hono<EdgeEnv> {
  const ops = createReadOperations(deps);
  /** A venue merged into another answers a permanent redirect to the surviving id, query string kept. */
  const movedTo = async (c: ApiContext, kind: "conference" | "journal", prefix: string) => {
    const to = await ops.survivingId(kind, c.req.param("id") ?? "");
    return to ? c.redirect(`${prefix}${to}${new URL(c.req.url).search}`, 301) : null;
  };
  const login = deps.login ?? noLogin;
  const openApiJson = JSON.stringify(openApiDocument(deps.publicBaseUrl.replace(/\/+$/, "")));
  const { answers } = deps;
  const reply = replyWith(answers);

  const router = new Hono<EdgeEnv>();

  // Answers depend on the caller (quota headers, paid fields): keep them out of shared caches.
  router.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  });
  // An identical anonymous GET inside its window: the cached bytes, no validation or query.
  router.on(["GET", "HEAD"], "/api/*", async (c, next) => answers.reuse(c) ?? next());

  router.get(
    "/api/openapi.json",
    () =>
      new Response(openApiJson, {
        headers: {
          "content-type": "application/json; charset=utf-8",
          "cache-control": "public, max-age=3600",
        },
      }),
  );

  router.get("/api/deadlines", async (c) =>
    reply(c, await ops.upcomingDeadlines(c.req.query()), KNOWN.deadlines),
  );
  // Conferences and journals answer the same four routes, each kind through its own operations.
  const venueRoutes = [
    {
      kind: "conference",
      path: "/api/conferences",
      search: ops.searchConferences,
      list: ops.listConferences,
      detail: ops.conference,
    },
    {
      kind: "journal",
      path: "/api/journals",
      search: ops.searchJournals,
      list: ops.listJournals,
      detail: ops.journal,
    },
  ] as const;
  for (const venue of venueRoutes) {
    const known = KNOWN[venue.kind];
    router.get(venue.path, async (c) => reply(c, await venue.search(c.req.query()), known.search));
    router.get(`${venue.path}/rankings`, async (c) =>
      reply(c, await venue.list(undefined, c.req.query()), known.list),
    );
    router.get(`${venue.path}/rankings/:ranking`, async (c) =>
      reply(c, await venue.list(c.req.param("ranking"), c.req.query()), known.list),
    );
    router.get(`${venue.path}/:id`, async (c) => {
      const moved = await movedTo(c, venue.kind, `${venue.path}/`);
      return (
        moved ?? reply(c, await venue.detail(c.req.param("id"), c.get("caller"), c.req.query()), known.detail)
      );
    });
  }

  router.get("/api/researchers/:id", async (c) =>
    reply(c, await ops.researcher(c.req.param("id"), c.get("caller"))),
  );

  router.get("/api/statistics", async (c) => reply(c, await ops.statistics(c.req.query()), KNOWN.statistics));

  router.post("/api/login", async (c) => {
    // An unreadable body fails the schema like a missing one, with the same message.
    const body: unknown = await c.req.json().catch(() => undefined);
    const credentials = parseParams(LoginBody, body);
    if (!credentials.ok) return refusalResponse(credentials, c.get("requestId"));
    const result = await login.login(credentials.data.email, credentials.data.password, { ip: c.get("ip") });
    if (!result) return envelopeResponse(200, 401, "invalid e-mail or password", null, c.get("requestId"));
    if ("retryAfterSeconds" in result) {
      const wait = String(result.retryAfterSeconds);
      return errorResponse(429, `${result.reason}; retry after ${wait} s`, c.get("requestId"), {
        "retry-after": wait,
      });
    }
    // A token is never kept, by this server or the client.
    return envelopeResponse(200, 200, OK_MESSAGE, result, c.get("requestId"));
  });

  router.all("/api/*", (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      return errorResponse(
        405,
        `method ${c.req.method} not allowed; allowed: ${allowed.join(", ")}`,
        c.get("requestId"),
        {
          allow: allowed.join(", "),
        },
      );
    }
    return errorResponse(404, `no API endpoint at ${c.req.path} (see /api/openapi.json)`, c.get("requestId"));
  });

  // Errors go to the app's onError (edgeErrors, edge/caller-quota.ts): 503 for a store that cannot answer, else 500.
  return router;
}
