/**
 * The four MCP prompts. Each expands into one user message that names the tools to call with their exact
 * arguments (dates already worked out from today's UTC date), what to keep and how to present the result.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, type GetPromptResult, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ResearchFieldParam } from "../../read/schema/api.ts";
import { RANK_SYSTEM_NAMES, RANK_SYSTEMS, tiersOfSystemNamed } from "../../read/schema/rank-tiers.ts";
import { type Clock, daysAfter, utcDate } from "../../runtime/clock.ts";
import { CCF_TIERS, RESEARCH_FIELDS } from "../../snapshot/records.ts";

/** A rank system as prompt arguments name it: ccf, core or qualis. */
type RankSystem = (typeof RANK_SYSTEM_NAMES)[number];

const DAYS_MAX = 366;

// Prompt arguments arrive as strings (MCP prompts take string arguments only).
const fieldArg = ResearchFieldParam.describe(`Research field, one of: ${RESEARCH_FIELDS.join(", ")}.`);

const systemArg = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(RANK_SYSTEM_NAMES, { error: `system must be one of ${RANK_SYSTEM_NAMES.join(", ")}` }),
  )
  .optional()
  .describe("Ranking system: ccf, core or qualis.");

const tierArg = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .describe(
    `Tier in the ranking system given by system: ${RANK_SYSTEMS.map(({ system, tiers }) => `${system} ${tiers.join("/")}`).join(", ")}.`,
  );

