/**
 * MCP with the real account store (startService: SQLite state, API keys, login JWTs, per-account quota): a key or
 * a JWT opens the credentialed tools, one account quota covers REST and MCP, a revoked key is refused.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser, revokeKey } from "../../../accounts/auth/accounts.ts";
import { type RunningService, startService } from "../../../functions/composition-root.ts";
import { createMcpHandler } from "../../../functions/mcp/index.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { type ServedFixture, servedFixture } from "../../helpers/served-fixture.ts";
import { FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";
import { connectMcp, toolPayload } from "./client.ts";

const ACCOUNT_QUOTA = 4;
const EMAIL = "mcp-tests@example.org";
const PASSWORD = "correct horse battery staple";

describe("MCP over the real account store", () => {
  let service: RunningService;
  let url: string;
  let key: string;
  let keyId: string;
  let fixture: ServedFixture | undefined;
  let stateDir: string | undefined;

  beforeAll(async () => {
    fixture = await servedFixture();
    stateDir = await mkdtemp(join(tmpdir(), "vd-mcp-state-"));
    const config = loadConfig({
      ...fixture.env,
      STATE_DIR: stateDir,
      REDIS_URL: "",
      ACCOUNT_DAILY_QUOTA: String(ACCOUNT_QUOTA),
    });
    service = await startService(config, {
      mcp: createMcpHandler,
      clock: () => FIXTURE_NOW,
      logger: silentLogger,
    });
    url = service.server.url;
    await createUser(service.store, { email: EMAIL, password: PASSWORD });
    ({ key, id: keyId } = await createKey(service.store, EMAIL, "mcp tests"));
  });
  afterAll(async () => {
    await service?.close();
    await fixture?.remove();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

  it("an API key and a login JWT share the account's one quota across REST and MCP", async () => {
    const rest = await fetch(`${url}/api/conferences/101`, { headers: bearer(key) });
    expect(rest.status).toBe(200);
    expect(Number(rest.headers.get("x-quota-remaining"))).toBe(ACCOUNT_QUOTA - 1);

    const byKey = await connectMcp(url, bearer(key));
    expect(byKey.answers.every((a) => a.quotaRemaining === ACCOUNT_QUOTA - 1)).toBe(true);
    const detail = toolPayload(
      await byKey.client.callTool({ name: "get_conference", arguments: { id: "101" } }),
    );
    expect(detail).toEqual(((await rest.json()) as { data: unknown }).data);
    expect(byKey.answers.at(-1)?.quotaRemaining).toBe(ACCOUNT_QUOTA - 2);

    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const byToken = await connectMcp(url, bearer(token));
    toolPayload(await byToken.client.callTool({ name: "get_journal", arguments: { id: "201" } }));
    expect(byToken.answers.at(-1)?.quotaRemaining).toBe(ACCOUNT_QUOTA - 3);
    toolPayload(await byKey.client.callTool({ name: "get_statistics", arguments: {} }));
    expect(byKey.answers.at(-1)?.quotaRemaining).toBe(0);

    await expect(byToken.client.callTool({ name: "get_statistics", arguments: {} })).rejects.toThrow(/402/);
    await Promise.all([byKey.close(), byToken.close()]);
  });

  it("a revoked key is refused with 401, on connecting already", async () => {
    await revokeKey(service.store, EMAIL, keyId);
    await expect(connectMcp(url, bearer(key))).rejects.toThrow(/401/);
  });
});
