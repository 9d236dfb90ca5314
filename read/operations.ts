/**
 * The read operations of the service with no transport around them: validate raw parameters with the zod schemas
 * of read/schema/api.ts, check the credential, ask the query layer. The REST router wraps an Outcome in an
 * envelope and the MCP tools wrap it in a tool result, so both interfaces give the same payloads and the same
 * messages for the same input.
 */
import type { z } from "zod";
import { VenueId } from "../snapshot/records.ts";
import type { Caller } from "./caller.ts";
import { detailSections, sparseRows, statisticsWindow } from "./compact.ts";
import { detailLinksIn } from "./page-links.ts";
import type { DetailAccess, QueryLayer } from "./query/index.ts";
import { ResearcherId, type ResearcherProfile } from "./schema/accounts.ts";
import {
  CONFERENCE_RANKINGS,
  type ConferenceDetail,
  ConferenceDetailParams,
  type ConferenceRankingData,
  ConferenceRankingParams,
  ConferenceRankingPath,
  type ConferenceSearchData,
  ConferenceSearchParams,
  type DeadlineListData,
  DeadlineListParams,
  describeIssues,
  JOURNAL_RANKINGS,
  type JournalDetail,
  JournalDetailParams,
  type JournalRankingData,
  JournalRankingParams,
  JournalRankingPath,
  type JournalSearchData,
  JournalSearchParams,
  QUERY_MAX_LENGTH,
  type Statistics,
} from "./schema/api.ts";
import { StatisticsParams } from "./schema/compact.ts";
import type { PageLanguage } from "./schema/page-language.ts";
import { noResearchers, type ResearcherDirectory } from "./services.ts";

/**
 * Why an operation served nothing. 400: a bad parameter (REST: HTTP 200, envelope code 400); 401: the operation
 * needs a credential; 404: no such venue or researcher.
 */
export interface Refusal {
  ok: false;
  status: 400 | 401 | 404;
  message: string;
}

export type Outcome<T> = { ok: true; data: T } | Refusal;

export const CREDENTIAL_REQUIRED =
  "this endpoint needs a credential: send Authorization: Bearer <API key or JWT from POST /api/login>";

/** Thrown inside an operation, turned into its Refusal by `attempt`. */
class Refused extends Error {
  constructor(
    readonly status: Refusal["status"],
    message: string,
  ) {
    super(message);
  }
}

