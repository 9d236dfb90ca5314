/**
 * The fixed workload: which requests each endpoint group sends. Everything here is a constant or derived from
 * constants (plus venue ids read from the running server), so every run sends the same requests in the same
 * order. Searches draw keywords and filters from fixed lists; "search-cold" walks through 8,960 distinct
 * searches so no answer is asked for twice in a run (what a cache cannot help with).
 */
import { CONFERENCE_RANKINGS, JOURNAL_RANKINGS } from "../read/schema/api.ts";

export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Whether an answer is a success: a REST envelope with code 200 (the API answers bad parameters with HTTP 200
 * and code 400, so the status alone would miss them), or a JSON-RPC answer carrying a tool result that is not
 * a tool error.
 */
export function isSuccess(body: string): boolean {
  if (body.startsWith('{"code":')) return body.startsWith('{"code":200,');
  // The feeds group: a calendar (a bad filter is answered as text).
  if (body.startsWith("BEGIN:VCALENDAR")) return true;
  return body.includes('"jsonrpc"') && body.includes('"result"') && !body.includes('"isError":true');
}

export interface EndpointGroup {
  name: string;
  description: string;
  /** Sent in order, round and round. */
  requests: BenchRequest[];
  /** When set, each request is made fresh by this instead (distinct requests). */
  next?: () => BenchRequest;
}

const get = (path: string, headers?: Record<string, string>): BenchRequest => ({
  method: "GET",
  path,
  headers,
});

/** Title words common in computer-science venue names (they survive the synthetic renaming as title words). */
const KEYWORDS = [
  "learning",
  "data",
  "network",
  "security",
  "software",
  "vision",
  "robot",
  "web",
  "intelligence",
  "systems",
  "computing",
  "graph",
  "language",
  "database",
  "quantum",
  "cloud",
  "mining",
  "privacy",
  "semantic",
  "signal",
  "medical",
  "energy",
  "mobile",
  "parallel",
  "ic",
  "sig",
  "conf",
  "ai",
];

/** More words for the distinct (cold) searches. */
const MORE_WORDS = [
  "analysis",
  "applications",
  "architecture",
  "automation",
  "bio",
  "circuits",
  "communication",
  "control",
  "cyber",
  "design",
  "digital",
  "distributed",
  "education",
  "embedded",
  "engineering",
  "evolutionary",
  "formal",
  "fuzzy",
  "games",
  "health",
  "human",
  "image",
  "information",
  "interaction",
  "internet",
  "knowledge",
  "logic",
  "management",
  "modeling",
  "multimedia",
  "neural",
  "optimization",
  "pattern",
  "performance",
  "processing",
  "programming",
  "recognition",
  "reliability",
  "retrieval",
  "science",
  "sensor",
  "services",
  "simulation",
  "speech",
  "storage",
  "technology",
  "testing",
  "theory",
  "ubiquitous",
  "virtual",
  "visualization",
  "wireless",
];

const CONFERENCE_FILTERS = [
  "",
  "ccf_rank=a",
  "ccf_rank=b",
  "core_rank=A*",
  "core_rank=A",
  "qualis_rank=A1",
  "field=ai",
  "field=security",
  "field=network",
  "field=data",
  "submission_date_start=2026-12-01&submission_date_end=2027-03-31",
  "conference_date_start=2027-01-01",
  "updated_since=2026-06-01",
  "page=2",
  "per_page=50",
  "ccf_rank=c&field=systems",
];

const JOURNAL_FILTERS = ["", "ccf_rank=a", "field=ai", "field=is", "per_page=50", "page=2"];

const withQuery = (path: string, ...parts: string[]) => {
  const query = parts.filter((p) => p !== "").join("&");
  return query ? `${path}?${query}` : path;
};

/** 48 conference searches and 12 journal searches: keyword × filter, plus filters alone. */
export function searchRequests(): BenchRequest[] {
  const conferences = Array.from({ length: 32 }, (_, i) =>
    get(
      withQuery(
        "/api/conferences",
        `query=${KEYWORDS[i % KEYWORDS.length]}`,
        CONFERENCE_FILTERS[(i * 5) % CONFERENCE_FILTERS.length] ?? "",
      ),
    ),
  );
  const filtersOnly = CONFERENCE_FILTERS.map((f) => get(withQuery("/api/conferences", f)));
  const journals = Array.from({ length: 12 }, (_, i) =>
    get(
      withQuery(
        "/api/journals",
        `query=${KEYWORDS[(i * 3) % KEYWORDS.length]}`,
        JOURNAL_FILTERS[i % JOURNAL_FILTERS.length] ?? "",
      ),
    ),
  );
  return [...conferences, ...filtersOnly, ...journals];
}

