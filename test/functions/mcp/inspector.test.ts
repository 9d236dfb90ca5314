/**
 * The MCP Inspector's CLI mode — a client we did not write — against the local server: it lists the ten tools
 * and calls one.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { harnessForFile } from "../api/harness.ts";
import { startMcpHarness } from "./client.ts";

const INSPECTOR = join(
  import.meta.dirname,
  "../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
);

async function inspector(url: string, ...args: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [INSPECTOR, "--cli", `${url}/mcp`, "--transport", "http", ...args],
    {
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout);
}

describe("MCP Inspector CLI against the server", () => {
  const h = harnessForFile(() => startMcpHarness());

  it("lists the ten tools", async () => {
    const listed = await inspector(h.url, "--method", "tools/list");
    expect(listed.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      "get_conference",
      "get_journal",
      "get_researcher",
      "get_statistics",
      "list_conferences",
      "list_journals",
      "search_conferences",
      "search_journals",
      "show_deadline_board",
      "upcoming_deadlines",
    ]);
  });

  it("calls a tool and gets the REST payload", async () => {
    const result = await inspector(
      h.url,
      "--method",
      "tools/call",
      "--tool-name",
      "list_conferences",
      "--tool-arg",
      "ranking=ccf",
      "--tool-arg",
      "per_page=3",
    );
    const rest = await h.json("/api/conferences/rankings/ccf?per_page=3");
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(rest.body.data);
  });
});
