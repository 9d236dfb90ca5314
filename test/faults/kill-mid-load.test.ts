/**
 * `kill -9` of the server mid-load: the real service (scripts/serve.ts) as a child process under many concurrent
 * metered requests (REST and MCP tool calls) with one API key, killed while they are in flight, then started again
 * on the same state. Requests charged but never answered must not stay charged: after the start-up sweep
 * (RESERVATION_LEASE_MS, small here) the account's count is at most the answers the client got. Each round prints
 * the requests served, refused and lost, and the count before and after the sweep.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../accounts/auth/accounts.ts";
import { peekQuota } from "../../accounts/auth/quota.ts";
import { openStore } from "../../accounts/store/index.ts";
import { bearer, PASSWORD } from "../helpers/accounts-service.ts";
import { withRedis } from "../helpers/redis-server.ts";
import { type ServedFixture, servedFixture } from "../helpers/served-fixture.ts";
import { type Server, serve, stopCleanly } from "./serve-process.ts";

const QUOTA = 100_000;
const CONCURRENCY = 200;
/**
 * The server is killed once this many answers have come back, with CONCURRENCY more in flight: well past the first
 * bursts of a cold server, so the kill falls in steady load.
 */
const KILL_AFTER_SERVED = 700;
/**
 * RESERVATION_LEASE_MS of both servers: short, so the restarted one sweeps what the killed one left (no request here
 * lives that long).
 */
const TEST_LEASE_MS = 1000;

/** Requests counted against the account today, read from the state while no server runs. */
async function counted(state: Record<string, string>, accountId: string): Promise<number> {
  const store = await openStore(state);
  try {
    const caller = { kind: "account", accountId, keyId: null, ip: "127.0.0.1" } as const;
    const quota = await peekQuota(caller, store, { accountDailyQuota: QUOTA, anonDailyQuota: 1 });
    return QUOTA - quota.remaining;
  } finally {
    await store.close();
  }
}

/**
 * A metered request, a REST call or (every other one) an MCP tool call, on a connection of its own that the server
 * closes once it has answered: an answer it sent is then never lost to the connection reset of the kill, which
 * would discard it unread from the client's buffer and make the count ambiguous. Resolves with the status once the
 * whole answer has arrived.
 */
function metered(url: string, key: string, i: number): Promise<number> {
  const mcp = i % 2 === 1;
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: i,
    method: "tools/call",
    params: { name: "get_statistics" },
  });
  const mcpHeaders = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-06-18",
  };
  return new Promise((done, fail) => {
    const req = request(
      `${url}${mcp ? "/mcp" : "/api/conferences"}`,
      { method: mcp ? "POST" : "GET", agent: false, headers: { ...bearer(key), ...(mcp ? mcpHeaders : {}) } },
      (res) => {
        res.on("data", () => {});
        res.once("end", () => done(res.statusCode ?? 0));
        res.once("error", fail);
      },
    );
    req.once("error", fail);
    req.end(mcp ? body : undefined);
  });
}

/** Keeps CONCURRENCY metered requests in flight and `kill -9`s the server mid-load; counts what came back. */
async function loadAndKill(server: Server, key: string) {
  const tally = { served: 0, refused: 0, lost: 0 };
  let killed = false;
  let sent = 0;
  const client = async () => {
    while (!killed) {
      try {
        const status = await metered(server.url, key, sent++);
        if (status === 200) tally.served += 1;
        else tally.refused += 1;
      } catch {
        tally.lost += 1;
      }
      if (!killed && tally.served >= KILL_AFTER_SERVED) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  await server.exited;
  return tally;
}

function killMidLoad(name: string, freshState: () => Promise<Record<string, string>>) {
  describe(name, () => {
    let fixture: ServedFixture;
    let state: Record<string, string>;
    let key: string;
    let accountId: string;
    let running: Server | undefined;

    beforeAll(async () => {
      fixture = await servedFixture();
      state = await freshState();
      const store = await openStore(state);
      try {
        ({ id: accountId } = await createUser(store, { email: "load@example.org", password: PASSWORD }));
        ({ key } = await createKey(store, "load@example.org"));
      } finally {
        await store.close();
      }
    });
    afterAll(async () => {
      running?.child.kill("SIGKILL");
      await fixture?.remove();
      if (state?.STATE_DIR) await rm(state.STATE_DIR, { recursive: true, force: true });
    });

    it("keeps no charge for a request that was never answered", { timeout: 60_000 }, async () => {
      const env = {
        ...fixture.env,
        ...state,
        ACCOUNT_DAILY_QUOTA: String(QUOTA),
        RATE_LIMIT_PER_SECOND: "0",
        LOG_LEVEL: "silent",
        RESERVATION_LEASE_MS: String(TEST_LEASE_MS),
      };
      running = await serve(env);
      const tally = await loadAndKill(running, key);
      const killedAt = Date.now();
      const before = await counted(state, accountId);

      // Started again once the reservations of the killed process are past the lease: the start-up sweep, done
      // before it listens, refunds the requests that process never answered.
      await sleep(killedAt + TEST_LEASE_MS - Date.now());
      running = await serve(env);
      await stopCleanly(running);
      running = undefined;
      const after = await counted(state, accountId);

      console.log(
        `kill -9 mid-load (${name}): served ${tally.served}, refused ${tally.refused}, lost ${tally.lost}; ` +
          `charged before the sweep ${before}, after ${after}; charges kept for requests never answered: ` +
          `${Math.max(0, after - tally.served)}; answers left free (settle not yet written at the kill): ` +
          `${Math.max(0, tally.served - after)}`,
      );
      expect(tally.lost, "killed with requests in flight").toBeGreaterThan(0);
      expect(after, "charged at most the answers sent").toBeLessThanOrEqual(tally.served);
      expect(after, "answers settled before the kill stay charged").toBeGreaterThan(tally.served / 2);
    });
  });
}

killMidLoad("file store (SQLite)", async () => ({
  STATE_DIR: await mkdtemp(join(tmpdir(), "vd-kill-state-")),
  REDIS_URL: "",
}));

withRedis((url) => {
  killMidLoad("redis store", async () => ({
    REDIS_URL: url(),
    REDIS_PREFIX: "kill:",
    STATE_DIR: await mkdtemp(join(tmpdir(), "vd-kill-redis-")),
  }));
});