/** The filters a distinct search combines with a word (paging is its own part of the combination). */
const COLD_FILTERS = CONFERENCE_FILTERS.filter((f) => !f.startsWith("page=") && !f.startsWith("per_page="));
const COLD_PAGES = 8;

/** The i-th distinct conference search (word × filter × page: 80 × 14 × 8 = 8,960 before they repeat). */
export function coldSearch(i: number): BenchRequest {
  const words = [...KEYWORDS, ...MORE_WORDS];
  const word = words[i % words.length] as string;
  const rest = Math.floor(i / words.length);
  const filter = COLD_FILTERS[rest % COLD_FILTERS.length] ?? "";
  const page = 1 + (Math.floor(rest / COLD_FILTERS.length) % COLD_PAGES);
  return get(withQuery("/api/conferences", `query=${word}`, filter, page > 1 ? `page=${page}` : ""));
}

/** The rank filters of the deadline feeds (the `/deadlines` form's), combined with fields and a window. */
const FEED_RANKS = [
  "",
  "ccf_rank=A",
  "ccf_rank=A,B",
  "core_rank=A*",
  "core_rank=A*,A",
  "qualis_rank=A1",
  "ccf_rank=C",
];
const FEED_FIELDS = [
  "",
  "field=ai",
  "field=security",
  "field=se",
  "field=data",
  "field=network",
  "field=theory",
];

/** The i-th `/deadlines.ics` filter: rank × field × a window of 7–90 days (4,116 before one repeats). */
export function feedRequest(i: number): BenchRequest {
  const rank = FEED_RANKS[i % FEED_RANKS.length] ?? "";
  const field = FEED_FIELDS[Math.floor(i / FEED_RANKS.length) % FEED_FIELDS.length] ?? "";
  const within = 7 + (Math.floor(i / (FEED_RANKS.length * FEED_FIELDS.length)) % 84);
  return get(withQuery("/deadlines.ics", rank, field, `within_days=${within}`));
}

/** Every conference and journal ranking: first page, a deeper page, and (journals) narrowed to a field. */
export function rankingRequests(): BenchRequest[] {
  const conferences = CONFERENCE_RANKINGS.flatMap((r) => [
    get(`/api/conferences/rankings/${r}`),
    get(`/api/conferences/rankings/${r}?page=3&per_page=50`),
  ]);
  const journals = JOURNAL_RANKINGS.flatMap((r) => [
    get(`/api/journals/rankings/${r}`),
    get(`/api/journals/rankings/${r}?field=ai&per_page=50`),
  ]);
  return [...conferences, ...journals];
}

export function statisticsRequests(): BenchRequest[] {
  return [get("/api/statistics")];
}

export interface VenueIds {
  conferences: string[];
  journals: string[];
}

export function detailRequests(ids: VenueIds, apiKey: string): BenchRequest[] {
  const auth = { authorization: `Bearer ${apiKey}` };
  const conferences = ids.conferences.map((id) => get(`/api/conferences/${id}`, auth));
  const journals = ids.journals.map((id) => get(`/api/journals/${id}`, auth));
  // One journal detail after every three conference details.
  return conferences.flatMap((c, i) => {
    const journal = journals[Math.floor(i / 3) % Math.max(1, journals.length)];
    return i % 3 === 2 && journal ? [c, journal] : [c];
  });
}

/** One MCP tools/call per request (stateless Streamable HTTP, JSON answers). */
function toolCall(name: string, args: Record<string, unknown>, apiKey: string | null): BenchRequest {
  return {
    method: "POST",
    path: "/mcp",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  };
}

export function mcpRequests(ids: VenueIds | null, apiKey: string | null): BenchRequest[] {
  const calls = [
    ...KEYWORDS.slice(0, 6).map((query) => toolCall("search_conferences", { query }, apiKey)),
    ...KEYWORDS.slice(6, 8).map((query) => toolCall("search_journals", { query }, apiKey)),
    toolCall("list_conferences", { ranking: "cfp" }, apiKey),
    toolCall("list_conferences", { ranking: "ccf", page: 2 }, apiKey),
    toolCall("list_journals", { ranking: "highest_if" }, apiKey),
    toolCall("get_statistics", {}, apiKey),
  ];
  const details =
    ids && apiKey
      ? [
          ...ids.conferences.slice(0, 3).map((id) => toolCall("get_conference", { id }, apiKey)),
          ...ids.journals.slice(0, 1).map((id) => toolCall("get_journal", { id }, apiKey)),
        ]
      : [];
  return [...calls, ...details];
}

