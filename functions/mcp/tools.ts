/**
 * The nine MCP tools, each the twin of a REST operation: the arguments are the REST parameters (listed from the
 * same zod schemas, validated by the same operation), the result is the REST `data` payload unchanged, and a
 * refusal is a tool error carrying the REST message.
 * Besides them, show_deadline_board (deadline-board/): an MCP App tool over the same deadlines operation.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Caller } from "../../read/caller.ts";
import type { Outcome, ReadOperations } from "../../read/operations.ts";
import { payloadJson } from "../../read/query/payload-json.ts";
import { ResearcherId, ResearcherProfile } from "../../read/schema/accounts.ts";
import * as api from "../../read/schema/api.ts";
import { DETAIL_IDENTITY, StatisticsParams } from "../../read/schema/compact.ts";
import type { Clock } from "../../runtime/clock.ts";
import { VenueId } from "../../snapshot/records.ts";
import { DEADLINE_BOARD_TOOL } from "./deadline-board/tool.ts";
import { keysSchema, outlineSchema, withoutDescriptions } from "./json-schema.ts";
import type { Arguments, ToolSpec } from "./tool-spec.ts";

const CREDENTIAL_NOTE = "Needs a credential (Bearer key or JWT).";

/** What the lists' categories are, beside `field` (said once per tool that filters by them). */
const CATEGORIES =
  "ccf_category/core_for: the CCF/CORE lists' own broad categories (SE: software engineering/system software/PL; 4612: software engineering; names: venue://fields).";

const CONFERENCE_ROW = `Row: id, short_name, full_name, submission_date (announced paper deadline), notification_date, conference_date, location, edition (next: year, dates, place; next=false: latest), ccf_rank, core_rank, qualis_rank ("" = unranked), ccf_category, core_for, is_extended, detail_page (link it), cp_index (own 0-100 score), estimated_submission_date, updated_at, next_submission_date/_closes_at (UTC)/_estimated (true: say it is an estimate), outlook_state, data_as_of, stale.`;

const JOURNAL_ROW =
  'Row: id, short_name, full_name, impact_factor, publisher, issn, ccf_rank ("" = unranked), ccf_category, detail_page (link it), updated_at, data_as_of, stale.';

const CONFERENCE_LISTS =
  "cfp = open calls, soonest first; past_cfp = expired, newest first; ccf/core/qualis = ranked open calls, best tier first; cp_index; most_viewed/_tracked/_attended, trending (viewed in 30 days) add views_30d/trackers_count/attendees_count, popularity; most_competitive = lowest acceptance_rate (0-1, year: acceptance_rate_year) first; upcoming/past = by conference date.";

const JOURNAL_LISTS =
  "cfp = open special-issue calls, soonest first (adds special_issue {title, submission_date, data_as_of, stale}); ccf = CCF-ranked, A first; highest_if; most_viewed/_tracked (add views_30d/trackers_count); all = by full name.";

const venueIdArgument = (kind: string) =>
  VenueId.meta({
    description: `${kind} id: a search or list row's id, e.g. "101".`,
  });

const LISTS = {
  conference: {
    names: api.ConferenceRankingName,
    params: api.ConferenceRankingParams,
    output: api.ConferenceRankingData,
    operation: "listConferences",
  },
  journal: {
    names: api.JournalRankingName,
    params: api.JournalRankingParams,
    output: api.JournalRankingData,
    operation: "listJournals",
  },
} as const;

/** A ready-made list tool: which list, then the REST list parameters. */
function listTool(kind: keyof typeof LISTS, title: string, description: string): ToolSpec {
  const { names, params, output, operation } = LISTS[kind];
  return {
    name: `list_${kind}s`,
    title,
    description,
    input: z.object({ ranking: names.meta({ description: "Which list." }), ...params.shape }),
    output,
    run: (ops, { ranking, ...rest }) => ops[operation](ranking, rest),
  };
}

const DETAILS = {
  conference: { label: "Conference", params: api.ConferenceDetailParams, output: api.ConferenceDetail },
  journal: { label: "Journal", params: api.JournalDetailParams, output: api.JournalDetail },
} as const;

/** A venue's detail tool: the id, then the REST detail parameters; answers may be cut to the asked sections. */
function detailTool(kind: keyof typeof DETAILS, title: string, description: string): ToolSpec {
  const { label, params, output } = DETAILS[kind];
  return {
    name: `get_${kind}`,
    title,
    description: `${description} ${CREDENTIAL_NOTE}`,
    input: z.object({ id: venueIdArgument(label), ...params.shape }),
    output,
    sparse: true,
    run: (ops, { id, ...rest }, caller) => ops[kind](id, caller, rest),
  };
}

