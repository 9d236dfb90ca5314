/**
 * The four prompts: listed with their arguments, expanded into a user message whose tool calls are runnable as
 * written (the arguments in the text are fed back to the tools), with dates worked out from the pinned clock.
 */
import { ErrorCode, type GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { FIXTURE_TODAY } from "../../helpers/snapshot-fixture.ts";
import { mcpSessionForFile, toolPayload } from "./client.ts";

const mcp = mcpSessionForFile();

const textOf = (prompt: GetPromptResult) => {
  expect(prompt.messages).toHaveLength(1);
  const [message] = prompt.messages;
  expect(message?.role).toBe("user");
  return message?.content.type === "text" ? message.content.text : "";
};

/** The JSON arguments the text gives for `tool` ("Call <tool> with {...}"). */
function argumentsFor(text: string, tool: string): Record<string, unknown> {
  const start = text.indexOf(`${tool} with {`);
  expect(start, `${tool} in:\n${text}`).toBeGreaterThanOrEqual(0);
  const from = text.indexOf("{", start);
  for (let end = text.indexOf("}", from); end > 0; end = text.indexOf("}", end + 1)) {
    try {
      return JSON.parse(text.slice(from, end + 1));
    } catch {
      // not the closing brace yet
    }
  }
  throw new Error(`no JSON arguments for ${tool}`);
}

const plusDays = (days: number) =>
  new Date(Date.parse(`${FIXTURE_TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("prompts/list", () => {
  it("offers the four prompts with their arguments", async () => {
    const { prompts } = await mcp().client.listPrompts();
    const shape = prompts.map((p) => ({
      name: p.name,
      args: (p.arguments ?? []).map((a) => `${a.name}${a.required ? "!" : "?"}`),
    }));
    expect(shape).toEqual([
      { name: "upcoming_deadlines", args: ["field?", "system?", "tier?", "days?"] },
      { name: "where_to_submit", args: ["topic?", "field?", "system?", "tier?", "days?"] },
      { name: "venue_snapshot", args: ["venue?", "kind?"] },
      { name: "open_special_issues", args: ["field?", "ccf_rank?", "days?"] },
    ]);
    for (const prompt of prompts) {
      expect(prompt.title, prompt.name).toBeTruthy();
      expect(prompt.description, prompt.name).toBeTruthy();
      for (const arg of prompt.arguments ?? [])
        expect(arg.description, `${prompt.name}.${arg.name}`).toBeTruthy();
    }
  });
});

describe("expansion", () => {
  it("upcoming_deadlines: a dated window and filters the search tool accepts as written", async () => {
    const prompt = await mcp().client.getPrompt({
      name: "upcoming_deadlines",
      arguments: { field: "AI", system: "core", tier: "a*", days: "20" },
    });
    const text = textOf(prompt);
    const args = argumentsFor(text, "upcoming_deadlines tool");
    // One call: announced deadlines and estimates alike, rows cut to what the table shows.
    expect(args).toEqual({
      within_days: 20,
      field: "ai",
      core_rank: "A*",
      estimates: true,
      per_page: 100,
      fields: "short_name,full_name,ranks,detail_page,next,conference,stale",
    });
    expect(text).toContain("get_conference");
    expect(text).toContain("detail_page");
    // The tool takes the arguments as written and answers compact rows.
    const payload = toolPayload(
      await mcp().client.callTool({ name: "upcoming_deadlines", arguments: args }),
    ) as { deadlines: Record<string, unknown>[] };
    expect(payload.deadlines.length).toBeGreaterThan(0);
    for (const row of payload.deadlines)
      expect(Object.keys(row).sort()).toEqual(
        ["conference_id", "short_name", "full_name", "ccf_rank", "core_rank", "qualis_rank", "detail_page"]
          .concat(["next", "conference", "stale"])
          .sort(),
      );
  });

  it("upcoming_deadlines without arguments looks 30 days ahead", async () => {
    const text = textOf(await mcp().client.getPrompt({ name: "upcoming_deadlines", arguments: {} }));
    expect(argumentsFor(text, "upcoming_deadlines tool")).toMatchObject({ within_days: 30, per_page: 100 });
  });

  it("a ranking system without a tier filters by every tier of that system", async () => {
    const text = textOf(
      await mcp().client.getPrompt({ name: "upcoming_deadlines", arguments: { system: "core" } }),
    );
    const args = argumentsFor(text, "upcoming_deadlines tool");
    expect(args).toMatchObject({ core_rank: "A*,A,B,C" });
    expect(args).not.toHaveProperty("ranked_only");
  });

  it("where_to_submit: upcoming deadlines (estimates included) and journal special-issue list, both runnable", async () => {
    const text = textOf(
      await mcp().client.getPrompt({
        name: "where_to_submit",
        arguments: { topic: "graph neural networks", field: "ml", system: "ccf", tier: "A", days: "60" },
      }),
    );
    expect(text).toContain('"graph neural networks"');
    expect(text).not.toContain("search_conferences");
    const conferences = argumentsFor(text, "upcoming_deadlines tool");
    expect(conferences).toMatchObject({ field: "ml", ccf_rank: "A", within_days: 60, estimates: true });
    const journals = argumentsFor(text, "list_journals");
    expect(journals).toEqual({ ranking: "cfp", field: "ml", per_page: 100 });
    expect(text).toContain('ccf_rank "A"');
    for (const [tool, args] of [
      ["upcoming_deadlines", conferences],
      ["list_journals", journals],
    ] as const) {
      toolPayload(await mcp().client.callTool({ name: tool, arguments: args }));
    }
  });

  it("venue_snapshot: an id goes straight to the detail tool, a name through search", async () => {
    const byId = textOf(
      await mcp().client.getPrompt({ name: "venue_snapshot", arguments: { venue: "201" } }),
    );
    expect(argumentsFor(byId, "get_conference")).toEqual({ id: "201" });
    expect(byId).toContain("get_journal");

    const byName = textOf(
      await mcp().client.getPrompt({
        name: "venue_snapshot",
        arguments: { venue: "ICML", kind: "conference" },
      }),
    );
    const search = argumentsFor(byName, "search_conferences");
    expect(search).toEqual({ query: "ICML", per_page: 5 });
    expect(byName).not.toContain("search_journals");
    expect(byName).toContain("get_conference");
    const found = toolPayload(
      await mcp().client.callTool({ name: "search_conferences", arguments: search }),
    ) as {
      conferences: { id: string }[];
    };
    expect(found.conferences[0]?.id).toBe("101");
  });

  it("open_special_issues: the cfp journal list, the deadline bound and the tier", async () => {
    const text = textOf(
      await mcp().client.getPrompt({
        name: "open_special_issues",
        arguments: { field: "se", ccf_rank: "B", days: "45" },
      }),
    );
    expect(argumentsFor(text, "list_journals")).toEqual({ ranking: "cfp", field: "se", per_page: 100 });
    expect(text).toContain(`on or before ${plusDays(45)}`);
    expect(text).toContain('ccf_rank is "B"');
    expect(text).toContain("get_journal");
  });
});

describe("no arguments", () => {
  for (const name of ["upcoming_deadlines", "where_to_submit", "venue_snapshot", "open_special_issues"]) {
    it(`${name} expands with no arguments`, async () => {
      const result = await mcp().client.getPrompt({ name });
      expect(result.messages).toHaveLength(1);
      const text = textOf(result);
      expect(text).toMatch(/(search|list)_(conferences|journals)|the upcoming_deadlines tool/);
      expect(text).not.toContain("undefined");
    });
  }

  it("venue_snapshot without a venue asks for one", async () => {
    const text = textOf(
      await mcp().client.getPrompt({ name: "venue_snapshot", arguments: { kind: "journal" } }),
    );
    expect(text).toContain("Ask me which journal I mean");
    expect(text).toContain("get_journal");
    expect(text).not.toContain("get_conference");
  });
});

describe("bad prompt arguments", () => {
  const BAD: [string, Record<string, string>, RegExp][] = [
    ["upcoming_deadlines", { tier: "A" }, /tier needs system/],
    ["upcoming_deadlines", { system: "ccf", tier: "A*" }, /tier for ccf must be one of A, B, C/],
    ["upcoming_deadlines", { system: "scimago" }, /system must be one of ccf, core, qualis/],
    ["upcoming_deadlines", { days: "0" }, /days must be a whole number from 1 to 366/],
    ["upcoming_deadlines", { days: "soon" }, /days must be a whole number from 1 to 366/],
    ["where_to_submit", { field: "chemistry" }, /field must be one of ai, vision/],
    ["open_special_issues", { ccf_rank: "A*" }, /ccf_rank must be one of A, B, C/],
  ];
  for (const [name, args, message] of BAD) {
    it(`${name} ${JSON.stringify(args)}`, async () => {
      const request = mcp().client.getPrompt({ name, arguments: args });
      await expect(request).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
      await expect(request).rejects.toThrow(message);
    });
  }
});
