/**
 * show_deadline_board: the MCP App tool. Its answer is the upcoming_deadlines payload for the same filters (the
 * one outlook computation, through the same operation) plus the filters and a matching iCalendar address, as
 * structuredContent; the text is a short summary for hosts that show no apps. Hosts with the MCP Apps extension
 * render the ui:// resource named in its _meta beside the answer.
 */
import { registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import type { RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Outcome, ReadOperations } from "../../../read/operations.ts";
import { DeadlineListInput } from "../../../read/schema/api.ts";
import {
  ALL_DEADLINES_FEED_PATH,
  fieldFeedPath,
  rankFeedPath,
  rankTierSlug,
} from "../../../read/schema/feeds.ts";
import { RANK_SYSTEMS } from "../../../read/schema/rank-tiers.ts";
import { dataAge, dataAgeNotice } from "../../../render/data-age.ts";
import { type Clock, utcDate } from "../../../runtime/clock.ts";
import type { ToolSpec } from "../tool-spec.ts";
import { type BoardCalendar, BoardData, type BoardDataAge, type BoardRow } from "./board-data.ts";
import { DEADLINE_BOARD_URI } from "./resource.ts";

const DEADLINE_BOARD_TOOL_NAME = "show_deadline_board";

/** One value (the feeds are per value, as the site names them: lower case), or null for none or a list. */
const single = (value: unknown) =>
  typeof value === "string" && value !== "" && !value.includes(",") ? value.trim().toLowerCase() : null;

const given = (value: unknown) => value !== undefined && value !== "";

/**
 * The site's feed closest to the filters: one research field alone, or one rank tier alone, has its own feed;
 * anything else gets the feed of every upcoming deadline (the title says which it is). Feeds hold every
 * upcoming deadline of theirs: the window and the estimates choice do not narrow them.
 */
function calendarFor(publicBaseUrl: string, filters: Record<string, unknown>): BoardCalendar {
  const field = single(filters.field);
  const ranks = RANK_SYSTEMS.filter(({ param }) => given(filters[param]));
  const rank = ranks.length === 1 ? ranks[0] : undefined;
  const tier = rank ? single(filters[rank.param]) : null;
  if (field && ranks.length === 0) {
    return { url: `${publicBaseUrl}${fieldFeedPath(field)}`, title: `deadlines in ${field}` };
  }
  if (rank && tier && !given(filters.field)) {
    return {
      url: `${publicBaseUrl}${rankFeedPath(rankTierSlug(rank.system, tier))}`,
      title: `${rank.system} ${tier.toUpperCase()} deadlines`,
    };
  }
  return { url: `${publicBaseUrl}${ALL_DEADLINES_FEED_PATH}`, title: "all upcoming deadlines" };
}

/** For hosts without apps: how many rounds (announced, estimated), then one line per row of this page, in its order. */
function boardSummary(data: BoardData): string {
  const { total, page, total_pages } = data.pagination;
  const { announced, estimated } = data.counts;
  const lines = data.deadlines.map((row) => {
    const { next } = row;
    const ranks = RANK_SYSTEMS.filter(({ param }) => row[param])
      .map(({ param, system }) => `${system} ${row[param]}`)
      .join(", ");
    const when = next.estimated
      ? `estimated ${next.earliest ?? next.date} to ${next.latest ?? next.date}`
      : next.date;
    return `- ${row.short_name}${ranks ? ` (${ranks})` : ""}: ${next.type} ${when} ${next.timezone}${row.rounds > 1 ? `, round ${row.round}/${row.rounds}` : ""} — ${row.detail_page}`;
  });
  return [
    ...(data.data_age?.notice ? [`Old data: ${data.data_age.notice}`] : []),
    `${total} upcoming submission round${total === 1 ? "" : "s"}: ${announced} announced, ${estimated} estimated, by date (page ${page} of ${Math.max(total_pages, 1)}). Calendar: ${data.calendar.url}`,
    ...lines,
  ].join("\n");
}

/** The newest data behind the rows, today, as the site's pages measure it, with the board's notice. */
function boardDataAge(rows: readonly BoardRow[], clock: Clock): BoardDataAge | null {
  const age = dataAge(
    rows.map((row) => row.data_as_of),
    utcDate(clock()),
  );
  return age && { ...age, notice: dataAgeNotice(age, "on this board") };
}

async function run(
  ops: ReadOperations,
  args: Record<string, unknown>,
  publicBaseUrl: string,
  clock: Clock,
): Promise<Outcome<BoardData>> {
  const outcome = await ops.upcomingDeadlines(args);
  if (!outcome.ok) return outcome;
  const data_age = boardDataAge(outcome.data.deadlines, clock);
  return {
    ok: true,
    data: { ...outcome.data, filters: args, calendar: calendarFor(publicBaseUrl, args), data_age },
  };
}

/**
 * This server lists and calls its tools itself (server.ts says why), so the extension's registerAppTool
 * registers onto this spec: the helper fills in the tool's _meta (the resource URI under `ui` and under the
 * older flat key, which some hosts still read), and the spec keeps it for tools/list.
 */
function appToolMeta(): Record<string, unknown> {
  let meta: Record<string, unknown> = {};
  registerAppTool(
    {
      registerTool: (_name, config) => {
        meta = config._meta ?? {};
        return {} as RegisteredTool;
      },
    },
    DEADLINE_BOARD_TOOL_NAME,
    { _meta: { ui: { resourceUri: DEADLINE_BOARD_URI } } },
    () => ({ content: [] }),
  );
  return meta;
}

export const DEADLINE_BOARD_TOOL: ToolSpec = {
  name: DEADLINE_BOARD_TOOL_NAME,
  title: "Deadline board",
  description:
    "Shows upcoming deadlines as an interactive board (MCP Apps hosts render it; others get the same data). Arguments and payload as upcoming_deadlines, plus filters, calendar {url, title} (their iCalendar feed) and data_age {data_as_of, age_days, old, notice} (old: over 30 days, shown on top).",
  input: DeadlineListInput,
  output: BoardData,
  meta: appToolMeta(),
  text: (data) => boardSummary(data as BoardData),
  run: (ops, args, _caller, publicBaseUrl, clock) => run(ops, args, publicBaseUrl, clock),
};