async function attempt<T>(operation: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await operation() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

/** Raw parameters → the schema's output, or a 400 naming every bad parameter and what is allowed. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): Outcome<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, status: 400, message: `invalid request: ${describeIssues(result.error)}` };
}

function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseParams(schema, input);
  if (!parsed.ok) throw new Refused(parsed.status, parsed.message);
  return parsed.data;
}

/** A ranking name, checked as REST checks its path segment; a missing one is told apart from an unknown one. */
function rankingOf<R extends string>(
  path: z.ZodType<{ ranking: R }>,
  valid: readonly string[],
  ranking: unknown,
): R {
  if (ranking === undefined || ranking === "") {
    throw new Refused(400, `invalid request: ranking is required; valid rankings: ${valid.join(", ")}`);
  }
  return validate(path, { ranking }).ranking;
}

/** The way on from a refused detail call: where a key comes from, and what answers without one. */
export interface DetailLead {
  /** The public base URL (no trailing slash), for the key page and the free pages. */
  baseUrl: string;
  kind: "conference" | "journal" | "researcher";
  /** The id as given (possibly not an id at all). */
  id: unknown;
}

/** Search tool and REST search of a venue kind, for the text given where an id was expected. */
function searchLead(kind: "conference" | "journal", text: string): string {
  const query = text.trim().slice(0, QUERY_MAX_LENGTH);
  return `to find a ${kind} by name, call search_${kind}s with ${JSON.stringify({ query })} (REST: GET /api/${kind}s?query=${encodeURIComponent(query)})`;
}

const isVenueId = (id: unknown): id is string | number =>
  (typeof id === "string" || typeof id === "number") && VenueId.safeParse(String(id)).success;

/** What can be had without a key: the venue's public record (page, Markdown, MCP resource), or a search. */
function freeLead({ baseUrl, kind, id }: DetailLead): string | null {
  if (kind === "researcher") return null;
  if (isVenueId(id)) {
    return `free without one: the ${kind}'s public record with its submission outlook, ${baseUrl}/${kind}/${id}.md (MCP: resource venue://${kind}/${id})`;
  }
  return typeof id === "string" && id.trim() !== "" ? searchLead(kind, id) : null;
}

/** The 401 message: how to send a credential, where a key comes from, what answers without one. */
export function credentialRequired(lead: DetailLead): string {
  const free = freeLead(lead);
  return `${CREDENTIAL_REQUIRED}; get an API key at ${lead.baseUrl}/account/api-keys${free ? `; ${free}` : ""}`;
}

/** Detail operations need an account credential or paid access. */
function requireCredential(caller: Caller, lead: DetailLead): void {
  if (caller.kind !== "account" && caller.kind !== "paid") throw new Refused(401, credentialRequired(lead));
}

/** An unknown venue id; text that is no id at all is pointed to the search. */
function noVenue(kind: "conference" | "journal", key: string): string {
  const missing = `no ${kind} with id ${JSON.stringify(key)}`;
  return VenueId.safeParse(key).success
    ? missing
    : `${missing}: ids are decimal strings such as "101"; ${searchLead(kind, key)}`;
}

/** REST always has a string from the path; an MCP client may send a number (read as its digits) or nothing. */
function idArgument(id: unknown): string {
  if (typeof id === "number") return String(id);
  if (typeof id !== "string") {
    throw new Refused(400, 'invalid request: id is required, as a string of decimal digits such as "101"');
  }
  return id;
}

type ListSchema = z.ZodType<{ fields?: readonly string[] }>;

/** A list: `params` checked against `schema`, the page `list` computes from them, its rows cut to the fields asked. */
async function listed<S extends ListSchema, D extends object>(
  schema: S,
  params: unknown,
  list: (checked: z.output<S>) => Promise<D>,
  rowsKey: keyof D,
  idKey?: string,
): Promise<D> {
  const checked = validate(schema, params);
  return sparseRows(await list(checked), rowsKey, checked.fields, idKey);
}

/** A list operation (a search, the deadlines): its answer, or the refusal. */
function listOperation<S extends ListSchema, D extends object>(
  schema: S,
  list: (checked: z.output<S>) => Promise<D>,
  rowsKey: keyof D,
  idKey?: string,
): (params: unknown) => Promise<Outcome<D>> {
  return (params) => attempt(() => listed(schema, params, list, rowsKey, idKey));
}

/** A kind's ranking lists: the path schema and names the ranking is checked against, then the list parameters. */
interface RankingLists<R extends string, S extends ListSchema> {
  path: z.ZodType<{ ranking: R }>;
  names: readonly string[];
  schema: S;
}
const CONFERENCE_LISTS = {
  path: ConferenceRankingPath,
  names: CONFERENCE_RANKINGS,
  schema: ConferenceRankingParams,
};
const JOURNAL_LISTS = { path: JournalRankingPath, names: JOURNAL_RANKINGS, schema: JournalRankingParams };

/** A ranking-list operation: the ranking is checked first, as REST reads the path before the query string. */
function rankingOperation<R extends string, S extends ListSchema, D extends object>(
  { path, names, schema }: RankingLists<R, S>,
  list: (ranking: R, checked: z.output<S>) => Promise<D>,
  rowsKey: keyof D,
): (ranking: unknown, params: unknown) => Promise<Outcome<D>> {
  return (ranking, params) =>
    attempt(() => {
      const name = rankingOf(path, names, ranking);
      return listed(schema, params, (p) => list(name, p), rowsKey);
    });
}

/** A venue's detail operation: a credential first, then the id and the sections asked; 404 for an unknown id. */
function venueDetail<D extends object>(
  kind: "conference" | "journal",
  schema: z.ZodType<{ sections?: readonly string[]; lang?: PageLanguage }>,
  find: (id: string, access: DetailAccess) => Promise<D | null>,
  baseUrl: string,
): (id: unknown, caller: Caller, params?: unknown) => Promise<Outcome<D>> {
  return (id, caller, params) =>
    attempt(async () => {
      requireCredential(caller, { baseUrl, kind, id });
      const key = idArgument(id);
      const { sections, lang } = validate(schema, params ?? {});
      const detail = VenueId.safeParse(key).success
        ? await find(key, { paid: caller.kind === "paid" })
        : null;
      if (!detail) throw new Refused(404, noVenue(kind, key));
      return detailLinksIn(detailSections(detail, sections), lang);
    });
}

export interface ReadOperations {
  searchConferences(params: unknown): Promise<Outcome<ConferenceSearchData>>;
  listConferences(ranking: unknown, params: unknown): Promise<Outcome<ConferenceRankingData>>;
  upcomingDeadlines(params: unknown): Promise<Outcome<DeadlineListData>>;
  searchJournals(params: unknown): Promise<Outcome<JournalSearchData>>;
  listJournals(ranking: unknown, params: unknown): Promise<Outcome<JournalRankingData>>;
  /** `params`: `full` (read/schema/compact.ts); absent, the default window. */
  statistics(params?: unknown): Promise<Outcome<Statistics>>;
  /** `params`: `sections` (read/schema/compact.ts); absent, the whole detail. */
  conference(id: unknown, caller: Caller, params?: unknown): Promise<Outcome<ConferenceDetail>>;
  journal(id: unknown, caller: Caller, params?: unknown): Promise<Outcome<JournalDetail>>;
  researcher(id: unknown, caller: Caller): Promise<Outcome<ResearcherProfile>>;
  /** The id a venue merged away now lives under (for a 301); null for any other id. */
  survivingId(kind: "conference" | "journal", id: string): Promise<string | null>;
}

export interface ReadOperationsDeps {
  query: QueryLayer;
  researchers?: ResearcherDirectory;
  /** The public base URL, for the addresses a refusal leads on to (the key page, the free pages). */
  publicBaseUrl?: string;
}

export function createReadOperations(deps: ReadOperationsDeps): ReadOperations {
  const { query } = deps;
  const researchers = deps.researchers ?? noResearchers;
  const baseUrl = (deps.publicBaseUrl ?? "").replace(/\/+$/, "");

  return {
    searchConferences: listOperation(
      ConferenceSearchParams,
      (p) => query.searchConferences(p),
      "conferences",
    ),

    listConferences: rankingOperation(
      CONFERENCE_LISTS,
      (name, p) => query.listConferences(name, p),
      "conferences",
    ),

    upcomingDeadlines: listOperation(
      DeadlineListParams,
      (p) => query.upcomingDeadlines(p),
      "deadlines",
      "conference_id",
    ),

    searchJournals: listOperation(JournalSearchParams, (p) => query.searchJournals(p), "journals"),

    listJournals: rankingOperation(JOURNAL_LISTS, (name, p) => query.listJournals(name, p), "journals"),

    statistics: (params) =>
      attempt(async () => {
        const { full } = validate(StatisticsParams, params ?? {});
        return statisticsWindow(await query.statistics(), full);
      }),

    conference: venueDetail(
      "conference",
      ConferenceDetailParams,
      (id, access) => query.conference(id, access),
      baseUrl,
    ),

    journal: venueDetail("journal", JournalDetailParams, (id, access) => query.journal(id, access), baseUrl),

    survivingId: async (kind, id) => (VenueId.safeParse(id).success ? query.survivingId(kind, id) : null),

    researcher: (id, caller) =>
      attempt(async () => {
        requireCredential(caller, { baseUrl, kind: "researcher", id });
        const key = idArgument(id);
        const record = ResearcherId.safeParse(key).success ? await researchers.find(key) : null;
        if (!record) throw new Refused(404, "no public researcher profile with this id");
        const venues = await query.venues({
          conferences: [...new Set([...record.tracked_conference_ids, ...record.attended_conference_ids])],
          journals: record.tracked_journal_ids,
        });
        // Each list in the profile's own order; a venue both tracked and attended is in both, once each.
        const conferenceById = new Map(venues.conferences.map((v) => [v.id, v]));
        const conferencesIn = (ids: string[]) => ids.flatMap((id) => conferenceById.get(id) ?? []);
        return {
          id: record.id,
          display_name: record.display_name,
          institution: record.institution,
          research_summary: record.research_summary,
          cv: record.cv,
          tracked_conferences: conferencesIn(record.tracked_conference_ids),
          tracked_journals: venues.journals,
          attended_conferences: conferencesIn(record.attended_conference_ids),
        };
      }),
  };
}
