/**
 * The SDK's own MCP client over HTTP against a running test server, plus a log of every HTTP answer it got (for
 * the quota headers), and a REST counterpart to compare payloads with.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { createMcpHandler } from "../../../functions/mcp/index.ts";
import { forFile } from "../../helpers/for-file.ts";
import {
  fakeAccess,
  fakeResearchers,
  type Harness,
  type HarnessOptions,
  startHarness,
} from "../api/harness.ts";

export interface HttpAnswer {
  method: string;
  status: number;
  quotaRemaining: number;
}

export interface McpSession {
  client: Client;
  /** Every HTTP answer the client received, in order. */
  answers: HttpAnswer[];
  close(): Promise<void>;
}

export async function connectMcp(baseUrl: string, headers: Record<string, string> = {}): Promise<McpSession> {
  const answers: HttpAnswer[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      answers.push({
        method: init?.method ?? "GET",
        status: res.status,
        quotaRemaining: Number(res.headers.get("x-quota-remaining")),
      });
      return res;
    },
  });
  const client = new Client({ name: "venue-directory-tests", version: "1.0.0" });
  await client.connect(transport);
  // With the tool list cached, the client checks every structured result against the tool's outputSchema.
  await client.listTools();
  return { client, answers, close: () => client.close() };
}

/** A server with the MCP endpoint, the access double ("Bearer account-key", X-Paid-Access "paid-ok") and r1. */
export function startMcpHarness(options: HarnessOptions = {}): Promise<Harness> {
  return startHarness({
    ...options,
    overrides: {
      mcp: createMcpHandler,
      access: fakeAccess(),
      researchers: fakeResearchers,
      ...options.overrides,
    },
  });
}

/**
 * A harness with the MCP endpoint for the tests of a file, and one MCP session per named header set (e.g.
 * `{ anonymous: {}, account: ACCOUNT }`); call the returned function inside a test or a later beforeAll.
 */
export function mcpSessionsForFile<const K extends string>(
  headers: Record<K, Record<string, string>>,
  options: HarnessOptions = {},
): () => { h: Harness; sessions: Record<K, McpSession> } {
  const closeAll = async (h: Harness, sessions: McpSession[]) => {
    for (const session of sessions) await session.close();
    await h.close();
  };
  return forFile(
    async () => {
      const h = await startMcpHarness(options);
      const opened: [K, McpSession][] = [];
      try {
        for (const [name, set] of Object.entries(headers) as [K, Record<string, string>][]) {
          opened.push([name, await connectMcp(h.url, set)]);
        }
      } catch (err) {
        await closeAll(
          h,
          opened.map(([, session]) => session),
        );
        throw err;
      }
      return { h, sessions: Object.fromEntries(opened) as Record<K, McpSession> };
    },
    ({ h, sessions }) => closeAll(h, Object.values(sessions)),
  );
}

/** An MCP session on its own harness for the tests of a file; call the returned function inside a test. */
export function mcpSessionForFile(): () => McpSession {
  const opened = mcpSessionsForFile({ mcp: {} });
  return () => opened().sessions.mcp;
}

/** The `data` of a successful REST answer. */
export async function restData(h: Harness, path: string, headers: Record<string, string> = {}) {
  const { res, body } = await h.json(path, { headers });
  expect(res.status, path).toBe(200);
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** The text of a tool error (and that it is one). */
export function toolError(result: CallToolResult | unknown): string {
  const r = result as CallToolResult;
  expect(r.isError, JSON.stringify(r)).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  const [first] = r.content;
  return first?.type === "text" ? first.text : "";
}

/** The payload of a successful tool call, after checking the text content carries the same JSON. */
export function toolPayload(result: CallToolResult | unknown): unknown {
  const r = result as CallToolResult;
  expect(r.isError ?? false, JSON.stringify(r.content)).toBe(false);
  const [first] = r.content;
  expect(first?.type).toBe("text");
  expect(JSON.parse(first?.type === "text" ? first.text : "null")).toEqual(r.structuredContent);
  return r.structuredContent;
}

/** A raw JSON-RPC POST to /mcp, as a client would send it after initialising. */
export function postMcp(h: Harness, body: unknown, headers: Record<string, string> = {}) {
  return h.get("/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw-test", version: "1.0.0" },
  },
};

export const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
