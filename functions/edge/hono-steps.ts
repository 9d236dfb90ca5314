/**
 * The app's adapter of the edge steps (step.ts): each step of the one list (front-door.ts) as Hono middleware, over
 * one EdgeRequest a request made from its context, and the app's onError answering as the lane does.
 */
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import type { Logger } from "../../runtime/logger.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import { failureAnswer } from "./caller-quota.ts";
import { boundedRequest } from "./request-body.ts";
import type { EdgeRequest, EdgeStep } from "./step.ts";

const edgeRequests = new WeakMap<Context<EdgeEnv>, EdgeRequest>();

/** The request as the steps see it; the same object for every step of one request. */
function edgeRequestOf(c: Context<EdgeEnv>): EdgeRequest {
  const known = edgeRequests.get(c);
  if (known) return known;
  const req: EdgeRequest = {
    method: c.req.method,
    path: c.req.path,
    header: (name) => c.req.header(name),
    get host() {
      return c.req.header("host") ?? new URL(c.req.url).host;
    },
    remoteAddress: c.env?.remoteAddress,
    sent: c.env?.sent,
    get aborted() {
      return c.req.raw.signal.aborted;
    },
    get: (key) => c.get(key),
    set: (key, value) => c.set(key, value),
    caller: (access, ip) => access.resolve(c.req.raw, ip),
    async readBody() {
      const checked = await boundedRequest(c.req.raw, c.req.path, c.env?.readBody);
      if (!checked.ok) return checked;
      c.req.raw = checked.req;
      return { ok: true, body: checked.body };
    },
    // A body the Node listener would read is simply never read; any other is cancelled.
    discardBody: async () => {
      if (!c.env?.readBody) await c.req.raw.body?.cancel().catch(() => {});
    },
  };
  edgeRequests.set(c, req);
  return req;
}

export const asMiddleware =
  (step: EdgeStep): MiddlewareHandler<EdgeEnv> =>
  async (c, next) => {
    const req = edgeRequestOf(c);
    // Awaited only when it is a promise: most steps answer at once.
    const running = step.run(req);
    const outcome = running instanceof Promise ? await running : running;
    if (outcome && "answer" in outcome) return outcome.answer;
    await next();
    if (outcome) await outcome.after(c.res, req);
  };

/** The app's onError: what failureAnswer says, for the request's path and id. */
export const edgeErrors = (logger: Logger): ErrorHandler<EdgeEnv> => {
  const answerFailure = failureAnswer(logger);
  return (err, c) => answerFailure(err, c.req.path, c.get("requestId") ?? "");
};
