/**
 * The eight MCP tools, each the twin of a REST operation: the arguments are the REST parameters (listed from the
 * same zod schemas, validated by the same operation), the result is the REST `data` payload unchanged, and a
 * refusal is a tool error carrying the REST message.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { VenueId } from "../../snapshot/records.ts";
import type { Outcome, ReadOperations } from "../api/operations.ts";
import type { Caller } from "../http/caller.ts";
import { ResearcherId, ResearcherProfile } from "../schema/accounts.ts";
import {
  ConferenceDetail,
  ConferenceRankingData,
  ConferenceRankingName,
  ConferenceRankingParams,
  ConferenceSearchData,
  ConferenceSearchParams,
  JournalDetail,
  JournalRankingData,
  JournalRankingName,
  JournalRankingParams,
  JournalSearchData,
  JournalSearchParams,
  Statistics,
} from "../schema/api.ts";
import { outlineSchema } from "./json-schema.ts";

type Arguments = Record<string, unknown>;

interface ToolSpec {
  name: string;
  title: string;
  description: string;
  /** What tools/list shows; `run` validates with the REST schemas through the shared operation. */
  input: z.ZodObject;
  output: z.ZodType;
  run(ops: ReadOperations, args: Arguments, caller: Caller): Promise<Outcome<unknown>>;
}

const CREDENTIAL_NOTE =
  "Needs a credential: the MCP client must send Authorization: Bearer <API key or JWT>; without one the tool answers with an error saying so.";

const CONFERENCE_LISTS =
  "cfp = open calls for papers (deadline today or later), soonest deadline first; past_cfp = expired calls, most recent first; ccf, core, qualis = open calls of conferences ranked in that system, best tier first, then soonest deadline; cp_index = the service's own 0-100 score, highest first; most_viewed, most_tracked, most_attended = every conference by popularity, zeros included (adds views_30d, trackers_count or attendees_count); most_competitive = lowest latest acceptance rate first (adds acceptance_rate, 0-1); upcoming = conference date today or later, soonest first; past = conference date before today, most recent first; trending = most viewed in the last 30 days.";

const JOURNAL_LISTS =
  "cfp = journals with an open special-issue call, soonest deadline first (adds special_issue {title, submission_date}); ccf = CCF-ranked, A first; highest_if = highest numeric impact factor first; most_viewed (adds views_30d); most_tracked (adds trackers_count); all = every journal by full name.";

const venueIdArgument = (kind: string) =>
  VenueId.meta({
    description: `${kind} id: the decimal string in the id field of a search or list row, e.g. "101".`,
  });

