/**
 * The REST operations described once: method, path, the zod schemas the handlers validate with, and responses.
 * The OpenAPI document and the router's table of known paths (404 vs 405) are both derived from this list.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import { LoginBody, LoginResult, ResearcherIdPath, ResearcherProfile } from "./schema/accounts.ts";
import {
  API_VERSION,
  ConferenceDetail,
  ConferenceDetailParams,
  ConferenceRankingData,
  ConferenceRankingParams,
  ConferenceRankingPath,
  ConferenceSearchData,
  ConferenceSearchParams,
  DeadlineListData,
  DeadlineListParams,
  JournalDetail,
  JournalDetailParams,
  JournalRankingData,
  JournalRankingParams,
  JournalRankingPath,
  JournalSearchData,
  JournalSearchParams,
  Statistics,
  VenueIdPath,
} from "./schema/api.ts";
import { StatisticsParams } from "./schema/compact.ts";
import { ErrorEnvelope, envelopeOf } from "./schema/envelope.ts";

const QUOTA_HEADERS = {
  "X-Quota-Limit": {
    description: "Daily request quota of the caller.",
    schema: { type: "integer" as const },
  },
  "X-Quota-Remaining": { description: "Requests left today (UTC).", schema: { type: "integer" as const } },
  "X-Request-Id": {
    description: "Identifier of the request (also in the envelope).",
    schema: { type: "string" as const },
  },
};

const RETRY_HEADERS = {
  ...QUOTA_HEADERS,
  "Retry-After": { description: "Seconds until the quota resets.", schema: { type: "integer" as const } },
};

function envelopeResponse(description: string, schema: z.ZodType, headers = QUOTA_HEADERS) {
  return { description, headers, content: { "application/json": { schema } } };
}

const error = (description: string) => envelopeResponse(description, ErrorEnvelope);

/** Responses any operation can give besides its own. */
const EDGE_RESPONSES = {
  401: error("Invalid, revoked or expired credential (never downgraded to anonymous)."),
  403: error(
    'Default User-Agent of an HTTP library refused ("error code: 1010"); send a descriptive User-Agent.',
  ),
  429: {
    ...error("Anonymous per-IP daily quota used up; wait Retry-After seconds."),
    headers: RETRY_HEADERS,
  },
  500: error("Internal error; the message carries the request id."),
};

const ACCOUNT_QUOTA = {
  402: { ...error("Account daily quota used up; wait Retry-After seconds."), headers: RETRY_HEADERS },
};

const VALIDATION_NOTE =
  "Success (code 200). A bad parameter is also answered with HTTP 200, envelope code 400 and a message naming the parameter and its allowed values.";

/** Anonymous tier, or any credential. */
const OPTIONAL_AUTH: Record<string, string[]>[] = [{}, { bearerAuth: [] }, { paidAccess: [] }];
const REQUIRED_AUTH: Record<string, string[]>[] = [{ bearerAuth: [] }, { paidAccess: [] }];

