/**
 * POST /mcp as an HTTP endpoint: stateless Streamable HTTP with JSON answers, 405 for GET and DELETE, the edge
 * headers, and one daily quota shared with REST in which only tool calls count.
 */
import { describe, expect, it } from "vitest";
import pkg from "../../../package.json" with { type: "json" };
import { ACCOUNT, fakeAccess, harnessForFile } from "../api/harness.ts";
import { connectMcp, INITIALIZE, postMcp, startMcpHarness, toolCall, toolError } from "./client.ts";

describe("transport", () => {
  const h = harnessForFile(() => startMcpHarness());

  it("initialises statelessly with a JSON answer, the package's name and version, and instructions", async () => {
    const res = await postMcp(h, INITIALIZE);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-quota-limit")).toBe("1000");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json();
    expect(body.result.serverInfo).toMatchObject({ name: pkg.name, version: pkg.version });
    expect(body.result.capabilities).toMatchObject({ tools: {}, prompts: {} });
    const instructions: string = body.result.instructions;
    for (const point of [
      "detail_page",
      "decimal strings",
      "credential",
      "/snapshots/latest/",
      "attribution",
    ]) {
      expect(instructions, point).toContain(point);
    }
  });

  it("answers a request without initialising first: every request stands alone", async () => {
    const res = await postMcp(h, toolCall(7, "get_statistics"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.conferences_total).toBeGreaterThan(0);
  });

  for (const method of ["GET", "DELETE", "PUT"]) {
    it(`${method} /mcp is 405 with Allow: there is no stream to open and no session to end`, async () => {
      const res = await h.get("/mcp", { method, headers: { accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 }, id: null });
    });
  }

  it("a CORS preflight lets browsers send the credential and the MCP headers", async () => {
    const res = await h.get("/mcp", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    const allowed = res.headers.get("access-control-allow-headers")?.toLowerCase() ?? "";
    for (const header of ["authorization", "content-type", "mcp-protocol-version"]) {
      expect(allowed).toContain(header);
    }
  });

  it("refuses a batch of several tool calls (one HTTP request counts as one request)", async () => {
    const res = await postMcp(h, [toolCall(1, "get_statistics"), toolCall(2, "search_conferences")]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: -32600 } });
  });

  it("leaves malformed JSON-RPC to the transport's own answers", async () => {
    const res = await h.get("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: -32700 } });
  });
});

describe("quota shared with REST; only tool calls count", () => {
  const ANON_QUOTA = 6;
  const ACCOUNT_QUOTA = 3;
  const h = harnessForFile(() =>
    startMcpHarness({ overrides: { access: fakeAccess(ANON_QUOTA, ACCOUNT_QUOTA) } }),
  );

  const remaining = (res: Response) => Number(res.headers.get("x-quota-remaining"));

  it("anonymous: REST and MCP draw on one quota; connecting and listing are free; then 429", async () => {
    expect(remaining(await h.get("/api/statistics"))).toBe(ANON_QUOTA - 1);
    // A batch of several tool calls is refused at the edge before it is counted: the listings below still see it.
    const batch = await postMcp(h, [toolCall(1, "get_statistics"), toolCall(2, "search_conferences")]);
    expect(batch.status).toBe(400);

    const mcp = await connectMcp(h.url);
    await mcp.client.listTools();
    await mcp.client.listPrompts();
    await mcp.client.getPrompt({ name: "upcoming_deadlines", arguments: {} });
    expect(mcp.answers.length).toBeGreaterThanOrEqual(5);
    expect(mcp.answers.map((a) => a.quotaRemaining)).toEqual(mcp.answers.map(() => ANON_QUOTA - 1));

    await mcp.client.callTool({ name: "get_statistics", arguments: {} });
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(ANON_QUOTA - 2);
    // A refused argument costs a request, as a REST validation error does.
    toolError(await mcp.client.callTool({ name: "search_conferences", arguments: { per_page: 0 } }));
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(ANON_QUOTA - 3);
    expect(remaining(await h.get("/api/conferences"))).toBe(ANON_QUOTA - 4);
    await mcp.client.callTool({ name: "list_conferences", arguments: { ranking: "cfp" } });
    await mcp.client.callTool({ name: "search_journals", arguments: {} });
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(0);

    await expect(mcp.client.callTool({ name: "get_statistics", arguments: {} })).rejects.toThrow(/429/);
    const refused = await postMcp(h, toolCall(9, "get_statistics"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 429, data: null });
    expect((await h.get("/api/statistics")).status).toBe(429);

    // Out of quota, a client can still connect and read the tool list.
    const late = await connectMcp(h.url);
    expect((await late.client.listTools()).tools).toHaveLength(10);
    await Promise.all([mcp.close(), late.close()]);
  });

  it("account: the same rule with 402 and Retry-After", async () => {
    const mcp = await connectMcp(h.url, ACCOUNT);
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(ACCOUNT_QUOTA);
    await mcp.client.callTool({ name: "get_conference", arguments: { id: "101" } });
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(ACCOUNT_QUOTA - 1);
    expect(remaining(await h.get("/api/conferences/101", { headers: ACCOUNT }))).toBe(ACCOUNT_QUOTA - 2);
    await mcp.client.callTool({ name: "get_journal", arguments: { id: "201" } });
    expect(mcp.answers.at(-1)?.quotaRemaining).toBe(0);
    const refused = await postMcp(h, toolCall(3, "get_conference", { id: "101" }), ACCOUNT);
    expect(refused.status).toBe(402);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await mcp.close();
  });
});