const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: "search_conferences",
    title: "Search conferences",
    description: `Find conferences. Filters AND; a comma list matches any value (core_rank=A*,A); date bounds inclusive. ${CATEGORIES} One venue's next submission: query="ICML"; deadlines ahead: upcoming_deadlines. Compact rows: fields=id,short_name,ranks,next. ${CONFERENCE_ROW} pagination: total, total_pages, page, per_page. Order: exact names, then open calls soonest.`,
    input: api.ConferenceSearchParams,
    output: api.ConferenceSearchData,
    run: (ops, args) => ops.searchConferences(args),
  },
  {
    name: "search_journals",
    title: "Search journals",
    description: `Find journals (filters AND, comma lists as search_conferences); query: abbreviation, ISSN, former or full title. Compact rows: fields=id,short_name,ccf_rank,issn. ${JOURNAL_ROW} pagination: total, total_pages, page, per_page. Order: exact matches, then CCF tier, then name.`,
    input: api.JournalSearchParams,
    output: api.JournalSearchData,
    run: (ops, args) => ops.searchJournals(args),
  },
  {
    name: "upcoming_deadlines",
    title: "Upcoming submission deadlines",
    description: `Deadlines ahead, announced AND estimated, in one call: "CCF-A AI deadlines in the next 90 days" is within_days=90, ccf_rank=A, ccf_category=AI. Filters as search_conferences, but any rank system given may match. Rows (one per round, by next.date): conference_id, short_name, full_name, the ranks, ccf_category, core_for, fields, detail_page, outlook_state, cycle_year, round, rounds, next (type, date, time or null, timezone, closes_at UTC, estimated; estimates add earliest, latest, confidence), deadlines (the round's abstract and paper), conference (year, start_date, end_date, place), data_as_of, stale. Say which are estimates. outlook_state: open, estimated, passed_unconfirmed (an earlier estimate passed unannounced; next is ahead: say estimated), closed, unknown. counts: all pages. Compact rows: fields=short_name,ranks,next.`,
    input: api.DeadlineListInput,
    output: api.DeadlineListData,
    run: (ops, args) => ops.upcomingDeadlines(args),
  },
  listTool(
    "conference",
    "Conference lists",
    `Ready-made conference lists; ccf_category, core_for narrow any: ${CONFERENCE_LISTS} Rows and fields= as search_conferences; pagination: count, has_more, page, per_page.`,
  ),
  listTool(
    "journal",
    "Journal lists",
    `Ready-made journal lists; field, ccf_category narrow any: ${JOURNAL_LISTS} Rows and fields= as search_journals; pagination: count, has_more, page, per_page.`,
  ),
  {
    name: "get_statistics",
    title: "Dataset statistics",
    description:
      "Dataset totals and {key, count} lists (keys: the output schema). conference_deadline_by_month (YYYY-MM) covers a year either side of the snapshot, conference_country_distribution the top 10 and other (full=true: everything); data_sources: id, date, age_days, stale.",
    input: StatisticsParams,
    output: api.Statistics,
    run: (ops, args) => ops.statistics(args),
  },
  detailTool(
    "conference",
    "Conference details",
    "One conference. Its next submission: sections=outlook (state, next, the cycle's deadlines, possible (unsupported rounds, not deadlines), other_dates, conference, data_as_of, stale); comparing venues: sections=ranks,acceptance. Beyond the search row: fields, calendar (iCal address), cfp_text, deadlines (this edition's), history (editions, newest first), deadline_estimates, acceptance, rank_history, rank_sources, outlook, rating_summary, trackers_count, attendees_count, related_conferences, related_journals, comments, website_access (website: paid answers only).",
  ),
  detailTool(
    "journal",
    "Journal details",
    "One journal, e.g. sections=special_issues,metrics. Beyond the search row: issns, fields, cfp_text, special_issues (open first), metrics (per year: sjr, quartile, h_index, cites_per_doc_2y), rank_history, rating_summary, trackers_count, related_journals, related_conferences, comments, website_access (website: paid answers only).",
  ),
  {
    name: "get_researcher",
    title: "Researcher profile",
    description: `A researcher's public profile by id (e.g. a comment's author_id; keys: the output schema, cv in Markdown). No contact details, no search. ${CREDENTIAL_NOTE}`,
    input: z.object({
      id: ResearcherId.meta({ description: "Researcher id, e.g. the author_id of a comment." }),
    }),
    output: ResearcherProfile,
    run: (ops, { id }, caller) => ops.researcher(id, caller),
  },
  DEADLINE_BOARD_TOOL,
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

