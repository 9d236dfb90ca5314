/**
 * The one front door (functions/edge/front-door.ts): a list of edge steps run by both adapters, the app's Hono
 * middleware (hono-steps.ts) and the kept-answer lane over node:http (kept-answers.ts). A step put in the list once
 * decorates and refuses on both paths alike; a request whose own headers a step refuses is left to the app.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { asChain } from "../../../functions/edge/hono-steps.ts";
import { type KeptAnswer, keptAnswerLane } from "../../../functions/edge/kept-answers.ts";
import { requestId } from "../../../functions/edge/request-id.ts";
import { after, answer, type EdgeStep } from "../../../functions/edge/step.ts";
import { errorResponse } from "../../../functions/http/envelope.ts";
import type { ConnectionInfo, EdgeEnv } from "../../../functions/http/request-context.ts";
import { nodeListener } from "../../../functions/node-listener.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { createMetrics } from "../../../runtime/metrics.ts";
import { forFile } from "../../helpers/for-file.ts";

const BODY = new TextEncoder().encode('{"kept":true}');
const KEPT: KeptAnswer = { status: 200, headers: { "content-type": "application/json" }, body: [BODY] };

/** Steps of a rule written once: a header on every answer, a refusal by a header, a refusal by state. */
const steps: EdgeStep[] = [
  requestId,
  { run: (req) => after(({ headers }) => headers.set("x-step", `seen ${req.get("requestId")}`)) },
  {
    refuses: (req) => req.header("x-refuse-by-header") !== undefined,
    run: (req) =>
      req.header("x-refuse-by-header") === undefined
        ? undefined
        : answer(errorResponse(418, "refused by its header", req.get("requestId"))),
  },
  {
    run: (req) =>
      req.header("x-refuse-in-order") === undefined
        ? undefined
        : answer(errorResponse(429, "refused in order", req.get("requestId"))),
  },
];

/** Both doors over one list: the app's route says who answered, the lane answers KEPT. */
async function start() {
  const app = new Hono<EdgeEnv>();
  app.use(asChain(steps, () => new Response("failed", { status: 500 })));
  app.get("*", (c) => c.json({ kept: false }));
  const metrics = createMetrics();
  const lane = keptAnswerLane({
    keptAnswer: () => () => KEPT,
    steps,
    failure: () => new Response("failed", { status: 500 }),
    metrics,
  });
  const reached = { app: 0 };
  const toApp = (req: Request, conn?: ConnectionInfo) => {
    reached.app += 1;
    return app.fetch(req, conn);
  };
  const server: Server = createServer(nodeListener(toApp, lane, silentLogger));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, metrics, reached };
}

const door = forFile(start, ({ server }) => new Promise((done) => server.close(done)));

/** A GET of /api/x: without Accept-Encoding the lane takes it, asking for gzip leaves it to the app. */
const ask = (path: "lane" | "app", headers: Record<string, string> = {}) =>
  fetch(`${door().url}/api/x`, {
    headers: { "accept-encoding": path === "lane" ? "identity" : "gzip", ...headers },
  });

describe("one list of edge steps, two doors", () => {
  it("a step's header is on the lane's answer and on the app's", async () => {
    const [lane, app] = [await ask("lane"), await ask("app")];
    expect([await lane.json(), await app.json()]).toEqual([{ kept: true }, { kept: false }]);
    for (const res of [lane, app]) {
      expect(res.headers.get("x-step")).toMatch(/^seen [0-9a-f-]{36}$/);
    }
  });

  it("a refusal in the list's order is answered alike on both paths, by the lane itself", async () => {
    const before = (await door().metrics.keptAnswers.get()).values[0]?.value ?? 0;
    const appBefore = door().reached.app;
    const refused = { "x-refuse-in-order": "1", "x-request-id": "front-door-test" };
    const [lane, app] = [await ask("lane", refused), await ask("app", refused)];
    for (const res of [lane, app]) {
      expect(res.status).toBe(429);
      expect(res.headers.get("x-step")).toBe("seen front-door-test");
      expect(await res.json()).toEqual({
        code: 429,
        message: "refused in order",
        data: null,
        request_id: "front-door-test",
      });
    }
    expect((await door().metrics.keptAnswers.get()).values[0]?.value ?? 0).toBe(before);
    expect(door().reached.app, "only the request asking for gzip reached the app").toBe(appBefore + 1);
  });

  it("a request its own headers refuse is left to the app, which refuses it", async () => {
    const appBefore = door().reached.app;
    const res = await ask("lane", { "x-refuse-by-header": "1" });
    expect(res.status).toBe(418);
    expect(door().reached.app).toBe(appBefore + 1);
    expect(res.headers.get("x-step")).toMatch(/^seen /);
  });
});
