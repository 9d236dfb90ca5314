/**
 * Leased quota (store/quota-leases.ts) across real server processes (scripts/serve.ts): 1,000 concurrent anonymous
 * requests from one address against ANON_DAILY_QUOTA=200, on one instance, on two processes sharing one SQLite
 * file, and on two instances sharing a throw-away redis-server. Never more than 200 answered, exactly 200 on one
 * instance and at least 190 on two (units left in the other's last block are the only slack); the rest 429, nothing
 * else. Once the servers stop (SIGTERM gives back unused units), the store has charged exactly the answers served.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peekQuota } from "../../../accounts/auth/quota.ts";
import { openStore } from "../../../accounts/store/index.ts";
import { type Server, serve, stopCleanly } from "../../faults/serve-process.ts";
import { withRedis } from "../../helpers/redis-server.ts";
import { type ServedFixture, servedFixture } from "../../helpers/served-fixture.ts";

const QUOTA = 200;
const REQUESTS = 1000;

/** One GET on a kept-alive connection of `agent`; resolves with the status once the body has arrived. */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${url}/api/statistics`, { agent }, (res) => {
      res.on("data", () => {});
      res.once("end", () => done(res.statusCode ?? 0));
      res.once("error", fail);
    });
    req.once("error", fail);
    req.end();
  });
}

/** REQUESTS concurrent requests spread evenly over the servers; counts the statuses. */
async function burst(servers: Server[]): Promise<Map<number, number>> {
  const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: 100 }));
  try {
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const at = i % servers.length;
        return get((servers[at] as Server).url, agents[at] as Agent);
      }),
    );
    const tally = new Map<number, number>();
    for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
    return tally;
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** Requests the store counts against 127.0.0.1 today, read while no server runs. */
async function charged(state: Record<string, string>): Promise<number> {
  const store = await openStore(state);
  try {
    const caller = { kind: "anonymous", ip: "127.0.0.1" } as const;
    const quota = await peekQuota(caller, store, { accountDailyQuota: 1, anonDailyQuota: QUOTA });
    return QUOTA - quota.remaining;
  } finally {
    await store.close();
  }
}

function leasedQuota(name: string, instances: number, freshState: () => Promise<Record<string, string>>) {
  describe(name, () => {
    let fixture: ServedFixture;
    let state: Record<string, string>;
    let servers: Server[] = [];

    beforeAll(async () => {
      fixture = await servedFixture();
      state = await freshState();
    });
    afterAll(async () => {
      for (const server of servers) server.child.kill("SIGKILL");
      await fixture?.remove();
      if (state?.STATE_DIR) await rm(state.STATE_DIR, { recursive: true, force: true });
    });

    it(`answers at most ${QUOTA} of ${REQUESTS} concurrent requests, the rest 429, and charges what it answered`, {
      timeout: 60_000,
    }, async () => {
      const env = {
        ...fixture.env,
        ...state,
        ANON_DAILY_QUOTA: String(QUOTA),
        RATE_LIMIT_PER_SECOND: "0",
        MAX_CONNECTIONS_PER_ADDRESS: "0",
        LOG_LEVEL: "silent",
      };
      servers = await Promise.all(Array.from({ length: instances }, () => serve(env)));
      const tally = await burst(servers);
      for (const server of servers) await stopCleanly(server);
      servers = [];
      const served = tally.get(200) ?? 0;
      const after = await charged(state);
      console.log(
        `leased quota, ${name}: ${JSON.stringify(Object.fromEntries(tally))} of ${REQUESTS}; charged ${after}`,
      );
      expect([...tally.keys()].sort()).toEqual([200, 429]);
      expect(served).toBeLessThanOrEqual(QUOTA);
      if (instances === 1) expect(served).toBe(QUOTA);
      else expect(served).toBeGreaterThanOrEqual(QUOTA - 10);
      expect(after).toBe(served);
    });
  });
}

const sqliteState = async () => ({
  STATE_DIR: await mkdtemp(join(tmpdir(), "vd-leased-quota-")),
  REDIS_URL: "",
});

leasedQuota("one instance (SQLite)", 1, sqliteState);
leasedQuota("two processes on one SQLite file", 2, sqliteState);

withRedis((url) => {
  leasedQuota("two instances on one Redis", 2, async () => ({
    REDIS_URL: url(),
    REDIS_PREFIX: "leased:",
    STATE_DIR: await mkdtemp(join(tmpdir(), "vd-leased-redis-")),
  }));
});
