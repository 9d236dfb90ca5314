/**
 * show_deadline_board: the MCP App tool. Its answer is the upcoming_deadlines payload for the same filters (the
 * one outlook computation, through the same operation) plus the filters and a matching iCalendar address, as
 * structuredContent; the text is a short summary for hosts that show no apps. Hosts with the MCP Apps extension
 * render the ui:// resource named in its _meta beside the answer.
 */
import { registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import type { RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Outcome, ReadOperations } from "../../../read/operations.ts";
import { DeadlineListInput, DeadlineListParams } from "../../../read/schema/api.ts";
import { deadlineFilterQuery } from "../../../read/schema/feeds.ts";
import { RANK_SYSTEMS } from "../../../read/schema/rank-tiers.ts";
import { dataAge, dataAgeNotice } from "../../../render/data-age.ts";
import { DEADLINES_ICS_PATH } from "../../../render/deadline-list.ts";
import { type Clock, utcDate } from "../../../runtime/clock.ts";
import type { ToolSpec } from "../tool-spec.ts";
import { type BoardCalendar, BoardData, type BoardDataAge, type BoardRow } from "./board-data.ts";
import { DEADLINE_BOARD_URI } from "./resource.ts";

const DEADLINE_BOARD_TOOL_NAME = "show_deadline_board";

/** Defaults a title need not repeat. */
const DEFAULT_FLAGS: Record<string, string> = { estimates: "true", ranked_only: "false" };

/**
 * The calendar of exactly the deadlines shown: `/deadlines.ics` with every filter as the operation read it
 * (lists comma-separated, both booleans spelled out, as the page's ranked-only default differs from the tool's).
 * The page and its size are the board's, not the calendar's: it holds every upcoming deadline of the filter.
 */
function calendarFor(publicBaseUrl: string, args: Record<string, unknown>): BoardCalendar {
  // The operation accepted these arguments: parsing them again cannot fail.
  const params = new URLSearchParams(deadlineFilterQuery(DeadlineListParams.parse(args)));
  const shown = [...params].filter(([name, value]) => DEFAULT_FLAGS[name] !== value);
  return {
    url: `${publicBaseUrl}${DEADLINES_ICS_PATH}?${params}`,
    title:
      shown.length === 0
        ? "all upcoming deadlines"
        : `deadlines for ${shown.map(([name, value]) => `${name}=${value}`).join(", ")}`,
  };
}

/** For hosts without apps: how many rounds (announced, estimated), then one line per row of this page, in its order. */
function boardSummary(data: BoardData & { subscribe?: string }): string {
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
    `${total} upcoming submission round${total === 1 ? "" : "s"}: ${announced} announced, ${estimated} estimated, by date (page ${page} of ${Math.max(total_pages, 1)}). Calendar: ${data.calendar.url}${data.subscribe ? ` E-mail digest: ${data.subscribe}` : ""}`,
    ...lines,
  ].join("\n");
}

/** The data behind the dates the rows show, today, as the site's pages measure it, with the board's notice. */
function boardDataAge(rows: readonly BoardRow[], clock: Clock): BoardDataAge | null {
  const age = dataAge(
    rows.map((row) => row.deadline_data_as_of),
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
  // The cards need whole rows: `fields` (not in the board's arguments) is dropped if a client sends it anyway.
  const { fields: _cut, ...filters } = args;
  const outcome = await ops.upcomingDeadlines(filters);
  if (!outcome.ok) return outcome;
  const data_age = boardDataAge(outcome.data.deadlines, clock);
  return {
    ok: true,
    data: { ...outcome.data, filters, calendar: calendarFor(publicBaseUrl, filters), data_age },
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
    "Upcoming deadlines as an interactive board (MCP Apps hosts render it; others get the same data). Arguments and payload as upcoming_deadlines (whole rows, no fields=), plus filters, calendar {url, title} (iCal of exactly these filters) and data_age {data_as_of (oldest deadline_data_as_of), newest, age_days, old (over 30 days), notice}.",
  // Whole rows always: the cards show every part of a row, so `fields` is not the board's to take.
  input: DeadlineListInput.omit({ fields: true }),
  argumentsOf: "upcoming_deadlines",
  output: BoardData,
  meta: appToolMeta(),
  text: (data) => boardSummary(data as BoardData),
  run: (ops, args, _caller, publicBaseUrl, clock) => run(ops, args, publicBaseUrl, clock),
};
