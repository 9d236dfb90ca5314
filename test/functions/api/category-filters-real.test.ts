/**
 * The lists' categories on the real snapshot, over real HTTP (issue 42): ECOOP, ICFP and FM found under the CCF
 * SE category and CORE's software-engineering code, REST and MCP giving the same rows, every ranked venue carrying
 * its list's categories, an unknown code refused with the allowed ones named, the snapshot's tables holding them,
 * and tools/list within its bound with the values enumerated.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../../functions/app.ts";
import { CCF_CATEGORIES } from "../../../snapshot/records.ts";
import { serveRealSnapshot } from "../../helpers/real-server.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";
import { connectMcp, type McpSession, toolPayload } from "../mcp/client.ts";
import { ACCOUNT } from "./harness.ts";

interface Row {
  id: string;
  short_name: string;
  ccf_rank: string;
  core_rank: string;
  ccf_category: string[];
  core_for: string[];
}

describeOnRealUpstream("category filters on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-categories-");
  let server: RunningServer;
  let mcp: McpSession;

  beforeAll(async () => {
    server = await serveRealSnapshot(real().snapshotsDir, real().dir);
    mcp = await connectMcp(server.url, ACCOUNT);
  });
  afterAll(async () => {
    await mcp?.close();
    await server?.close();
  });

  const envelope = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: ACCOUNT });
    expect(res.status, path).toBe(200);
    return (await res.json()) as { code: number; message: string; data: Record<string, unknown> | null };
  };
  const rest = async (path: string) => {
    const body = await envelope(path);
    expect(body.code, `${path}: ${body.message}`).toBe(200);
    return body.data as Record<string, unknown>;
  };
  const names = (rows: unknown) => (rows as Row[]).map((r) => r.short_name);

  it("finds ECOOP and ICFP under CCF SE and CORE 4612, FM under CCF SE; REST and MCP give the same rows", async () => {
    for (const [args, query] of [
      [
        { ccf_category: "SE", core_rank: "A*,A", per_page: 100 },
        "ccf_category=se&core_rank=A*,A&per_page=100",
      ],
      [{ core_for: "4612", ccf_rank: "A,B", per_page: 100 }, "core_for=4612&ccf_rank=A,B&per_page=100"],
    ] as const) {
      const data = await rest(`/api/conferences?${query}`);
      expect(names(data.conferences)).toEqual(expect.arrayContaining(["ECOOP", "ICFP"]));
      expect(
        await toolPayload(await mcp.client.callTool({ name: "search_conferences", arguments: args })),
      ).toEqual(data);
    }
    // Their precise field is pl, not se: the category is what finds them (docs/research-fields.md).
    const se = await rest("/api/conferences?field=se&core_rank=A*,A&per_page=100");
    expect(names(se.conferences)).not.toContain("ECOOP");
    const fm = (await rest("/api/conferences?query=FM&ccf_category=SE")).conferences as Row[];
    expect(fm.find((r) => r.short_name === "FM")).toMatchObject({ ccf_rank: "A", ccf_category: ["SE"] });
  });

  it("filters the deadline list and the ranking lists the same way over REST and MCP", async () => {
    const deadlines = await rest("/api/deadlines?ccf_category=SE&per_page=100");
    const rows = deadlines.deadlines as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.ccf_category).toContain("SE");
    expect(
      await toolPayload(
        await mcp.client.callTool({
          name: "upcoming_deadlines",
          arguments: { ccf_category: "SE", per_page: 100 },
        }),
      ),
    ).toEqual(deadlines);
    const ranked = await rest("/api/conferences/rankings/ccf?core_for=4612&per_page=100");
    expect((ranked.conferences as Row[]).every((r) => r.core_for.includes("4612"))).toBe(true);
    const journals = await rest("/api/journals/rankings/ccf?ccf_category=SE&per_page=100");
    expect((journals.journals as Row[]).length).toBeGreaterThan(0);
    for (const j of journals.journals as Row[]) expect(j.ccf_category).toContain("SE");
    expect(
      await toolPayload(
        await mcp.client.callTool({
          name: "list_journals",
          arguments: { ranking: "ccf", ccf_category: "SE", per_page: 100 },
        }),
      ),
    ).toEqual(journals);
  });

  it("refuses an unknown category code, naming the allowed ones (REST 400 envelope, MCP tool error)", async () => {
    const body = await envelope("/api/conferences?ccf_category=SE,XX");
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.message).toContain(`ccf_category must be one or more of ${CCF_CATEGORIES.join(", ")}`);
    const deadlines = await envelope("/api/deadlines?core_for=0803");
    expect(deadlines.code).toBe(400);
    expect(deadlines.message).toContain("core_for must be one or more of 46, 4601");
    const tool = await mcp.client.callTool({ name: "search_conferences", arguments: { ccf_category: "XX" } });
    expect(tool.isError).toBe(true);
    expect(JSON.stringify(tool.content)).toContain("ccf_category must be one or more of DS");
  });

  it("gives every CCF-ranked venue its list's category and every CORE-ranked conference with CORE rows its FoR codes", async () => {
    const dir = real().dir;
    const conferences = JSON.parse(await readFile(join(dir, "conferences.json"), "utf8"))
      .conferences as Row[];
    const journals = JSON.parse(await readFile(join(dir, "journals.json"), "utf8")).journals as Row[];
    const details = JSON.parse(await readFile(join(dir, "details.json"), "utf8")) as {
      conferences: {
        id: string;
        core_id: string | null;
        rank_history: { system: string; edition: string }[];
      }[];
    };
    const detail = new Map(details.conferences.map((d) => [d.id, d]));
    // A CCF rank no CCF list names (the reference's alone) has no list row to give a category: the build report
    // lists those, and there are very few.
    const referenceOnly = (r: Row) =>
      detail.get(r.id)?.rank_history.every((h) => h.system !== "CCF" || h.edition.startsWith("reference")) ??
      false;
    const ccfRanked = conferences.filter((r) => r.ccf_rank !== "");
    expect(ccfRanked.length).toBeGreaterThan(300);
    const missing = ccfRanked.filter((r) => r.ccf_category.length === 0);
    expect(missing.every(referenceOnly), missing.map((r) => r.short_name).join(", ")).toBe(true);
    expect(missing.length).toBeLessThanOrEqual(3);
    for (const j of journals.filter((r) => r.ccf_rank !== ""))
      expect(j.ccf_category.length, j.short_name).toBeGreaterThan(0);
    for (const r of conferences.filter((c) => c.ccf_rank === "")) expect(r.ccf_category).toEqual([]);
    // ICORE2026's export carries no FoR codes, and editions before 2020 use the 2008 codes (not carried): a venue
    // with no CORE row of 2020 or later has none to give.
    const inCore2020s = (r: Row) =>
      detail.get(r.id)?.rank_history.some((h) => /^CORE20[2-9]\d$/.test(h.edition)) ?? false;
    const coreRanked = conferences.filter((r) => r.core_rank !== "" && inCore2020s(r));
    expect(coreRanked.length).toBeGreaterThan(500);
    const withoutCodes = coreRanked.filter((r) => r.core_for.length === 0).map((r) => r.short_name);
    expect(withoutCodes).toEqual([]);
    const report = await readFile(join(dir, "build-report.md"), "utf8");
    expect(report).toContain("## List categories");
    expect(report).toMatch(
      /\| SE \| 软件工程\/系统软件\/程序设计语言 \(Software Engineering\/System Software\/Programming Language\) \| \d+ \| \d+ \| ccf2026 \d+/,
    );
    for (const name of missing.map((r) => r.short_name)) expect(report).toContain(name);
  });

  it("publishes the categories as list columns of the CSV, Parquet and DuckDB tables", async () => {
    const dir = real().dir;
    const csvHeader = (await readFile(join(dir, "conferences.csv"), "utf8")).split("\n", 1)[0] ?? "";
    expect(csvHeader.split(",")).toEqual(expect.arrayContaining(["ccf_category", "core_for"]));
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      const parquet = await db.runAndReadAll(
        `SELECT ccf_category FROM '${join(dir, "conferences.parquet")}' WHERE short_name = 'ECOOP'`,
      );
      expect(parquet.getRowObjectsJS()).toEqual([{ ccf_category: ["SE"] }]);
      await db.run(`ATTACH '${join(dir, "venues.duckdb")}' AS venues (READ_ONLY)`);
      const types = await db.runAndReadAll(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE database_name = 'venues' AND column_name IN ('ccf_category', 'core_for') ORDER BY table_name, column_name",
      );
      expect(types.getRowObjectsJS()).toEqual([
        { column_name: "ccf_category", data_type: "VARCHAR[]" },
        { column_name: "core_for", data_type: "VARCHAR[]" },
        { column_name: "ccf_category", data_type: "VARCHAR[]" },
      ]);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it("lists the tools within 15,000 bytes with the rank and category values enumerated", async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const text = await res.text();
    expect(text.length).toBeLessThanOrEqual(15_000);
    const tools = JSON.parse(text).result.tools as {
      name: string;
      inputSchema: { properties: Record<string, { anyOf?: { enum?: string[] }[] }> };
    }[];
    const search = tools.find((t) => t.name === "search_conferences")?.inputSchema.properties ?? {};
    expect(search.ccf_rank?.anyOf?.[0]?.enum).toEqual(["A", "B", "C"]);
    expect(search.core_rank?.anyOf?.[0]?.enum).toEqual(["A*", "A", "B", "C"]);
    expect(search.qualis_rank?.anyOf?.[0]?.enum).toContain("A1");
    expect(search.ccf_category?.anyOf?.[0]?.enum).toEqual([...CCF_CATEGORIES]);
    for (const name of [
      "search_journals",
      "list_journals",
      "upcoming_deadlines",
      "list_conferences",
      "show_deadline_board",
    ])
      expect(
        tools.find((t) => t.name === name)?.inputSchema.properties.ccf_category?.anyOf?.[0]?.enum,
        name,
      ).toEqual([...CCF_CATEGORIES]);
  });
});
