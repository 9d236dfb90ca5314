/**
 * The REST handlers under /api. Web-standard (a Hono app: Request → Response); it expects the edge chain to have
 * run and passes its EdgeContext as the app's bindings. Every answer is a JSON envelope: validation problems are
 * HTTP 200 / code 400, unknown paths 404, wrong methods 405 with Allow, faults 500 with the request id only.
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { EdgeContext } from "../edge/chain.ts";
import type { QueryLayer } from "../query/index.ts";
import { type Logger, silentLogger } from "../query/logger.ts";
import {
  CONFERENCE_RANKINGS,
  ConferenceRankingParams,
  ConferenceRankingPath,
  ConferenceSearchParams,
  describeIssues,
  JOURNAL_RANKINGS,
  JournalRankingParams,
  JournalRankingPath,
  JournalSearchParams,
  LoginBody,
  ResearcherIdPath,
  type ResearcherProfile,
} from "../schema/api.ts";
import { envelopeResponse, errorResponse, OK_MESSAGE } from "./envelope.ts";
import { OPERATIONS, openApiDocument, pathPattern } from "./openapi.ts";
import { type LoginService, noLogin, noResearchers, type ResearcherDirectory } from "./services.ts";

export interface ApiRouterDeps {
  query: QueryLayer;
  /** For the OpenAPI document's server URL. */
  publicBaseUrl: string;
  login?: LoginService;
  researchers?: ResearcherDirectory;
  logger?: Logger;
}

type ApiEnv = { Bindings: EdgeContext };
type ApiContext = Context<ApiEnv>;

/** A bad request parameter or body: answered HTTP 200 with envelope code 400. */
class ParameterError extends Error {}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ParameterError(describeIssues(result.error));
  return result.data;
}

const ok = (c: ApiContext, data: unknown) => envelopeResponse(200, 200, OK_MESSAGE, data, c.env.requestId);

/** Detail endpoints need an account credential or paid access; null when the caller has one. */
function credentialRefusal(c: ApiContext): Response | null {
  const { caller } = c.env;
  if (caller.kind === "account" || caller.kind === "paid") return null;
  return errorResponse(
    401,
    "this endpoint needs a credential: send Authorization: Bearer <API key or JWT from POST /api/login>",
    c.env.requestId,
  );
}

const VENUE_ID = /^\d{1,15}$/;

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

export function createApiRouter(deps: ApiRouterDeps): Hono<ApiEnv> {
  const { query } = deps;
  const login = deps.login ?? noLogin;
  const researchers = deps.researchers ?? noResearchers;
  const logger = deps.logger ?? silentLogger;
  const openApiJson = JSON.stringify(openApiDocument(deps.publicBaseUrl.replace(/\/+$/, "")));

  const router = new Hono<ApiEnv>();

  // Answers depend on the caller (quota headers, paid fields): keep them out of shared caches.
  router.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  });

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

  router.get("/api/conferences", async (c) =>
    ok(c, await query.searchConferences(parse(ConferenceSearchParams, c.req.query()))),
  );
  router.get("/api/conferences/rankings", () => {
    throw new ParameterError(`ranking is required; valid rankings: ${CONFERENCE_RANKINGS.join(", ")}`);
  });
  router.get("/api/conferences/rankings/:ranking", async (c) => {
    const { ranking } = parse(ConferenceRankingPath, c.req.param());
    return ok(c, await query.listConferences(ranking, parse(ConferenceRankingParams, c.req.query())));
  });
  router.get("/api/conferences/:id", async (c) => {
    const refusal = credentialRefusal(c);
    if (refusal) return refusal;
    const id = c.req.param("id");
    const detail = VENUE_ID.test(id)
      ? await query.conference(id, { paid: c.env.caller.kind === "paid" })
      : null;
    return detail
      ? ok(c, detail)
      : errorResponse(404, `no conference with id ${JSON.stringify(id)}`, c.env.requestId);
  });

  router.get("/api/journals", async (c) =>
    ok(c, await query.searchJournals(parse(JournalSearchParams, c.req.query()))),
  );
  router.get("/api/journals/rankings", () => {
    throw new ParameterError(`ranking is required; valid rankings: ${JOURNAL_RANKINGS.join(", ")}`);
  });
  router.get("/api/journals/rankings/:ranking", async (c) => {
    const { ranking } = parse(JournalRankingPath, c.req.param());
    return ok(c, await query.listJournals(ranking, parse(JournalRankingParams, c.req.query())));
  });
  router.get("/api/journals/:id", async (c) => {
    const refusal = credentialRefusal(c);
    if (refusal) return refusal;
    const id = c.req.param("id");
    const detail = VENUE_ID.test(id) ? await query.journal(id, { paid: c.env.caller.kind === "paid" }) : null;
    return detail
      ? ok(c, detail)
      : errorResponse(404, `no journal with id ${JSON.stringify(id)}`, c.env.requestId);
  });

  router.get("/api/researchers/:id", async (c) => {
    const refusal = credentialRefusal(c);
    if (refusal) return refusal;
    const path = ResearcherIdPath.safeParse(c.req.param());
    const record = path.success ? await researchers.find(path.data.id) : null;
    if (!record) return errorResponse(404, "no public researcher profile with this id", c.env.requestId);
    const venues = await query.venues({
      conferences: [...record.tracked_conference_ids, ...record.attended_conference_ids],
      journals: record.tracked_journal_ids,
    });
    const conferencesIn = (ids: string[]) => venues.conferences.filter((v) => ids.includes(v.id));
    const profile: ResearcherProfile = {
      id: record.id,
      display_name: record.display_name,
      institution: record.institution,
      research_summary: record.research_summary,
      cv: record.cv,
      tracked_conferences: conferencesIn(record.tracked_conference_ids),
      tracked_journals: venues.journals,
      attended_conferences: conferencesIn(record.attended_conference_ids),
    };
    return ok(c, profile);
  });

  router.get("/api/statistics", async (c) => ok(c, await query.statistics()));

  router.post("/api/login", async (c) => {
    const body = await c.req.json().catch(() => {
      throw new ParameterError('body must be a JSON object {"email": "...", "password": "..."}');
    });
    const { email, password } = parse(LoginBody, body);
    const result = await login.login(email, password, { ip: c.env.ip });
    if (!result) return envelopeResponse(200, 401, "invalid e-mail or password", null, c.env.requestId);
    return ok(c, result);
  });

  router.all("/api/*", (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      return errorResponse(
        405,
        `method ${c.req.method} not allowed; allowed: ${allowed.join(", ")}`,
        c.env.requestId,
        {
          allow: allowed.join(", "),
        },
      );
    }
    return errorResponse(404, `no API endpoint at ${c.req.path} (see /api/openapi.json)`, c.env.requestId);
  });

  router.notFound((c) => errorResponse(404, `no API endpoint at ${c.req.path}`, c.env.requestId));

  router.onError((err, c) => {
    if (err instanceof ParameterError) {
      return envelopeResponse(200, 400, `invalid request: ${err.message}`, null, c.env.requestId);
    }
    logger.error({ err, request_id: c.env.requestId, path: c.req.path }, "API handler failed");
    return errorResponse(500, `internal error (request ${c.env.requestId})`, c.env.requestId);
  });

  return router;
}