/** Share of each group in the mixed workload (groups that are not available drop out). */
export const MIXED_WEIGHTS: Record<string, number> = {
  search: 35,
  rankings: 25,
  statistics: 5,
  details: 20,
  mcp: 15,
};

/** Length of the mixed list: long enough that each group's list is walked through at least once. */
const MIXED_SLOTS = 400;

/**
 * The mixed workload: the groups' requests interleaved by weight (smooth weighted round robin), each group's
 * list walked in order.
 */
export function mixedRequests(groups: readonly EndpointGroup[]): BenchRequest[] {
  const weighted = groups.filter((g) => (MIXED_WEIGHTS[g.name] ?? 0) > 0 && g.requests.length > 0);
  const total = weighted.reduce((sum, g) => sum + (MIXED_WEIGHTS[g.name] ?? 0), 0);
  const current = weighted.map(() => 0);
  const cursor = weighted.map(() => 0);
  const out: BenchRequest[] = [];
  for (let slot = 0; slot < MIXED_SLOTS; slot++) {
    weighted.forEach((g, i) => {
      current[i] = (current[i] ?? 0) + (MIXED_WEIGHTS[g.name] ?? 0);
    });
    const pick = current.indexOf(Math.max(...current));
    current[pick] = (current[pick] ?? 0) - total;
    const group = weighted[pick] as EndpointGroup;
    out.push(group.requests[(cursor[pick] ?? 0) % group.requests.length] as BenchRequest);
    cursor[pick] = (cursor[pick] ?? 0) + 1;
  }
  return out;
}

/** What a run can send: details need an API key the server took, MCP an endpoint that answers. */
export interface Reach {
  apiKey: string | null;
  mcp: boolean;
}

/** The endpoint groups a run loads, in report order: the bench's and the profiler's one list. */
export function endpointGroups(ids: VenueIds, { apiKey, mcp }: Reach): EndpointGroup[] {
  let coldIndex = 0;
  // Past the fixed list's filters (every 7th of the first 336), so none is warm.
  let feedIndex = 1_000;
  return [
    {
      name: "search",
      description: "conference and journal searches, fixed list",
      requests: searchRequests(),
    },
    {
      name: "search-cold",
      description: "distinct conference searches (8,960 before one repeats)",
      requests: [coldSearch(0)],
      next: () => coldSearch(coldIndex++),
    },
    { name: "rankings", description: "every conference and journal ranking", requests: rankingRequests() },
    {
      name: "feeds",
      description: "/deadlines.ics: every deadline and 48 filters, fixed list",
      requests: [get("/deadlines.ics"), ...Array.from({ length: 48 }, (_, i) => feedRequest(i * 7))],
    },
    {
      name: "feeds-cold",
      description: "/deadlines.ics with distinct filters (4,116 before one repeats)",
      requests: [feedRequest(0)],
      next: () => feedRequest(feedIndex++),
    },
    { name: "statistics", description: "GET /api/statistics", requests: statisticsRequests() },
    ...(apiKey
      ? [
          {
            name: "details",
            description: "conference and journal details with an API key",
            requests: detailRequests(ids, apiKey),
          },
        ]
      : []),
    ...(mcp
      ? [
          {
            name: "mcp",
            description: "MCP tools/call (search, lists, statistics, details)",
            requests: mcpRequests(ids, apiKey),
          },
        ]
      : []),
  ];
}

/** The groups interleaved by weight (mixedRequests), as a group of its own. */
export function mixedGroup(groups: readonly EndpointGroup[]): EndpointGroup {
  return { name: "mixed", description: "all groups interleaved by weight", requests: mixedRequests(groups) };
}

/** The search whose real answer the bare Node baseline replays, so its bytes on the wire match the service's. */
export const BASELINE_PAYLOAD_REQUEST: BenchRequest = {
  method: "GET",
  path: "/api/conferences?query=learning",
};

/** The bare Node baseline's load: its one path, answered with a precomputed body of `payloadLength` characters. */
export function baselineGroup(payloadLength: number): EndpointGroup {
  return {
    name: "baseline",
    description: `bare node:http answering a precomputed ${payloadLength}-byte search body`,
    requests: [{ method: "GET", path: "/" }],
  };
}