const daysArg = (fallback: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { error: `days must be a whole number from 1 to ${DAYS_MAX}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: `days must be a whole number from 1 to ${DAYS_MAX}` })
        .max(DAYS_MAX),
    )
    .optional()
    .describe(`${what} Default ${fallback}.`);

// Built once: a server is made per request, and zod schemas are costly to build.
const DEADLINE_ARGS = {
  field: fieldArg,
  system: systemArg,
  tier: tierArg,
  days: daysArg(30, "How many days to look ahead."),
};

const SUBMIT_ARGS = {
  topic: z.string().trim().max(500).optional().describe("What the paper is about, in a few words."),
  field: fieldArg,
  system: systemArg,
  tier: tierArg,
  days: daysArg(120, "Latest deadline, in days from today."),
};

const SNAPSHOT_ARGS = {
  venue: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('The venue: its id (e.g. "101"), acronym or full name. Without it, the model asks which one.'),
  kind: z
    .enum(["conference", "journal"], { error: "kind must be conference or journal" })
    .optional()
    .describe("conference or journal, when known."),
};

const SPECIAL_ISSUE_ARGS = {
  field: fieldArg,
  ccf_rank: z
    .enum(CCF_TIERS, {
      error: `ccf_rank must be one of ${CCF_TIERS.join(", ")}`,
    })
    .optional()
    .describe(`CCF tier of the journal: ${CCF_TIERS.join(", ")}.`),
  days: daysArg(90, "Latest special-issue deadline, in days from today."),
};

interface RankFilter {
  system: RankSystem;
  tier: string | undefined;
}

function rankFilter(system: RankSystem | undefined, tier: string | undefined): RankFilter | undefined {
  if (!system) {
    if (tier) throw new McpError(ErrorCode.InvalidParams, "tier needs system (ccf, core or qualis)");
    return undefined;
  }
  const tiers = tiersOfSystemNamed(system) ?? [];
  if (tier && !tiers.includes(tier)) {
    throw new McpError(ErrorCode.InvalidParams, `tier for ${system} must be one of ${tiers.join(", ")}`);
  }
  return { system, tier: tier || undefined };
}

/** Row fields a deadline table shows: the rest of a row would only cost the model's context. */
const DEADLINE_ROW_FIELDS = "short_name,full_name,ranks,detail_page,next,conference,stale";

/** Row fields a shortlist weighs: the deadline table's, plus the venue's research fields. */
const SHORTLIST_ROW_FIELDS = "short_name,full_name,ranks,fields,detail_page,next,conference";

/**
 * The rank filter as the tools take it: the tier asked, else every tier of the system as a comma list (any of
 * them matches), so the tool itself keeps exactly the venues ranked in that system.
 */
const rankArgument = (rank: RankFilter | undefined) =>
  rank && { [`${rank.system}_rank`]: rank.tier ?? (tiersOfSystemNamed(rank.system) ?? []).join(",") };

/**
 * The upcoming_deadlines arguments for announced and estimated deadlines in the next `days` days: the one tool
 * built for "what is due" and "where can I submit" (a date-range search would miss every estimated round).
 */
function upcomingArguments(days: number, fields: string, field?: string, rank?: RankFilter) {
  return {
    within_days: days,
    ...(field && { field }),
    ...rankArgument(rank),
    estimates: true,
    per_page: 100,
    fields,
  };
}

/** The system by its name in rank-tiers' list (CCF, CORE, QUALIS), then the tier. */
const describeRank = (rank: RankFilter | undefined) =>
  rank ? ` ranked ${rank.system.toUpperCase()}${rank.tier ? ` ${rank.tier}` : ""}` : "";

/** Without a key the detail tools refuse; the venue's resource holds its public record and outlook for free. */
const FREE_DETAIL =
  "It needs a credential; without one, read the resource venue://conference/{conference_id} instead (free: ranks, the submission outlook, editions).";

const json = (value: unknown) => JSON.stringify(value);

const numbered = (steps: string[]) => steps.map((step, i) => `${i + 1}. ${step}`).join("\n");

function userMessage(description: string, text: string): GetPromptResult {
  return { description, messages: [{ role: "user", content: { type: "text", text } }] };
}

const ATTRIBUTION = "Link every venue to its detail_page and credit Venue Directory as the source.";

/** The UTC dates from today to `days` ahead. */
type Window = (days: number) => { from: string; to: string };

export function registerPrompts(server: McpServer, clock: Clock): void {
  const window: Window = (days) => {
    const from = utcDate(clock());
    return { from, to: daysAfter(from, days) };
  };
  registerDeadlinePrompts(server, window);
  registerVenuePrompts(server, window);
}

/** The prompts over submission deadlines: what is due soon, and where to submit a paper. */
function registerDeadlinePrompts(server: McpServer, window: Window): void {
  server.registerPrompt(
    "upcoming_deadlines",
    {
      title: "Upcoming deadlines",
      description:
        "Conference submission deadlines in the next days, optionally in one research field and ranking tier.",
      argsSchema: DEADLINE_ARGS,
    },
    ({ field, system, tier, days = 30 }) => {
      const rank = rankFilter(system, tier);
      const span = window(days);
      const scope = `${field ? ` in research field "${field}"` : ""}${describeRank(rank)}`;
      return userMessage(
        `Conference deadlines ${span.from} to ${span.to}${scope}`,
        `List the conference submission deadlines from ${span.from} to ${span.to} (the next ${days} days, UTC)${scope}.

Use the Venue Directory tools:
${numbered([
  `Call the upcoming_deadlines tool with ${json(upcomingArguments(days, DEADLINE_ROW_FIELDS, field, rank))}: one row per conference and submission round still ahead, announced or estimated, ordered by next.date (an estimate's expected date). While pagination.page is below pagination.total_pages, call it again with the next page.`,
  "Present one table row per deadline in the order given (by next.date): the deadline (next.date with next.time and next.timezone, or the date alone when time is null; next.type abstract or paper), conference (short_name and full_name), CCF / CORE / QUALIS ranks, conference dates and place (conference). If there are none, say so.",
  'A row whose next.estimated is true is an estimate from past editions: label it "estimated, not yet announced" with its window (next.earliest to next.latest); never present an estimate as an announced deadline. Where stale is true, add that the source is old.',
  `For the other dates or the acceptance rate of one conference, call get_conference with its conference_id and sections=outlook,acceptance. ${FREE_DETAIL}`,
])}
${ATTRIBUTION}`,
      );
    },
  );

  server.registerPrompt(
    "where_to_submit",
    {
      title: "Where to submit",
      description:
        "Shortlist conferences and journal special issues with an open call that fit a paper, by topic, research field, ranking tier and time to the deadline.",
      argsSchema: SUBMIT_ARGS,
    },
    ({ topic, field, system, tier, days = 120 }) => {
      const rank = rankFilter(system, tier);
      const span = window(days);
      const about = topic ? ` about "${topic}"` : "";
      return userMessage(
        `Where to submit a paper${about}`,
        `Help me choose where to submit a paper${about}${field ? ` (research field "${field}")` : ""}. Candidates are venues${describeRank(rank)} whose submission deadline falls between ${span.from} and ${span.to}.

Use the Venue Directory tools:
${numbered([
  `Conferences: call the upcoming_deadlines tool with ${json(upcomingArguments(days, SHORTLIST_ROW_FIELDS, field, rank))}: every submission round due by ${span.to}, announced or estimated (a conference with several rounds has a row each), soonest first. While pagination.page is below pagination.total_pages, call it again with the next page. A row whose next.estimated is true is an estimate from past editions, not yet announced: say so.`,
  `Journals: call list_journals with ${json({ ranking: "cfp", ...(field && { field }), per_page: 100 })}. Each row's special_issue is the journal's soonest open call (title, submission_date); keep those due by ${span.to}${rank?.system === "ccf" && rank.tier ? ` from journals with ccf_rank "${rank.tier}"` : ""}.`,
  "Shortlist the venues whose name, fields, call or special-issue title fits the paper. For the most promising ones call get_conference (with the row's conference_id) or get_journal (with the row's id) and sections=row,cfp_text,acceptance for conferences, sections=row,cfp_text,special_issues,metrics for journals. These need a credential; without one, read the free resources venue://conference/{conference_id} and venue://journal/{id} instead.",
  "Recommend three to five venues, best fit first. For each give the deadline (marked estimated when it is), the ranks, the conference dates and place, the latest acceptance rate or impact factor when known, and one sentence on why it fits.",
])}
${ATTRIBUTION}`,
      );
    },
  );
}

/** The prompts over one venue or the journals: a venue's snapshot, the open special issues. */
function registerVenuePrompts(server: McpServer, window: Window): void {
  server.registerPrompt(
    "venue_snapshot",
    {
      title: "Venue snapshot",
      description:
        "A short profile of one conference or journal: ranks, next deadlines, dates and place, acceptance rates or journal metrics, open special issues.",
      argsSchema: SNAPSHOT_ARGS,
    },
    ({ venue: given, kind }) => {
      const kinds = kind ? [kind] : (["conference", "journal"] as const);
      // No venue named: the model asks for one, then follows the same steps with the answer.
      const venue = given || "the venue I name";
      const byId = json({ id: venue });
      const find = !given
        ? `Ask me which ${kind ?? "conference or journal"} I mean (id, acronym or full name). Find it: call ${kinds.map((k) => `search_${k}s with {"query": <the name>, "per_page": 5}`).join(" and ")}, take the exact short-name or full-name match, then call ${kinds.map((k) => `get_${k}`).join(" or ")} with its id.`
        : /^\d{1,15}$/.test(venue)
          ? `"${venue}" is a venue id: ${kinds.map((k) => `call get_${k} with ${byId}`).join("; if no conference has this id, ")}.`
          : `Find the venue: call ${kinds.map((k) => `search_${k}s with ${json({ query: venue, per_page: 5 })}`).join(" and ")}. Take the exact short-name or full-name match; if several venues fit, ask me which one. Then call ${kinds.map((k) => `get_${k}`).join(" or ")} with its id.`;
      return userMessage(
        given ? `Snapshot of ${venue}` : `Snapshot of a ${kind ?? "venue"}`,
        `Give me a snapshot of ${given ? `the ${kind ?? "venue"} "${venue}"` : `a ${kind ?? "conference or journal"} I will name`}.

Use the Venue Directory tools:
${numbered([
  find,
  `The detail tools need a credential. Without one, read the resource ${kinds.map((k) => `venue://${k}/{id}`).join(" or ")} instead (free, the public record as Markdown: ranks, ${kind === "journal" ? "metrics, special issues" : "the submission outlook, editions"}), and say that the full record needs an API key.`,
  "Summarise in a few lines: full name and acronym; CCF / CORE / QUALIS ranks (journals: CCF rank, impact factor, latest SJR quartile); the next deadlines with their type and time zone; conference dates and place; the acceptance-rate trend over recent years; open special issues for a journal; the cp_index score with its confidence.",
])}
${ATTRIBUTION}`,
      );
    },
  );

  server.registerPrompt(
    "open_special_issues",
    {
      title: "Open special issues",
      description:
        "Journal special issues open for submission, optionally in one research field and CCF tier, due within a number of days.",
      argsSchema: SPECIAL_ISSUE_ARGS,
    },
    ({ field, ccf_rank, days = 90 }) => {
      const span = window(days);
      const scope = `${field ? ` in research field "${field}"` : ""}${ccf_rank ? ` from CCF ${ccf_rank} journals` : ""}`;
      return userMessage(
        `Special issues due ${span.from} to ${span.to}${scope}`,
        `List the journal special issues open for submission with a deadline from ${span.from} to ${span.to}${scope}.

Use the Venue Directory tools:
${numbered([
  `Call list_journals with ${json({ ranking: "cfp", ...(field && { field }), per_page: 100 })}: journals with an open special-issue call, soonest deadline first; special_issue holds the title and submission_date of the journal's soonest open call. While pagination.has_more is true and the last deadline is not past ${span.to}, call it again with the next page.`,
  `Keep the rows whose special_issue.submission_date is on or before ${span.to}${ccf_rank ? ` and whose ccf_rank is "${ccf_rank}"` : ""}.`,
  "A journal may have further open calls: get_journal with its id and sections=special_issues lists every special issue with description, topics and editors. It needs a credential; without one, read the resource venue://journal/{id} instead (free).",
  "Present a table, soonest deadline first: deadline, special-issue title, journal (full_name), CCF rank, impact factor, publisher.",
])}
${ATTRIBUTION}`,
      );
    },
  );
}
