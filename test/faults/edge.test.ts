/**
 * The edge under fault, over real HTTP with a controllable quota store behind it: fail closed when use cannot be
 * recorded, bounded bodies (chunked too), per-second limits, refunds for unanswered requests, private caching of
 * credentialed answers, symlinks refused, page views counted once a day. Fast: part of `npm test`.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FairTurns } from "../../functions/edge/fair-turns.ts";
import { frontDoor } from "../../functions/edge/front-door.ts";
import { asChain, edgeErrors } from "../../functions/edge/hono-steps.ts";
import { allowedHostNames } from "../../functions/edge/host-guard.ts";
import { createRateLimiter, type RateLimiter } from "../../functions/edge/rate-limit.ts";
import { siteFiles } from "../../functions/edge/site-files.ts";
import { onceADay } from "../../functions/edge/view-dedup.ts";
import { BODY_LIMITS } from "../../functions/http/body-limits.ts";
import type { EdgeEnv, EdgeHandler } from "../../functions/http/request-context.ts";
import type { AccessControl, Caller, QuotaResult } from "../../read/caller.ts";
import { type Logger, silentLogger } from "../../runtime/logger.ts";
import { createMetrics } from "../../runtime/metrics.ts";

/** A quota store that counts in memory and can be made to fail, like a full disk or a dead Redis, or to hang. */
function faultyAccess(limit: number) {
  const state = { used: 0, refunds: 0, failing: false, hangMs: 0 };
  const check = async () => {
    if (state.hangMs > 0) await new Promise((r) => setTimeout(r, state.hangMs));
    if (state.failing) throw new Error("SQLITE_FULL: database or disk is full");
  };
  const result = (exceeded = false): QuotaResult => ({
    limit,
    remaining: Math.max(0, limit - state.used),
    exceeded: exceeded ? { status: 402, retryAfterSeconds: 60 } : null,
  });
  const access: AccessControl = {
    async resolve(req, ip): Promise<Caller> {
      await check();
      return req.headers.has("authorization")
        ? { kind: "account", accountId: "a1", keyId: null, ip }
        : { kind: "anonymous", ip };
    },
    async consume() {
      await check();
      if (state.used >= limit) return result(true);
      state.used += 1;
      return result();
    },
    async peek() {
      await check();
      return result();
    },
    async refund() {
      await check();
      state.refunds += 1;
      state.used -= 1;
    },
  };
  return { access, state };
}

const errors: object[] = [];
const logger: Logger = { info() {}, warn() {}, error: (details) => errors.push(details) };

/** The server's edge steps (the one list, without compression, fair turns or blocked agents) in front of `inner`. */
function edgeApp(
  options: { access: AccessControl; rateLimit: RateLimiter; logger?: Logger },
  inner: (req: Request) => Response | Promise<Response>,
): EdgeHandler {
  const { access } = options;
  const log = options.logger ?? silentLogger;
  const app = new Hono<EdgeEnv>();
  const steps = frontDoor({
    access,
    logger: log,
    metrics: createMetrics(),
    trustProxyHops: 0,
    rateLimiter: options.rateLimit,
    turns: new FairTurns({ concurrency: 0, queue: 0 }),
    blockedAgents: [],
    allowedHosts: allowedHostNames("http://127.0.0.1"),
    allowedOrigins: [],
  });
  // The list as the app runs it: one middleware (functions/app.ts).
  app.use(asChain(steps, edgeErrors(log)));
  app.all("*", (c) => inner(c.req.raw));
  app.onError(edgeErrors(log));
  return (req, conn) => app.fetch(req, conn);
}