export const OPERATIONS = [
  createRoute({
    operationId: "searchConferences",
    tags: ["Conferences"],
    summary: "Search conferences",
    description:
      "Filters combine with AND. Order: exact short/full-name match, then short-name prefix (when `query` is given); then open calls soonest deadline first, closed calls most recent first, undated last; then id.",
    method: "get",
    path: "/api/conferences",
    security: OPTIONAL_AUTH,
    request: { query: ConferenceSearchParams },
    responses: {
      200: envelopeResponse(VALIDATION_NOTE, envelopeOf("ConferenceSearchEnvelope", ConferenceSearchData)),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "upcomingDeadlines",
    tags: ["Conferences"],
    summary: "Upcoming submission deadlines",
    description:
      "One row per venue and round still ahead, from each venue's submission outlook: the round's next submission deadline (announced or estimated), its abstract and paper deadlines, the venue's ranks, state and data date. Sorted by when the next deadline closes, then venue id. Rank filters of different systems combine with OR (a venue matching any qualifies); values within one filter too. Notification and camera-ready dates are never listed.",
    method: "get",
    path: "/api/deadlines",
    security: OPTIONAL_AUTH,
    request: { query: DeadlineListParams },
    responses: {
      200: envelopeResponse(VALIDATION_NOTE, envelopeOf("DeadlineListEnvelope", DeadlineListData)),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "listConferences",
    tags: ["Conferences"],
    summary: "Conference ranking lists",
    description: "Orders and the extra row fields of each list are described in docs/api.md.",
    method: "get",
    path: "/api/conferences/rankings/{ranking}",
    security: OPTIONAL_AUTH,
    request: { params: ConferenceRankingPath, query: ConferenceRankingParams },
    responses: {
      200: envelopeResponse(
        "Success. An unknown ranking is answered with HTTP 200, envelope code 400 and the list of valid rankings.",
        envelopeOf("ConferenceRankingEnvelope", ConferenceRankingData),
      ),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "getConference",
    tags: ["Conferences"],
    summary: "Conference detail (credential required)",
    description:
      "Paid requests (X-Paid-Access) also get `website`, the venue's official site; free ones `website_access` saying it is available with paid access. `sections` cuts the answer to id, short_name, full_name, detail_page and the named sections.",
    method: "get",
    path: "/api/conferences/{id}",
    security: REQUIRED_AUTH,
    request: { params: VenueIdPath, query: ConferenceDetailParams },
    responses: {
      200: envelopeResponse("Success.", envelopeOf("ConferenceDetailEnvelope", ConferenceDetail)),
      ...EDGE_RESPONSES,
      401: error("Credential missing, or invalid, revoked or expired."),
      ...ACCOUNT_QUOTA,
      404: error("No conference has this id (or the id is not an integer)."),
    },
  }),
  createRoute({
    operationId: "searchJournals",
    tags: ["Journals"],
    summary: "Search journals",
    description:
      "Filters combine with AND. Order: exact short/full-name match, then short-name prefix (when `query` is given); then CCF tier (ranked first), full name, id.",
    method: "get",
    path: "/api/journals",
    security: OPTIONAL_AUTH,
    request: { query: JournalSearchParams },
    responses: {
      200: envelopeResponse(VALIDATION_NOTE, envelopeOf("JournalSearchEnvelope", JournalSearchData)),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "listJournals",
    tags: ["Journals"],
    summary: "Journal ranking lists",
    method: "get",
    path: "/api/journals/rankings/{ranking}",
    security: OPTIONAL_AUTH,
    request: { params: JournalRankingPath, query: JournalRankingParams },
    responses: {
      200: envelopeResponse(
        "Success. An unknown ranking is answered with HTTP 200, envelope code 400 and the list of valid rankings.",
        envelopeOf("JournalRankingEnvelope", JournalRankingData),
      ),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "getJournal",
    tags: ["Journals"],
    summary: "Journal detail (credential required)",
    description:
      "Paid requests (X-Paid-Access) also get `website` and the `url` of each special issue; free ones `website_access` saying the website is available with paid access. `sections` cuts the answer to id, short_name, full_name, detail_page and the named sections.",
    method: "get",
    path: "/api/journals/{id}",
    security: REQUIRED_AUTH,
    request: { params: VenueIdPath, query: JournalDetailParams },
    responses: {
      200: envelopeResponse("Success.", envelopeOf("JournalDetailEnvelope", JournalDetail)),
      ...EDGE_RESPONSES,
      401: error("Credential missing, or invalid, revoked or expired."),
      ...ACCOUNT_QUOTA,
      404: error("No journal has this id (or the id is not an integer)."),
    },
  }),
  createRoute({
    operationId: "getResearcher",
    tags: ["Researchers"],
    summary: "Researcher public profile (credential required)",
    description: "Looked up by id only; there is no search or enumeration. Never holds contact details.",
    method: "get",
    path: "/api/researchers/{id}",
    security: REQUIRED_AUTH,
    request: { params: ResearcherIdPath },
    responses: {
      200: envelopeResponse("Success.", envelopeOf("ResearcherEnvelope", ResearcherProfile)),
      ...EDGE_RESPONSES,
      401: error("Credential missing, or invalid, revoked or expired."),
      ...ACCOUNT_QUOTA,
      404: error("No public profile has this id."),
    },
  }),
  createRoute({
    operationId: "getStatistics",
    tags: ["Statistics"],
    summary: "Dataset statistics",
    description:
      "By default the deadline months within a year of the snapshot's month, the 10 largest countries then `other`, and each source's id, date, age and stale flag; `full=true` gives the whole history and every field.",
    method: "get",
    path: "/api/statistics",
    security: OPTIONAL_AUTH,
    request: { query: StatisticsParams },
    responses: {
      200: envelopeResponse("Success.", envelopeOf("StatisticsEnvelope", Statistics)),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
  createRoute({
    operationId: "login",
    tags: ["Auth"],
    summary: "Log in and get a JWT",
    description:
      "Invalid credentials: HTTP 200 with envelope code 401. A malformed body: HTTP 200 with envelope code 400.",
    method: "post",
    path: "/api/login",
    security: [],
    request: { body: { required: true, content: { "application/json": { schema: LoginBody } } } },
    responses: {
      200: envelopeResponse("Success, or envelope code 400/401.", envelopeOf("LoginEnvelope", LoginResult)),
      ...EDGE_RESPONSES,
      ...ACCOUNT_QUOTA,
    },
  }),
] as const satisfies readonly RouteConfig[];

export function openApiDocument(publicBaseUrl: string): unknown {
  const generator = new OpenAPIHono();
  const registry = generator.openAPIRegistry;
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key (from a verified account's page) or a JWT from POST /api/login.",
  });
  registry.registerComponent("securitySchemes", "paidAccess", {
    type: "apiKey",
    in: "header",
    name: "X-Paid-Access",
    description:
      "Injected by the edge after it verifies a per-request payment (HTTP 402 flow); not obtainable directly.",
  });
  for (const route of OPERATIONS) registry.registerPath(route);
  return generator.getOpenAPIDocument({
    openapi: "3.0.3",
    info: {
      title: "Venue Directory API",
      version: API_VERSION,
      description:
        "Read-only access to academic conferences and journals: calls for papers, deadlines, CCF / ICORE / QUALIS ranks, acceptance rates, journal metrics and special issues. Every JSON response is an envelope {code, message, data, request_id}; every response carries X-Quota-Limit and X-Quota-Remaining. Free use, commercial included, with attribution and a link to each venue's detail_page; crawl at most one request per second and use the daily snapshot for bulk data.",
      license: { name: "Free use with attribution", url: `${publicBaseUrl}/llms.txt` },
      contact: { name: "Venue Directory", url: publicBaseUrl },
    },
    servers: [{ url: publicBaseUrl }],
    tags: [
      { name: "Conferences", description: "Conference search, ranking lists and details." },
      { name: "Journals", description: "Journal search, ranking lists and details." },
      { name: "Researchers", description: "Public researcher profiles." },
      { name: "Statistics", description: "Totals and distributions of the dataset." },
      { name: "Auth", description: "Login for a JWT." },
    ],
  });
}

/** `/api/conferences/{id}` → a regular expression matching concrete paths. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => (/^\{.+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}
