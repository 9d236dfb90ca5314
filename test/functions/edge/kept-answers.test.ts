/**
 * The one front door on the real server: the kept-answer lane (functions/edge/kept-answers.ts) and the app run the
 * same edge steps (functions/edge/front-door.ts), so an anonymous GET asked again inside API_ANSWER_WINDOW_MS,
 * without compression, gets from the lane the status, headers, body, quota, limits and log line the app gives the
 * same request. `vd_kept_answers_total` tells which one answered.
 */
import { describe, expect, it } from "vitest";
import type { Logger } from "../../../runtime/logger.ts";
import { createMetrics } from "../../../runtime/metrics.ts";
import { type Envelope, type Harness, harnessForFile, startHarness } from "../api/harness.ts";

/** Asks for no compression (fetch asks for gzip by default) and names the client. */
const PLAIN = { "accept-encoding": "identity", "user-agent": "kept-answers-test/1.0" };

/** Log lines of the server, as objects. */
function recordingLogger(lines: Record<string, unknown>[]): Logger {
  const keep = (details: object, msg?: string) => lines.push({ ...details, msg });
  return { info: keep, warn: keep, error: keep };
}

/** The server's metrics, read without a request (which the limits would count). */
const metrics = createMetrics();
const keptCount = async () => (await metrics.keptAnswers.get()).values[0]?.value ?? 0;

/** A server for the describe block it is called in: answers kept a minute, metrics counted into `metrics`. */
const laneServer = (env: Record<string, string>, logger?: Logger) =>
  harnessForFile(() =>
    startHarness({
      env: { API_ANSWER_WINDOW_MS: "60000", ...env },
      overrides: { metrics, ...(logger ? { logger } : {}) },
    }),
  );

/** `n` plain GETs of the statistics, one after the other. */
async function askStatistics(h: Harness, n: number): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < n; i++) answers.push(await h.get("/api/statistics", { headers: PLAIN }));
  return answers;
}

/** What two answers to the same request must share: every header but the request's own, and the body. */
async function comparable(res: Response) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !["x-request-id", "x-quota-remaining", "date"].includes(name)),
  );
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Envelope) : null;
  return { status: res.status, headers, data: body?.data ?? null, requestIdInBody: body?.request_id };
}

describe("the kept-answer lane", () => {
  const lines: Record<string, unknown>[] = [];
  const h = laneServer({ ANON_DAILY_QUOTA: "100000", TRUST_PROXY: "1" }, recordingLogger(lines));

  it("answers a repeated GET from the kept bytes with the app's status, headers and body", async () => {
    const before = await keptCount();
    const headers = { ...PLAIN, "x-forwarded-for": "10.9.0.1" };
    const fromApp = await h.get("/api/statistics?full=false", { headers });
    const fromLane = await h.get("/api/statistics?full=false", { headers });
    expect(await keptCount()).toBe(before + 1);
    const [a, b] = [await comparable(fromApp), await comparable(fromLane)];
    expect(b).toEqual({ ...a, requestIdInBody: fromLane.headers.get("x-request-id") });
    expect(a.requestIdInBody).toBe(fromApp.headers.get("x-request-id"));
    expect(fromLane.headers.get("content-length")).toBe(fromApp.headers.get("content-length"));
    // Charged to the same client (X-Forwarded-For believed one hop), once each.
    const left = (res: Response) => Number(res.headers.get("x-quota-remaining"));
    expect(left(fromLane)).toBe(left(fromApp) - 1);
    const other = await h.get("/api/statistics?full=false", {
      headers: { ...PLAIN, "x-forwarded-for": "10.9.0.2" },
    });
    expect(left(other)).toBe(left(fromApp));
  });

  it("answers 304 to If-None-Match naming the kept ETag, charged, and logs it as the app would", async () => {
    const first = await h.get("/api/conferences?query=learning", { headers: PLAIN });
    const etag = first.headers.get("etag") ?? "";
    const before = await keptCount();
    const conditional = { ...PLAIN, "if-none-match": etag };
    const revalidated = await h.get("/api/conferences?query=learning", { headers: conditional });
    expect(await keptCount()).toBe(before + 1);
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("vary")).toBe("Authorization, X-Paid-Access");
    expect(Number(revalidated.headers.get("x-quota-remaining"))).toBe(
      Number(first.headers.get("x-quota-remaining")) - 1,
    );
    await new Promise((r) => setTimeout(r, 50));
    const logged = (res: Response) => lines.find((l) => l.request_id === res.headers.get("x-request-id"));
    const { request_id: _a, ms: _b, bytes: _c, status, ...lane } = logged(revalidated) ?? {};
    const { request_id: _d, ms: _e, bytes: _f, status: firstStatus, ...app } = logged(first) ?? {};
    expect([status, firstStatus]).toEqual([304, 200]);
    expect(lane).toEqual(app);
    expect(lane.caller).toEqual({ kind: "anonymous" });
  });

  it("leaves to the app what it does not answer: compression, credentials, HEAD, another query, a foreign Host", async () => {
    await h.get("/api/statistics", { headers: PLAIN });
    const before = await keptCount();
    const compressed = await h.get("/api/statistics", { headers: { "user-agent": "kept-answers-test/1.0" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    const keyed = await h.get("/api/statistics", { headers: { ...PLAIN, authorization: "Bearer nope" } });
    expect(keyed.status).toBe(401);
    const head = await h.get("/api/statistics", { method: "HEAD", headers: PLAIN });
    expect(head.status).toBe(200);
    expect((await h.get("/api/statistics?x=1", { headers: PLAIN })).status).toBe(200);
    const refusedAgent = await h.get("/api/statistics", {
      headers: { ...PLAIN, "user-agent": "python-requests/2.32" },
    });
    expect(refusedAgent.status).toBe(403);
    expect(await keptCount()).toBe(before);
  });
});

describe("the kept-answer lane at the limits", () => {
  const h = laneServer({ ANON_DAILY_QUOTA: "3", RATE_LIMIT_PER_SECOND: "0" });

  it("serves no more than the daily quota, and refuses past it with the app's 429", async () => {
    const before = await keptCount();
    const answers = await askStatistics(h, 5);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.map((r) => r.headers.get("x-quota-remaining"))).toEqual(["2", "1", "0", "0", "0"]);
    expect(await keptCount()).toBe(before + 2);
    const refused = (await answers[3]?.json()) as Envelope;
    expect(refused.message).toMatch(/^anonymous daily quota of 3 requests used up/);
    expect(answers[3]?.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("the kept-answer lane and the per-second limit", () => {
  const h = laneServer({ RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: "2" });

  it("takes one token per request, and an empty bucket refuses with the app's 429", async () => {
    // The statistics made beforehand, off HTTP: no request below is slow enough to cost more than its token.
    await h.server.query.statistics();
    const before = await keptCount();
    expect((await askStatistics(h, 3)).map((r) => r.status)).toEqual([200, 200, 429]);
    expect(await keptCount()).toBe(before + 1);
    expect((await metrics.refusals.get()).values).toContainEqual(
      expect.objectContaining({ labels: { reason: "per_second" }, value: 1 }),
    );
  });
});
