/**
 * "Every response carries X-Quota-Limit and X-Quota-Remaining" (interface spec; docs/api.md, docs/mcp.md), the
 * refusals that come before the caller is known included: a body over the route's limit (413, on /mcp and the
 * login), a login that is not JSON (415), the per-second limit (429) and what Node's parser refuses (431). They
 * read 0: no quota was looked up for them, and nothing was counted. Over real HTTP on loopback.
 */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { servedServiceForFile } from "../../helpers/served-service.ts";

// A burst of 3 lets the per-second limit be reached in a few requests; nothing else here comes near it.
const served = servedServiceForFile(
  "vd-quota-refusals-",
  {},
  { RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: "3" },
);
const UA = { "user-agent": "quota-refusals-test/1.0" };

function quotaHeaders(res: Response): { limit: string | null; remaining: string | null } {
  return { limit: res.headers.get("x-quota-limit"), remaining: res.headers.get("x-quota-remaining") };
}

/** One raw request from its own address in 127.0.0.0/8, so each case has a per-second bucket of its own. */
function post(path: string, from: string, headers: Record<string, string>, body: string): Promise<Response> {
  const { port } = new URL(served().service.server.url);
  return new Promise((done, fail) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "POST", localAddress: from, headers },
      (res) => {
        res.resume();
        res.on("end", () => {
          const h = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === "string") h.set(name, value);
          done(new Response(null, { status: res.statusCode ?? 0, headers: h }));
        });
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

describe("quota headers on refusals made before the caller is known", () => {
  it("a body over 1 MiB on /mcp: 413 with both headers", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(1_100_000) },
    });
    const res = await post(
      "/mcp",
      "127.0.0.11",
      { ...UA, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    );
    expect(res.status).toBe(413);
    expect(quotaHeaders(res)).toEqual({ limit: "0", remaining: "0" });
  });

  it("a login body over 16 KB (413) and a login that is not JSON (415): both headers", async () => {
    const big = await post(
      "/api/login",
      "127.0.0.12",
      { ...UA, "content-type": "application/json" },
      JSON.stringify({ email: "a@example.org", password: "x".repeat(20_000) }),
    );
    expect(big.status).toBe(413);
    expect(quotaHeaders(big)).toEqual({ limit: "0", remaining: "0" });
    const form = await post("/api/login", "127.0.0.12", { ...UA, "content-type": "text/plain" }, "email=a");
    expect(form.status).toBe(415);
    expect(quotaHeaders(form)).toEqual({ limit: "0", remaining: "0" });
  });

  it("the per-second limit (429): both headers, while the answers before it report the real quota", async () => {
    const url = served().service.server.url;
    const answers: Response[] = [];
    for (let i = 0; i < 6; i++) answers.push(await fetch(`${url}/api/openapi.json`, { headers: UA }));
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) expect(quotaHeaders(res)).toEqual({ limit: "0", remaining: "0" });
    const served200 = answers.find((r) => r.status === 200) as Response;
    expect(Number(quotaHeaders(served200).limit)).toBeGreaterThan(0);
  });

  it("a request Node's parser refuses (431): both headers", async () => {
    const res = await fetch(`${served().service.server.url}/api/conferences`, {
      headers: { ...UA, "x-big": "b".repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect(quotaHeaders(res)).toEqual({ limit: "0", remaining: "0" });
  });
});