const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: "search_conferences",
    title: "Search conferences",
    description:
      "Search academic conferences. Every argument is optional and they combine with AND: query (a name: acronym, alias, former name, full name or part of it; case, accents and punctuation ignored), ccf_rank, core_rank, qualis_rank, field, inclusive date ranges on the submission deadline and on the conference date (YYYY-MM-DD), updated_since. Returns conferences (id, short_name, full_name, submission_date, notification_date, conference_date, location, ccf_rank, core_rank, qualis_rank, is_extended, detail_page, cp_index, updated_at) and pagination {total, total_pages, page, per_page}. Order when query is given: exact acronym or alias matches first, then acronym prefixes and names holding every query word, then other substring matches; ties by best CCF, then CORE, then QUALIS tier, then an open call, then the longer edition history. Without query: open calls soonest deadline first, then closed calls most recent first, then conferences without a deadline. For upcoming deadlines set submission_date_start to today. Same as GET /api/conferences.",
    input: ConferenceSearchParams,
    output: ConferenceSearchData,
    run: (ops, args) => ops.searchConferences(args),
  },
  {
    name: "search_journals",
    title: "Search journals",
    description:
      "Search journals. Every argument is optional and they combine with AND: query (abbreviation, ISSN, former title, full title or part of it), ccf_rank, issn (print or electronic, with or without the hyphen), field, updated_since. Returns journals (id, short_name, full_name, impact_factor, publisher, issn, ccf_rank, detail_page, updated_at) and pagination {total, total_pages, page, per_page}. Order: exact abbreviation, ISSN or title matches first when query is given, then whole-word, then substring matches; then CCF tier A, B, C, unranked, then full name. Same as GET /api/journals.",
    input: JournalSearchParams,
    output: JournalSearchData,
    run: (ops, args) => ops.searchJournals(args),
  },
  {
    name: "list_conferences",
    title: "Conference lists",
    description: `Ready-made conference lists, 20 rows per page unless per_page says otherwise. ${CONFERENCE_LISTS} Returns ranking, conferences (the search row plus the list's extra field) and pagination {count, has_more, page, per_page}. Same as GET /api/conferences/rankings/{ranking}.`,
    input: z.object({
      ranking: ConferenceRankingName.meta({
        description: "Which list; the tool description says what each holds.",
      }),
      ...ConferenceRankingParams.shape,
    }),
    output: ConferenceRankingData,
    run: (ops, { ranking, ...params }) => ops.listConferences(ranking, params),
  },
  {
    name: "list_journals",
    title: "Journal lists",
    description: `Ready-made journal lists, 20 rows per page unless per_page says otherwise; field narrows any list to one research field. ${JOURNAL_LISTS} Returns ranking, journals and pagination {count, has_more, page, per_page}. Same as GET /api/journals/rankings/{ranking}.`,
    input: z.object({
      ranking: JournalRankingName.meta({
        description: "Which list; the tool description says what each holds.",
      }),
      ...JournalRankingParams.shape,
    }),
    output: JournalRankingData,
    run: (ops, { ranking, ...params }) => ops.listJournals(ranking, params),
  },
  {
    name: "get_statistics",
    title: "Dataset statistics",
    description:
      "Totals and distributions of the whole dataset: snapshot_date, conferences_total, journals_total, conferences_with_open_cfp, conference deadlines per month, conferences per country, journals per impact-factor bucket, per publisher and per CCF tier, open calls per rank tier (CCF, CORE, QUALIS) and venues per research field. Every distribution is a list of {key, count}. No arguments. Same as GET /api/statistics.",
    input: z.object({}),
    output: Statistics,
    run: (ops) => ops.statistics(),
  },
  {
    name: "get_conference",
    title: "Conference details",
    description: `The full record of one conference: the search row plus research fields, call-for-papers text, typed deadlines of the current edition (type, date, time, time zone, exact UTC instant), edition history, acceptance-rate history, rank history, rating summary, trackers and attendees, related conferences and journals, comments. ${CREDENTIAL_NOTE} An unknown id is an error naming it; the id of a venue merged into another gives the surviving record (its id is in the answer). Same as GET /api/conferences/{id}.`,
    input: z.object({ id: venueIdArgument("Conference") }),
    output: ConferenceDetail,
    run: (ops, { id }, caller) => ops.conference(id, caller),
  },
  {
    name: "get_journal",
    title: "Journal details",
    description: `The full record of one journal: the search row plus all ISSNs, research fields, call-for-papers text, special issues (open calls soonest first, then closed ones, with description, topics and editors), yearly metrics (SJR, quartile, h-index, citations per document), rank history, rating summary, trackers, related journals and conferences, comments. ${CREDENTIAL_NOTE} An unknown id is an error naming it; the id of a journal merged into another gives the surviving record. Same as GET /api/journals/{id}.`,
    input: z.object({ id: venueIdArgument("Journal") }),
    output: JournalDetail,
    run: (ops, { id }, caller) => ops.journal(id, caller),
  },
  {
    name: "get_researcher",
    title: "Researcher profile",
    description: `The public profile of one researcher, looked up by id (for example the author_id of a comment): display name, institution, generated research summary, CV (Markdown), tracked and attended conferences and tracked journals. Never holds contact details; there is no researcher search. ${CREDENTIAL_NOTE} Same as GET /api/researchers/{id}.`,
    input: z.object({
      id: ResearcherId.meta({ description: "Researcher id, e.g. the author_id of a comment." }),
    }),
    output: ResearcherProfile,
    run: (ops, { id }, caller) => ops.researcher(id, caller),
  },
];

const TOOLS_BY_NAME = new Map(TOOL_SPECS.map((spec) => [spec.name, spec]));

export const TOOL_NAMES: readonly string[] = TOOL_SPECS.map((spec) => spec.name);

/** Dates carry `format`; zod's calendar regex beside it would only cost a model's context. */
const DATE_FORMATS = new Set(["date", "date-time"]);

/**
 * A zod schema as the JSON Schema tools/list carries: draft-07, as the SDK converts zod itself, but with the root
 * an inline object (MCP requires `type: "object"` there) instead of a $ref to one of the named definitions.
 */
function objectJsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  const json = z.toJSONSchema(schema, {
    target: "draft-7",
    io,
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === "string" && DATE_FORMATS.has(jsonSchema.format))
        delete jsonSchema.pattern;
    },
  }) as {
    $ref?: string;
    definitions?: Record<string, object>;
  };
  if (json.$ref === undefined) return json as Tool["inputSchema"];
  const { $ref, ...rest } = json;
  return { ...rest, ...rest.definitions?.[$ref.replace("#/definitions/", "")] } as Tool["inputSchema"];
}

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

let listed: Tool[] | undefined;

/** The tools/list answer; computed once, it never changes while the process runs. */
export function listTools(): Tool[] {
  listed ??= TOOL_SPECS.map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: outlineSchema(
      objectJsonSchema(spec.input, "input"),
      Infinity,
      Infinity,
    ) as Tool["inputSchema"],
    // The payload's top level only: the tool descriptions name the row fields, OpenAPI has the full shapes.
    outputSchema: outlineSchema(objectJsonSchema(spec.output, "output"), 1, 1) as Tool["outputSchema"],
    annotations: READ_ONLY,
  }));
  return listed;
}

/** The payload as structured content and as JSON text; a refusal as a tool error with the REST message. */
function toolResult(outcome: Outcome<unknown>): CallToolResult {
  if (!outcome.ok) return { content: [{ type: "text", text: outcome.message }], isError: true };
  return {
    content: [{ type: "text", text: JSON.stringify(outcome.data) }],
    structuredContent: outcome.data as Record<string, unknown>,
  };
}

/** Runs a tool; undefined when no tool has this name. */
export async function callTool(
  ops: ReadOperations,
  name: string,
  args: Arguments,
  caller: Caller,
): Promise<CallToolResult | undefined> {
  const spec = TOOLS_BY_NAME.get(name);
  return spec && toolResult(await spec.run(ops, args, caller));
}
