/**
 * A JSON-RPC batch of several metered calls on /mcp is refused 400 before anything counts it
 * (functions/edge/mcp-metering.ts), and its quota headers are the caller's own, peeked as a page's are: the
 * anonymous per-address allowance, an account's allowance, never a bare 0 a client could read as "no quota left".
 * Over real HTTP on loopback with the real SQLite store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  freshIp,
  newAccount,
  startTestService,
  type TestService,
} from "../../helpers/accounts-service.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const ANON_QUOTA = 7;
const ACCOUNT_QUOTA = 11;
const tempDir = tempDirsForFile("vd-mcp-batch-");

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService(
    { STATE_DIR: tempDir("state"), REDIS_URL: "" },
    {
      mcp: true,
      env: { ANON_DAILY_QUOTA: String(ANON_QUOTA), ACCOUNT_DAILY_QUOTA: String(ACCOUNT_QUOTA) },
    },
  );
}, 60_000);
afterAll(() => svc?.close());

const toolCall = (id: number, name: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: {} },
});
const BATCH = [toolCall(1, "get_statistics"), toolCall(2, "search_conferences")];

function postMcp(body: unknown, ip: string, headers: Record<string, string> = {}): Promise<Response> {
  return svc.fetch("/mcp", {
    method: "POST",
    ip,
    headers: {
      "user-agent": "mcp-batch-test/1.0",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const quota = (res: Response) => ({
  limit: res.headers.get("x-quota-limit"),
  remaining: res.headers.get("x-quota-remaining"),
});

describe("a refused MCP batch reports the caller's quota", () => {
  it("anonymous: the per-address limit and what is left, nothing counted", async () => {
    const ip = freshIp();
    const one = await postMcp(toolCall(1, "get_statistics"), ip);
    await one.arrayBuffer();
    expect(one.status).toBe(200);
    expect(quota(one)).toEqual({ limit: String(ANON_QUOTA), remaining: String(ANON_QUOTA - 1) });

    const batch = await postMcp(BATCH, ip);
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { code: -32600 } });
    expect(quota(batch)).toEqual({ limit: String(ANON_QUOTA), remaining: String(ANON_QUOTA - 1) });

    // The batch cost nothing: the next call is the second one counted.
    const next = await svc.fetch("/api/statistics", { ip, headers: { "user-agent": "mcp-batch-test/1.0" } });
    await next.arrayBuffer();
    expect(quota(next)).toEqual({ limit: String(ANON_QUOTA), remaining: String(ANON_QUOTA - 2) });
  });

  it("with an API key: the account's limit, private to it", async () => {
    const { key } = await newAccount(svc.store);
    const batch = await postMcp(BATCH, freshIp(), bearer(key));
    expect(batch.status).toBe(400);
    expect(quota(batch)).toEqual({ limit: String(ACCOUNT_QUOTA), remaining: String(ACCOUNT_QUOTA) });
    expect(batch.headers.get("cache-control")).toBe("private, no-store");
  });

  it("with a revoked or unknown key: 401 as on every /mcp request, with the anonymous allowance", async () => {
    const batch = await postMcp(BATCH, freshIp(), bearer("vd_live_not_a_key_of_this_service"));
    expect(batch.status).toBe(401);
    expect(quota(batch)).toEqual({ limit: String(ANON_QUOTA), remaining: String(ANON_QUOTA) });
  });
});
