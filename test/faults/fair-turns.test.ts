/**
 * Fair turns and cost-charged per-second limits (functions/edge/fair-turns.ts, rate-limit.ts): one client's
 * requests beyond its turns wait in its own queue while another client's request goes straight in, a full queue
 * is refused 429, and a slow request is charged tokens for the time it took — in memory, and in Redis's shared
 * buckets. Real HTTP from two loopback addresses where it matters.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../accounts/store/index.ts";
import { clientAddress } from "../../functions/edge/client-address.ts";
import { FairTurns, fairTurns } from "../../functions/edge/fair-turns.ts";
import { asChain } from "../../functions/edge/hono-steps.ts";
import { createRateLimiter, type RateLimiter, rateLimit } from "../../functions/edge/rate-limit.ts";
import type { EdgeEnv } from "../../functions/http/request-context.ts";
import { withRedis } from "../helpers/redis-server.ts";
import { ATTACKER, BYSTANDER, send } from "./loopback.ts";

describe("turns of one process", () => {
  it("lets a client's requests in up to its turns, queues the rest in order, and others go straight in", async () => {
    const turns = new FairTurns({ concurrency: 2, queue: 1 });
    const order: string[] = [];
    const a1 = await turns.enter("a");
    const a2 = await turns.enter("a");
    const a3 = turns.enter("a")?.then((leave) => {
      order.push("a3");
      return leave;
    });
    expect(a3).toBeDefined();
    // The queue holds one: the fourth is refused at once.
    expect(turns.enter("a")).toBeNull();
    const b1 = await turns.enter("b");
    order.push("b1");
    expect(order).toEqual(["b1"]);
    a1?.();
    // Leaving twice passes on one turn only.
    a1?.();
    (await a3)?.();
    expect(order).toEqual(["b1", "a3"]);
    a2?.();
    b1?.();
    expect(turns.activeClients).toBe(0);
  });

  it("lets everything in when switched off", async () => {
    const turns = new FairTurns({ concurrency: 0, queue: 0 });
    for (let i = 0; i < 5; i++) expect(turns.enter("a")).not.toBeNull();
  });
});

describe("cost charged to the per-second buckets", () => {
  it("takes a slow request's further tokens after it, below zero if need be", async () => {
    let t = 0;
    const limit = createRateLimiter({ perSecond: 1, burst: 3, now: () => t });
    expect(await limit(null, "10.0.0.1")).toBeNull();
    await limit.charge(null, "10.0.0.1", 5);
    // 2 left, 5 charged: -3, floored at minus the bucket size; 4 s until one token is whole again.
    expect(await limit(null, "10.0.0.1")).toEqual({ retryAfterSeconds: 4 });
    t += 4000;
    expect(await limit(null, "10.0.0.1")).toBeNull();
    // Another address was never charged.
    expect(await limit(null, "10.0.0.2")).toBeNull();
  });

  withRedis((url) => {
    it("charges the buckets every server shares the same way", async () => {
      const store = await openStore({ REDIS_URL: url(), REDIS_PREFIX: `fair-${Date.now()}:` });
      try {
        const shared = store.takeToken?.bind(store);
        expect(shared).toBeDefined();
        const limit = createRateLimiter({ perSecond: 1, burst: 3, shared });
        expect(await limit(null, "10.0.0.1")).toBeNull();
        await limit.charge(null, "10.0.0.1", 5);
        expect((await limit(null, "10.0.0.1"))?.retryAfterSeconds).toBeGreaterThanOrEqual(3);
        // A second server on the same store sees the charge.
        const other = createRateLimiter({ perSecond: 1, burst: 3, shared });
        expect(await other(null, "10.0.0.1")).not.toBeNull();
        expect(await other(null, "10.0.0.2")).toBeNull();
      } finally {
        await store.close();
      }
    });
  });
});

describe("over real HTTP", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** The edge's limit and turns in front of a handler that waits `ms` (query `ms`) before answering. */
  async function server(limiter: RateLimiter, turns: FairTurns): Promise<string> {
    const app = new Hono<EdgeEnv>();
    app.use(
      asChain(
        [clientAddress(0), rateLimit(limiter), fairTurns(turns, limiter)],
        () => new Response("failed", { status: 500 }),
      ),
    );
    app.get("*", async (c) => {
      await sleep(Number(c.req.query("ms") ?? 0));
      return c.text("ok");
    });
    const s = await new Promise<ReturnType<typeof serve>>((done) => {
      const started = serve(
        {
          fetch: (req, env) => app.fetch(req, { remoteAddress: env.incoming.socket.remoteAddress }),
          port: 0,
          hostname: "127.0.0.1",
        },
        () => done(started),
      );
    });
    close = () => new Promise((r) => s.close(() => r()));
    const address = s.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  it("answers another address at once while one address's slow requests wait their turn", async () => {
    const base = await server(
      createRateLimiter({ perSecond: 0, burst: 1 }),
      new FairTurns({ concurrency: 1, queue: 8 }),
    );
    const finished: string[] = [];
    const slow = Array.from({ length: 5 }, (_, i) =>
      send(`${base}/?ms=200`, { from: ATTACKER }).then((a) => {
        finished.push(`attacker ${i}`);
        return a;
      }),
    );
    await sleep(50);
    const bystander = await send(`${base}/`, { from: BYSTANDER });
    finished.push("bystander");
    expect(bystander.status).toBe(200);
    const answers = await Promise.all(slow);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // In before the first slow request was out: it did not wait behind the attacker's queue.
    expect(finished.indexOf("bystander")).toBe(0);
    // One at a time: the last waited for the four before it.
    expect(Math.max(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(900);
  });

  it("refuses 429 past the queue, and charges a slow request's time to its address", async () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 4 });
    const base = await server(limiter, new FairTurns({ concurrency: 1, queue: 1 }));
    const three = await Promise.all([0, 1, 2].map(() => send(`${base}/?ms=150`, { from: ATTACKER })));
    expect(three.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    const refused = three.find((a) => a.status === 429);
    expect(refused?.headers["retry-after"]).toBe("1");
    // Each answer of 150 ms costs its token and one more per 50 ms it took, the refused one its token: the
    // bucket of 4 is spent, for this address only.
    await sleep(20);
    expect((await send(`${base}/`, { from: ATTACKER })).status).toBe(429);
    expect((await send(`${base}/`, { from: BYSTANDER })).status).toBe(200);
  });
});
