/**
 * Redis emptied (FLUSHALL) under two running servers, each with a STATE_DIR of its own as on two machines: within
 * 5 s both refuse metered calls 503 naming the reason, /readyz is 503 naming it, each logs one error line (not one
 * per request) and /metrics shows vd_state_identity_ok 0; the emptied Redis gets no new state id and no new
 * login-token secret. `npm run accounts -- accept-state` on one machine brings both back.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, skipRedis, startRedis } from "../helpers/redis-server.ts";
import { runTs } from "../helpers/run-ts.ts";
import { type ServedFixture, servedFixture } from "../helpers/served-fixture.ts";
import { PROBE_SITE } from "./loopback.ts";
import { type Server, serve, stop } from "./serve-process.ts";

const PREFIX = "ident:";

/** Polls `check` every 100 ms until it holds; returns the ms it took, or throws after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`not within ${ms} ms`);
}

const metric = async (server: Server, name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
};

/** The server's stdout/stderr lines, as JSON where they are. */
function logLines(server: Server): () => Array<Record<string, unknown>> {
  let out = "";
  server.child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(skipRedis)("Redis emptied under two running servers", () => {
  let redis: RedisServer;
  let client: Redis;
  let fixture: ServedFixture;
  const stateDirs: string[] = [];
  const servers: Server[] = [];
  const logs: Array<() => Array<Record<string, unknown>>> = [];
  let key = "";

  const cli = (args: string[], stateDir = stateDirs[0]) =>
    runTs("scripts/accounts.ts", args, {
      env: {
        REDIS_URL: redis.url,
        REDIS_PREFIX: PREFIX,
        STATE_DIR: stateDir,
        SNAPSHOTS_DIR: fixture.snapshotsDir,
      },
      input: "a long enough password\n",
    });

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
    fixture = await servedFixture(PROBE_SITE);
    for (let i = 0; i < 2; i++) {
      const STATE_DIR = await mkdtemp(join(tmpdir(), "vd-identity-"));
      stateDirs.push(STATE_DIR);
      const server = await serve({
        ...fixture.env,
        STATE_DIR,
        REDIS_URL: redis.url,
        REDIS_PREFIX: PREFIX,
        LOG_LEVEL: "info",
        // The fixture snapshot is old; its age is not what this test is about.
        READY_MAX_SNAPSHOT_AGE_HOURS: "0",
      });
      servers.push(server);
      logs.push(logLines(server));
    }
    expect((await cli(["create-user", "--email", "a@example.org", "--password-stdin"])).code).toBe(0);
    const made = await cli(["create-key", "--email", "a@example.org"]);
    key = (JSON.parse(made.stdout) as { key: string }).key;
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await stop(server);
    client?.disconnect();
    await redis?.stop();
    await fixture?.remove();
    for (const dir of stateDirs) await rm(dir, { recursive: true, force: true });
  });

  const keyed = (server: Server) =>
    fetch(`${server.url}/api/conferences`, { headers: { authorization: `Bearer ${key}` } });
  const anonymous = (server: Server) => fetch(`${server.url}/api/conferences`);

  it("refuses metered calls, says why on /readyz, logs once and sets the gauge; accept-state brings both back", async () => {
    for (const server of servers) {
      expect((await keyed(server)).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status, await ready.text()).toBe(200);
      expect(await metric(server, "vd_state_identity_ok")).toBe(1);
    }
    await client.flushall();

    for (const server of servers) {
      const ms = await within(5000, async () => (await fetch(`${server.url}/readyz`)).status === 503);
      console.log(`state identity loss seen by /readyz after ${Math.round(ms)} ms`);
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
        reasons: string[];
        store: string;
      };
      expect(ready.store).toBe("identity lost");
      expect(ready.reasons.join("\n")).toMatch(/state store: the state store is not .*: it was empty/);
      for (const answer of [await keyed(server), await anonymous(server)]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
        const body = (await answer.json()) as { code: number; message: string; request_id: string };
        expect(body.code).toBe(503);
        expect(body.message).toMatch(/was empty.*accept-state/s);
        expect(body.request_id).toBeTruthy();
      }
      const login = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a@example.org", password: "a long enough password" }),
      });
      expect(login.status).toBe(503);
      expect(await metric(server, "vd_state_identity_ok")).toBe(0);
    }
    // Nothing re-initialised in the emptied store: no new state id, no new login-token secret.
    expect(await client.exists(`${PREFIX}setting:state_id`, `${PREFIX}setting:jwt_secret`)).toBe(0);
    // One error line per server, however many requests were refused.
    await sleep(1500);
    for (const lines of logs) {
      const lost = lines().filter((l) => l.level === 50 && /identity lost/.test(String(l.msg)));
      expect(lost).toHaveLength(1);
      expect(String(lost[0]?.reason)).toMatch(/was empty/);
    }

    const accepted = await cli(["accept-state"]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ new_state: true });
    for (const server of servers) {
      await within(5000, async () => (await fetch(`${server.url}/readyz`)).status === 200);
      expect((await anonymous(server)).status).toBe(200);
      // The key went with the emptied store: refused as unknown, not served as if it were there.
      expect((await keyed(server)).status).toBe(401);
      expect(await metric(server, "vd_state_identity_ok")).toBe(1);
    }
    // The second machine followed the accepted state and recorded it for its next start.
    const second = await cli(["list-keys", "--email", "nobody@example.org"], stateDirs[1]);
    expect(second.stderr).not.toMatch(/state store is not/);
  }, 60_000);
});
