/**
 * Open CORS over real HTTP: the API answers a page on any origin, and every answer (success, 401, 402, 429, a
 * refused agent's 403, a preflight) carries what a browser needs to read it; only /mcp checks the Origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpHandler } from "../../../functions/mcp/index.ts";
import { ACCOUNT, BASE_URL, fakeAccess, type Harness, startHarness } from "../api/harness.ts";
import { INITIALIZE } from "../mcp/client.ts";

const FOREIGN = "https://notebook.example.org";
const LISTED = "https://app.example.org:8443";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { ALLOWED_ORIGINS: `${LISTED}, https://other.example` },
    overrides: { access: fakeAccess(3, 1), mcp: createMcpHandler },
  });
});
afterAll(() => h.close());

const fromForeignPage = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  h.get(path, { ...init, headers: { origin: FOREIGN, ...headers } });

/** A browser lets the page read this answer and the headers it needs. */
function expectReadableCrossOrigin(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  const exposed = res.headers.get("access-control-expose-headers") ?? "";
  for (const name of ["X-Quota-Limit", "X-Quota-Remaining", "Retry-After", "X-Request-Id"])
    expect(exposed).toContain(name);
}

describe("the API from a page on another origin", () => {
  it("answers a search, a detail, a 401 and a refused agent's 403 readable cross-origin", async () => {
    const search = await fromForeignPage("/api/conferences?query=icse");
    expect(search.status).toBe(200);
    expect((await search.json()).data.pagination.total).toBeGreaterThan(0);
    expectReadableCrossOrigin(search);

    const unauthorized = await fromForeignPage("/api/conferences/101", { authorization: "Bearer wrong" });
    expect(unauthorized.status).toBe(401);
    expect((await unauthorized.json()).message).toMatch(/invalid credential/);
    expectReadableCrossOrigin(unauthorized);

    const agent = await fromForeignPage("/api/conferences", { "user-agent": "python-requests/2.32" });
    expect(agent.status).toBe(403);
    await agent.text();
    expectReadableCrossOrigin(agent);
  });

  it("answers a used-up quota (429 anonymous, 402 account) readable cross-origin, Retry-After exposed", async () => {
    // The quota is 3 a day; the search above used one.
    for (let i = 0; i < 2; i++) expect((await fromForeignPage("/api/statistics")).status).toBe(200);
    const over = await fromForeignPage("/api/statistics");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await over.json()).code).toBe(429);
    expectReadableCrossOrigin(over);

    await (await fromForeignPage("/api/statistics", ACCOUNT)).text();
    const account = await fromForeignPage("/api/statistics", ACCOUNT);
    expect(account.status).toBe(402);
    await account.text();
    expectReadableCrossOrigin(account);
  });

  it("answers the preflight for an authenticated call from any origin", async () => {
    const res = await fromForeignPage(
      "/api/conferences/101",
      { "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      { method: "OPTIONS" },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });
});

describe("/mcp checks the Origin (DNS-rebinding protection)", () => {
  const initialize = (origin: string) =>
    h.get("/mcp", {
      method: "POST",
      headers: { origin, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(INITIALIZE),
    });

  it("refuses a foreign Origin with 403", async () => {
    const res = await initialize(FOREIGN);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(`Origin "${FOREIGN}" is not allowed on this server`);
  });

  it.each([LISTED, "https://other.example", BASE_URL, "http://127.0.0.1:9999", "http://localhost:4321"])(
    "accepts %s (ALLOWED_ORIGINS, same origin, loopback)",
    async (origin) => {
      const res = await initialize(origin);
      expect(res.status).toBe(200);
      await res.text();
    },
  );

  it("refuses an origin that only shares a listed origin's host", async () => {
    const res = await initialize("http://app.example.org:8443");
    expect(res.status).toBe(403);
    await res.text();
  });
});
