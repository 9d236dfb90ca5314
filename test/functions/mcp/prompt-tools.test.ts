/**
 * Every prompt leads to the tool built for its question: each expansion names exactly the tools it should (no
 * date-range search for "where can I submit", which would miss every estimated round), each call it writes out
 * runs as written against the real server, and where to submit finds the estimated rounds a search by
 * submission date cannot.
 */
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../../../functions/mcp/tools.ts";
import { mcpSessionForFile, toolPayload } from "./client.ts";

const mcp = mcpSessionForFile();

const textOf = (prompt: GetPromptResult) => {
  const [message] = prompt.messages;
  return message?.content.type === "text" ? message.content.text : "";
};

/** Every "<tool> with {json}" call the text writes out (in order), with its arguments parsed. */
function writtenCalls(text: string): { tool: string; args: Record<string, unknown> }[] {
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  const pattern = new RegExp(`\\b(${TOOL_NAMES.join("|")})(?: tool)? with \\{`, "g");
  for (const match of text.matchAll(pattern)) {
    const from = (match.index ?? 0) + match[0].length - 1;
    for (let end = text.indexOf("}", from); end > 0; end = text.indexOf("}", end + 1)) {
      try {
        calls.push({ tool: match[1] ?? "", args: JSON.parse(text.slice(from, end + 1)) });
        break;
      } catch {
        // not the closing brace yet (or a placeholder such as <the name>, which is not a written call)
      }
    }
  }
  return calls;
}

/** The tools the text tells the model to call, written-out or not. */
const namedTools = (text: string) =>
  TOOL_NAMES.filter((tool) => new RegExp(`\\b${tool}\\b`).test(text)).sort();

interface Case {
  prompt: string;
  args: Record<string, string>;
  tools: string[];
  /** The written-out calls, by tool, with the arguments they must carry. */
  calls: Record<string, Record<string, unknown>>;
}

const CASES: Case[] = [
  {
    prompt: "upcoming_deadlines",
    args: { field: "ai", system: "ccf", tier: "A", days: "90" },
    tools: ["get_conference", "upcoming_deadlines"],
    calls: { upcoming_deadlines: { within_days: 90, field: "ai", ccf_rank: "A", estimates: true } },
  },
  {
    prompt: "where_to_submit",
    args: { topic: "program analysis", field: "se", system: "core", tier: "A", days: "200" },
    tools: ["get_conference", "get_journal", "list_journals", "upcoming_deadlines"],
    calls: {
      upcoming_deadlines: { within_days: 200, field: "se", core_rank: "A", estimates: true },
      list_journals: { ranking: "cfp", field: "se" },
    },
  },
  {
    prompt: "where_to_submit",
    args: { system: "ccf" },
    tools: ["get_conference", "get_journal", "list_journals", "upcoming_deadlines"],
    calls: {
      upcoming_deadlines: { within_days: 120, ccf_rank: "A,B,C", estimates: true },
      list_journals: { ranking: "cfp" },
    },
  },
  {
    prompt: "venue_snapshot",
    args: { venue: "101", kind: "conference" },
    tools: ["get_conference"],
    calls: { get_conference: { id: "101" } },
  },
  {
    prompt: "venue_snapshot",
    args: { venue: "TOSEM", kind: "journal" },
    tools: ["get_journal", "search_journals"],
    calls: { search_journals: { query: "TOSEM", per_page: 5 } },
  },
  {
    prompt: "open_special_issues",
    args: { field: "se", ccf_rank: "A", days: "90" },
    tools: ["get_journal", "list_journals"],
    calls: { list_journals: { ranking: "cfp", field: "se", per_page: 100 } },
  },
];

describe("each prompt names the tool built for its question, with arguments that run", () => {
  for (const c of CASES) {
    it(`${c.prompt} ${JSON.stringify(c.args)}`, async () => {
      const text = textOf(await mcp().client.getPrompt({ name: c.prompt, arguments: c.args }));
      expect(namedTools(text)).toEqual(c.tools);
      const calls = writtenCalls(text);
      expect(calls.map((call) => call.tool).sort()).toEqual(Object.keys(c.calls).sort());
      for (const call of calls) {
        expect(call.args).toMatchObject(c.calls[call.tool] ?? {});
        // Detail tools need a key: the anonymous session checks they refuse with the way on, not a bad argument.
        const result = await mcp().client.callTool({ name: call.tool, arguments: call.args });
        if (call.tool.startsWith("get_")) {
          expect(JSON.stringify(result.content)).toContain("account/api-keys");
        } else {
          toolPayload(result);
        }
      }
      // Without a key the detail tools refuse: every prompt that names one names its free resource too.
      if (c.tools.some((tool) => tool.startsWith("get_")))
        expect(text).toMatch(/venue:\/\/(conference|journal)\//);
    });
  }
});

describe("where to submit finds the rounds still to be announced", () => {
  it("its upcoming_deadlines call answers estimated rounds that a submission-date search misses", async () => {
    const text = textOf(
      await mcp().client.getPrompt({ name: "where_to_submit", arguments: { days: "366" } }),
    );
    const [call] = writtenCalls(text).filter((c) => c.tool === "upcoming_deadlines");
    expect(call).toBeDefined();
    const rounds = toolPayload(
      await mcp().client.callTool({ name: "upcoming_deadlines", arguments: call?.args }),
    ) as { deadlines: { short_name: string; next: { estimated: boolean; date: string } }[] };
    const estimated = rounds.deadlines.filter((row) => row.next.estimated);
    expect(estimated.length).toBeGreaterThan(0);
    // The old expansion: a search by submission date over the same window finds none of the estimated venues
    // whose only round ahead is an estimate.
    const [first] = estimated;
    const searched = toolPayload(
      await mcp().client.callTool({
        name: "search_conferences",
        arguments: {
          submission_date_start: first?.next.date,
          submission_date_end: first?.next.date,
          per_page: 100,
        },
      }),
    ) as { conferences: { short_name: string }[] };
    expect(searched.conferences.map((row) => row.short_name)).not.toContain(first?.short_name);
  });
});
