/**
 * The direct path for a plain tools/call (functions/mcp/direct-call.ts) answers exactly as the SDK server does.
 * The twin of each call is the same message as a batch of one: not a plain call, so the SDK server and transport
 * answer it, and for one request they send the single answer, not an array.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../../runtime/logger.ts";
import { ACCOUNT, fakeActivity, type Harness } from "../api/harness.ts";
import { postMcp, startMcpHarness, toolCall } from "./client.ts";

let h: Harness;
const errors: { request_id?: string }[] = [];

beforeAll(async () => {
  const fake = fakeActivity({});
  const activity = {
    ...fake.activity,
    summary: async (kind: "conference" | "journal", id: string) => {
      if (id === "110") throw new Error("activity store exploded: secret-connection-string");
      return fake.activity.summary(kind, id);
    },
  };
  const logger: Logger = { info() {}, warn() {}, error: (details) => errors.push(details as object) };
  h = await startMcpHarness({ overrides: { activity, logger } });
});
afterAll(() => h.close());

/** Status, Content-Type and JSON body of one POST /mcp. */
async function answer(body: unknown, headers: Record<string, string> = {}) {
  const res = await postMcp(h, body, headers);
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
}

const CALLS: [string, ReturnType<typeof toolCall>, Record<string, string>][] = [
  ["a payload", toolCall(3, "get_statistics"), {}],
  ["a search", toolCall(4, "search_conferences", { query: "learning" }), {}],
  ["a list with compact rows", toolCall(5, "list_conferences", { ranking: "cfp", fields: "id" }), {}],
  ["a detail with a key", toolCall(6, "get_conference", { id: "101" }), ACCOUNT],
  ["a tool with its own text", toolCall(7, "show_deadline_board", {}), {}],
  ["a refused argument", toolCall(8, "search_conferences", { per_page: 0 }), {}],
  ["a detail without a credential", toolCall(9, "get_conference", { id: "101" }), {}],
];

describe("a plain tools/call answers as the SDK server does", () => {
  it.each(CALLS)("%s", async (_, call, headers) => {
    const direct = await answer(call, headers);
    const sdk = await answer([call], headers);
    expect(direct).toEqual(sdk);
    expect(direct.status).toBe(200);
    expect(direct.body.id).toBe(call.id);
  });

  it("with a string id and a progress token, as the SDK client sends them", async () => {
    const call = {
      ...toolCall(0, "get_statistics"),
      id: "call-1",
      params: { name: "get_statistics", _meta: { progressToken: 5 } },
    };
    const direct = await answer(call);
    expect(direct).toEqual(await answer([call]));
    expect(direct.body.id).toBe("call-1");
  });

  it("the text twin is the structured content's JSON", async () => {
    const { body } = await answer(toolCall(1, "search_journals", { query: "data" }));
    expect(body.result.structuredContent.journals.length).toBeGreaterThan(0);
    expect(JSON.parse(body.result.content[0].text)).toEqual(body.result.structuredContent);
  });

  it("the same payload asked again is the same answer (the serialised form is reused, not stale)", async () => {
    const first = await answer(toolCall(1, "search_conferences", { query: "learning" }));
    const again = await answer(toolCall(2, "search_conferences", { query: "learning" }));
    expect(again.body).toEqual({ ...first.body, id: 2 });
    const other = await answer(toolCall(3, "search_conferences", { query: "security" }));
    expect(other.body.result.structuredContent).not.toEqual(first.body.result.structuredContent);
  });

  it("a fault is the same JSON-RPC error, with the request id, and is logged", async () => {
    const call = toolCall(11, "get_conference", { id: "110" });
    const direct = await answer(call, ACCOUNT);
    const sdk = await answer([call], ACCOUNT);
    const requestId = (message: string) => /request ([^)]+)\)/.exec(message)?.[1] ?? "";
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({
      jsonrpc: "2.0",
      id: 11,
      error: {
        code: -32603,
        message: `MCP error -32603: internal error (request ${requestId(direct.body.error.message)})`,
      },
    });
    expect(sdk.body.error.message.replace(requestId(sdk.body.error.message), "")).toBe(
      direct.body.error.message.replace(requestId(direct.body.error.message), ""),
    );
    expect(JSON.stringify(direct.body)).not.toContain("exploded");
    expect(errors.map((e) => e.request_id)).toContain(requestId(direct.body.error.message));
  });

  it("to a client that accepts only the event stream, as one SSE event", async () => {
    const res = await postMcp(h, toolCall(12, "get_statistics"), { accept: "text/event-stream" });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const events = (await res.text()).split("\n\n").filter(Boolean);
    expect(events).toHaveLength(1);
    const [kind, data] = (events[0] ?? "").split("\n");
    expect(kind).toBe("event: message");
    expect(JSON.parse(data?.replace(/^data: /, "") ?? "")).toEqual(
      (await answer(toolCall(12, "get_statistics"))).body,
    );
  });
});

describe("what is not a plain call keeps the SDK's own answer", () => {
  it("an unsupported protocol version is refused by the transport", async () => {
    const res = await answer(toolCall(1, "get_statistics"), { "mcp-protocol-version": "1999-01-01" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("Unsupported protocol version");
  });

  it("a Content-Type that is not JSON is refused by the transport", async () => {
    const res = await postMcp(h, toolCall(1, "get_statistics"), { "content-type": "text/plain" });
    expect(res.status).toBe(415);
  });

  it("a message with a key JSON-RPC does not know is invalid", async () => {
    const res = await answer({ ...toolCall(1, "get_statistics"), extra: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32700);
  });

  it("an unknown tool is a protocol error naming the tools", async () => {
    const res = await answer(toolCall(1, "no_such_tool"));
    expect(res.body.error.code).toBe(-32602);
    expect(res.body.error.message).toContain("get_statistics");
  });

  it("arguments that are not an object fail the SDK's request schema", async () => {
    const res = await answer({
      ...toolCall(1, "get_statistics"),
      params: { name: "get_statistics", arguments: [] },
    });
    expect(res.body.error.message).toContain("expected record, received array");
  });
});