function outputSchema(spec: ToolSpec): Tool["outputSchema"] {
  const json = objectJsonSchema(spec.output, "output");
  return keysSchema(json, spec.sparse ? DETAIL_IDENTITY : undefined) as Tool["outputSchema"];
}

// idempotentHint and destructiveHint mean something only when readOnlyHint is false (MCP ToolAnnotations).
const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * Arguments whose name, default, bounds and format say all: tools/list leaves their descriptions out (OpenAPI has
 * them); search_conferences says once that date bounds are inclusive, the instructions what `lang` changes.
 */
const SELF_EXPLAINED = new Set([
  "lang",
  "page",
  "per_page",
  "ranking",
  "submission_date_start",
  "submission_date_end",
  "conference_date_start",
  "conference_date_end",
  "updated_since",
]);

/** A tool's input schema as tools/list carries it. */
function inputSchema(spec: ToolSpec): Tool["inputSchema"] {
  const outlined = outlineSchema(objectJsonSchema(spec.input, "input"), Infinity, Infinity);
  return withoutDescriptions(outlined, spec.argumentsOf ? undefined : SELF_EXPLAINED) as Tool["inputSchema"];
}

let listed: Tool[] | undefined;

/** The tools/list answer; computed once, it never changes while the process runs. */
export function listTools(): Tool[] {
  listed ??= TOOL_SPECS.map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: inputSchema(spec),
    // The payload's top-level keys only: the descriptions name the fields, OpenAPI has the shapes.
    outputSchema: outputSchema(spec),
    annotations: READ_ONLY,
    ...(spec.meta && { _meta: spec.meta }),
  }));
  return listed;
}

/** A tool's result, for the SDK server to send, and as the JSON the direct path sends. */
export interface ToolAnswer {
  result: CallToolResult;
  /** The result as UTF-8 JSON, its payload serialised once (the text twin is that same JSON). */
  json(): Uint8Array;
}

/** The result as UTF-8 JSON: its content, then the payload as payloadJson serialised it (once per payload). */
const resultBytes = (result: CallToolResult, data: object) =>
  Buffer.from(`{"content":${JSON.stringify(result.content)},"structuredContent":${payloadJson(data)}}`);

/**
 * Result bytes per payload, kept while the payload object lives: the query layer hands one cached payload, never
 * changed, to every request that asks for it, so a repeated answer is not serialised again. Only answers whose
 * text is the payload's JSON are kept: the bytes are then the payload's alone, whichever tool sent it.
 */
const RESULT_BYTES = new WeakMap<object, Uint8Array>();

function keptResultBytes(result: CallToolResult, data: object): Uint8Array {
  let bytes = RESULT_BYTES.get(data);
  if (!bytes) {
    bytes = resultBytes(result, data);
    RESULT_BYTES.set(data, bytes);
  }
  return bytes;
}

/**
 * The payload as structured content and as JSON text (or the tool's own summary, made per call); a refusal as a
 * tool error with the REST message.
 */
function toolAnswer(outcome: Outcome<unknown>, spec: ToolSpec): ToolAnswer {
  if (!outcome.ok) {
    const result: CallToolResult = { content: [{ type: "text", text: outcome.message }], isError: true };
    return { result, json: () => Buffer.from(JSON.stringify(result)) };
  }
  const data = outcome.data as Record<string, unknown>;
  const text = spec.text ? spec.text(data) : payloadJson(data);
  const result: CallToolResult = { content: [{ type: "text", text }], structuredContent: data };
  const json = () => (spec.text ? resultBytes(result, data) : keptResultBytes(result, data));
  return { result, json };
}

export const isToolName = (name: string): boolean => TOOLS_BY_NAME.has(name);

/** Runs a tool; undefined when no tool has this name. */
export async function callTool(
  ops: ReadOperations,
  name: string,
  args: Arguments,
  caller: Caller,
  publicBaseUrl: string,
  clock: Clock,
): Promise<ToolAnswer | undefined> {
  const spec = TOOLS_BY_NAME.get(name);
  return spec && toolAnswer(await spec.run(ops, args, caller, publicBaseUrl, clock), spec);
}