async function listen(handler: EdgeHandler) {
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve(
      {
        fetch: (req, env) => handler(req, { remoteAddress: env.incoming.socket.remoteAddress }),
        port: 0,
        hostname: "127.0.0.1",
      },
      () => done(s),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A body streamed in 64 KiB chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunked(bytes: number): RequestInit {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(65536, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  return { method: "POST", body, duplex: "half" } as RequestInit;
}

describe("edge under fault", () => {
  const { access, state } = faultyAccess(200);
  let server: Awaited<ReturnType<typeof listen>>;
  const served = { count: 0 };

  beforeAll(async () => {
    const inner = async (req: Request) => {
      served.count += 1;
      if (new URL(req.url).pathname === "/api/slow") {
        // Answers once its client has gone (or after 5 s): what a slow query looks like to a client that gave up.
        await new Promise((done) => {
          req.signal.addEventListener("abort", done, { once: true });
          setTimeout(done, 5000);
        });
        return new Response("late");
      }
      const status = /^\/api\/status\/(\d{3})$/.exec(new URL(req.url).pathname)?.[1];
      if (status)
        return new Response("{}", {
          status: Number(status),
          headers: { "content-type": "application/json" },
        });
      const text = req.body ? await req.text() : "";
      return new Response(`ok ${text.length}`, { headers: { "cache-control": "public, max-age=300" } });
    };
    // Generous rate limit here; its own test below uses a tight one.
    server = await listen(
      edgeApp({ access, rateLimit: createRateLimiter({ perSecond: 1000, burst: 5000 }), logger }, inner),
    );
  });
  afterAll(() => server.close());
  beforeEach(() => {
    state.failing = false;
    state.hangMs = 0;
    state.used = 0;
    state.refunds = 0;
    errors.length = 0;
  });

  it("fails closed: a metered call whose use cannot be recorded gets 503 + Retry-After and an error log line", async () => {
    state.failing = true;
    const res = await fetch(`${server.url}/api/conferences`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({
      code: 503,
      message: expect.stringMatching(/cannot be recorded/),
    });
    expect(errors.length).toBeGreaterThan(0);
    // Pages and files never depend on the store.
    const page = await fetch(`${server.url}/conference/101`, { headers: { authorization: "Bearer x" } });
    expect(page.status).toBe(200);
  });

  it("refunds metered requests answered 5xx, 406, 415, 401, 403 or 301, and keeps those answered 2xx/4xx", async () => {
    const quotas: Record<number, number> = {};
    for (const status of [500, 503, 406, 415, 401, 403, 301, 200, 404]) {
      const res = await fetch(`${server.url}/api/status/${status}`, { redirect: "manual" });
      await res.text();
      quotas[status] = Number(res.headers.get("x-quota-remaining"));
    }
    expect(state.refunds).toBe(7);
    expect(state.used).toBe(2);
    // A refunded answer's header already counts the refund.
    expect(quotas[301]).toBe(200);
    expect(quotas[200]).toBe(199);
  });

  it("answers a credentialed page within one store wait (250 ms) when the store hangs, not one per step", async () => {
    state.hangMs = 1000;
    const started = performance.now();
    const page = await fetch(`${server.url}/conference/101`, { headers: { authorization: "Bearer x" } });
    expect(page.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(450);
  });

  it.each([
    ["GET", undefined],
    // A body is read at the edge into a new request, which must still learn that the client went away.
    ["POST", '{"query":"kdd"}'],
  ])("refunds a metered %s whose client went away before the answer", async (method, body) => {
    const refundsBefore = state.refunds;
    const gaveUp = new AbortController();
    const pending = fetch(`${server.url}/api/slow`, { method, body, signal: gaveUp.signal }).catch(
      () => null,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(state.used).toBe(1);
    gaveUp.abort();
    await pending;
    await expect.poll(() => state.refunds, { timeout: 3000 }).toBe(refundsBefore + 1);
    expect(state.used).toBe(0);
  });

  it("keeps the quota exact: 1,000 concurrent against 200 → exactly 200 served", async () => {
    const before = served.count;
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, async () => {
        const res = await fetch(`${server.url}/api/status/200`, { headers: { authorization: "Bearer k" } });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.filter((s) => s === 402)).toHaveLength(800);
    expect(served.count - before).toBe(200);
  });

  it("answers a credential with Cache-Control: private, no-store and Vary: Authorization", async () => {
    const res = await fetch(`${server.url}/about`, { headers: { authorization: "Bearer k" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/Authorization/);
    const anon = await fetch(`${server.url}/about`);
    expect(anon.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("refuses oversized bodies 413 at once, chunked ones included, and never buffers them", async () => {
    const declared = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(BODY_LIMITS.login + 1),
    });
    expect(declared.status).toBe(413);
    const small = await fetch(`${server.url}/mcp`, { method: "POST", body: "x".repeat(1000) });
    expect(await small.text()).toBe("ok 1000");
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${server.url}/mcp`, chunked(8 * 1024 * 1024)).catch(() => null);
      // Either a 413 or the socket closed on an unread upload: never an answer after buffering it all.
      if (res) expect(res.status).toBe(413);
      await res?.arrayBuffer().catch(() => {});
    }
    expect(performance.now() - started).toBeLessThan(20_000);
    // 30 × 8 MiB buffered would add 240 MiB; bounded reading keeps growth far below.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(120 * 1024 * 1024);
  });

  it("takes application/json only on the login", async () => {
    const res = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 415, data: null });
  });
});

describe("per-second limits", () => {
  it("answers 429 with Retry-After once an address's bucket is empty, on pages too", async () => {
    const { access } = faultyAccess(1000);
    const server = await listen(
      edgeApp({ access, rateLimit: createRateLimiter({ perSecond: 1, burst: 5 }) }, () => new Response("ok")),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${server.url}/about`);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      await res.text();
    }
    await server.close();
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("limits per credential as well as per address", async () => {
    let t = 0;
    const limit = createRateLimiter({ perSecond: 1, burst: 2, now: () => t });
    const withKey = "Bearer k";
    expect([
      await limit(withKey, "10.0.0.1"),
      await limit(withKey, "10.0.0.2"),
      await limit(withKey, "10.0.0.3"),
    ]).toEqual([null, null, { retryAfterSeconds: 1 }]);
    t += 1000;
    expect(await limit(withKey, "10.0.0.4")).toBeNull();
  });

  it("falls back to this process's buckets when the shared ones fail or are slow", async () => {
    const failing = createRateLimiter({
      perSecond: 1,
      burst: 1,
      shared: () => Promise.reject(new Error("down")),
    });
    const slow = createRateLimiter({ perSecond: 1, burst: 1, shared: () => new Promise(() => {}) });
    for (const limit of [failing, slow]) {
      expect(await limit(null, "10.0.0.9")).toBeNull();
      expect(await limit(null, "10.0.0.9")).toEqual({ retryAfterSeconds: 1 });
    }
  });
});

describe("static files and page views", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vd-faults-"));
    mkdirSync(join(dir, "site"));
    writeFileSync(join(dir, "site", "about.html"), "<!doctype html><title>About</title>");
    writeFileSync(join(dir, "secret.txt"), "state database");
    symlinkSync("/etc/passwd", join(dir, "site", "passwd.txt"));
    symlinkSync(join(dir, "secret.txt"), join(dir, "site", "state.html"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a planted symlink that leads out of the site folder", async () => {
    const site = siteFiles(join(dir, "site"));
    const get = (path: string) => site(new Request(`http://x${path}`), path);
    expect((await get("/about"))?.status).toBe(200);
    expect(await get("/passwd.txt")).toBeNull();
    expect(await get("/state")).toBeNull();
  });

  it("counts a page view once per address, venue and UTC day", () => {
    let now = new Date("2026-11-24T10:00:00Z");
    const first = onceADay(() => now);
    expect([
      first("1.2.3.4|conference|1"),
      first("1.2.3.4|conference|1"),
      first("5.6.7.8|conference|1"),
    ]).toEqual([true, false, true]);
    now = new Date("2026-11-25T00:00:01Z");
    expect(first("1.2.3.4|conference|1")).toBe(true);
  });
});
