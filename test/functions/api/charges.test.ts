/**
 * Charged only for what is answered, over real HTTP against both stores: a 401, a 403 or a 301 costs no quota and
 * spends no paid token; a paid token is spent by its paid answer only (not by an MCP initialize); every MCP method
 * that returns venue data (resources/read of the statistics or a venue, completion of a venue) is metered like its
 * REST twin, while static resources stay free; a paid token with an empty id is no paid token.
 */
import { SignJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mintPaidAccess } from "../../../accounts/auth/paid.ts";
import {
  bearer,
  forEachStore,
  freshIp,
  newAccount,
  PAID_KEY,
  startTestService,
  type TestService,
} from "../../helpers/accounts-service.ts";
import { writeMergedIds } from "../../helpers/merged-ids.ts";
import { FIXTURE_CONFERENCES } from "../../helpers/snapshot-fixture.ts";
import { INITIALIZE, toolCall } from "../mcp/client.ts";

const SURVIVOR = FIXTURE_CONFERENCES[0]?.id as string;
const GONE = "3168910765";

const remaining = (res: Response) => Number(res.headers.get("x-quota-remaining"));

forEachStore((backend) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(await backend.freshState(), { mcp: true });
    writeMergedIds(svc.snapshotsDir, { conferences: { [GONE]: SURVIVOR }, journals: {} });
  });
  afterAll(() => svc.close());

  const mcp = (body: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) =>
    svc.fetch("/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        ...init.headers,
      },
      body: JSON.stringify(body),
      ip: init.ip,
    });
  const paid = (path: string) => mintPaidAccess(PAID_KEY, { path, ttlSeconds: 120, now: svc.clock.now });

  it("an anonymous 401 on a detail endpoint costs nothing, and its header says so", async () => {
    const ip = freshIp();
    const before = remaining(await svc.fetch("/api/statistics", { ip }));
    const refused = await svc.fetch(`/api/conferences/${SURVIVOR}`, { ip });
    expect(refused.status).toBe(401);
    expect(remaining(refused)).toBe(before);
    expect(remaining(await svc.fetch("/api/statistics", { ip }))).toBe(before - 1);
  });

  it("a merged id's 301 costs nothing: following it costs one request", async () => {
    const account = await newAccount(svc.store);
    const first = await svc.fetch("/api/statistics", { headers: bearer(account.key) });
    const moved = await svc.fetch(`/api/conferences/${GONE}`, {
      headers: bearer(account.key),
      redirect: "manual",
    });
    expect(moved.status).toBe(301);
    expect(remaining(moved)).toBe(remaining(first));
    const target = await svc.fetch(`/api/conferences/${GONE}`, { headers: bearer(account.key) });
    expect(target.status).toBe(200);
    expect(remaining(target)).toBe(remaining(first) - 1);
    // Nor is it a use of the key: once the server has stopped (key uses are written in batches), two are counted.
    await svc.restart();
    expect((await svc.store.listApiKeys(account.id))[0]?.usageCount).toBe(2);
  });

  it("a paid token survives a 403 (refused default agent) and a 301, and is spent by its paid answer", async () => {
    const path = `/api/conferences/${SURVIVOR}`;
    const token = await paid(path);
    const foreign = await svc.fetch(path, {
      headers: { "x-paid-access": token, "user-agent": "python-requests/2.32" },
    });
    expect(foreign.status).toBe(403);
    const moved = await svc.fetch(`/api/conferences/${GONE}`, {
      headers: { "x-paid-access": await paid(`/api/conferences/${GONE}`) },
      redirect: "manual",
    });
    expect(moved.status).toBe(301);
    const answered = await svc.json(path, { headers: { "x-paid-access": token } });
    expect(answered.res.status).toBe(200);
    expect(answered.body.data).toHaveProperty("website");
    // Spent now: a replay is no paid request (anonymous on a detail: 401).
    expect((await svc.fetch(path, { headers: { "x-paid-access": token } })).status).toBe(401);
  });

  it("a paid token for /mcp is not spent by initialize, only by the tool call it pays", async () => {
    const token = await paid("/mcp");
    expect((await mcp(INITIALIZE, { headers: { "x-paid-access": token } })).status).toBe(200);
    const call = await mcp(toolCall(2, "get_conference", { id: SURVIVOR }), {
      headers: { "x-paid-access": token },
    });
    const text = JSON.stringify(await call.json());
    expect(text).toContain("website");
    const replay = await mcp(toolCall(3, "get_conference", { id: SURVIVOR }), {
      headers: { "x-paid-access": token },
    });
    expect(JSON.stringify(await replay.json())).not.toContain("website");
  });

  it("meters MCP reads of venue data like their REST twins; static resources stay free", async () => {
    const ip = freshIp();
    const start = remaining(await mcp(INITIALIZE, { ip }));
    const read = (id: number, uri: string) =>
      mcp({ jsonrpc: "2.0", id, method: "resources/read", params: { uri } }, { ip });
    const statistics = await read(2, "venue://statistics");
    expect(statistics.status).toBe(200);
    expect(remaining(statistics)).toBe(start - 1);
    expect(remaining(await read(3, `venue://conference/${SURVIVOR}`))).toBe(start - 2);
    const completion = await mcp(
      {
        jsonrpc: "2.0",
        id: 4,
        method: "completion/complete",
        params: {
          ref: { type: "ref/prompt", name: "venue_snapshot" },
          argument: { name: "venue", value: "IC" },
        },
      },
      { ip },
    );
    expect(remaining(completion)).toBe(start - 3);
    expect(remaining(await read(5, "venue://fields"))).toBe(start - 3);
    const batch = await mcp(
      [
        { jsonrpc: "2.0", id: 6, method: "resources/read", params: { uri: "venue://statistics" } },
        toolCall(7, "get_statistics"),
      ],
      { ip },
    );
    expect(batch.status).toBe(400);
  });

  it("refuses a paid token with an empty id: it is no paid token", async () => {
    const path = `/api/conferences/${SURVIVOR}`;
    const issuedAt = Math.floor(svc.clock.now.getTime() / 1000);
    const emptyId = await new SignJWT({ path })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setJti("")
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 120)
      .sign(new TextEncoder().encode(PAID_KEY));
    expect((await svc.fetch(path, { headers: { "x-paid-access": emptyId } })).status).toBe(401);
  });
});
