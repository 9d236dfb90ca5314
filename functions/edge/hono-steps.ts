/**
 * The app's adapter of the edge steps (step.ts): each step of the one list (front-door.ts) as Hono middleware, over
 * one EdgeRequest a request made from its context, and the app's onError answering as the lane does.
 */
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import type { AccessControl, Caller } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import type { EdgeEnv, EdgeVariables } from "../http/request-context.ts";
import { failureAnswer } from "./caller-quota.ts";
import { boundedRequest } from "./request-body.ts";
import type { BodyRead, EdgeRequest, EdgeStep } from "./step.ts";

/** The request as the steps see it, read from the Hono context (a class: nothing made per request but the object). */
class HonoRequest implements EdgeRequest {
  readonly method: string;
  readonly path: string;
  readonly remoteAddress: string | undefined;
  readonly sent: Promise<number> | undefined;

  constructor(private readonly c: Context<EdgeEnv>) {
    this.method = c.req.method;
    this.path = c.req.path;
    this.remoteAddress = c.env?.remoteAddress;
    this.sent = c.env?.sent;
  }

  header(name: string): string | undefined {
    return this.c.req.header(name);
  }

  get host(): string {
    return this.c.req.header("host") ?? new URL(this.c.req.url).host;
  }

  get aborted(): boolean {
    return this.c.req.raw.signal.aborted;
  }

  get<K extends keyof EdgeVariables>(key: K): EdgeVariables[K] {
    return this.c.get(key);
  }

  set<K extends keyof EdgeVariables>(key: K, value: EdgeVariables[K]): void {
    this.c.set(key, value);
  }

  caller(access: AccessControl, ip: string): Promise<Caller> {
    return access.resolve(this.c.req.raw, ip);
  }

  async readBody(): Promise<BodyRead> {
    const { c } = this;
    const checked = await boundedRequest(c.req.raw, c.req.path, c.env?.readBody);
    if (!checked.ok) return checked;
    c.req.raw = checked.req;
    return { ok: true, body: checked.body };
  }

  /** A body the Node listener would read is simply never read; any other is cancelled. */
  async discardBody(): Promise<void> {
    if (!this.c.env?.readBody) await this.c.req.raw.body?.cancel().catch(() => {});
  }
}

const edgeRequests = new WeakMap<Context<EdgeEnv>, EdgeRequest>();

/** The request as the steps see it; the same object for every step of one request. */
function edgeRequestOf(c: Context<EdgeEnv>): EdgeRequest {
  let req = edgeRequests.get(c);
  if (!req) {
    req = new HonoRequest(c);
    edgeRequests.set(c, req);
  }
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
    const adjusting = outcome?.after(c.res, req);
    if (adjusting) await adjusting;
  };

/** The app's onError: what failureAnswer says, for the request's path and id. */
export const edgeErrors = (logger: Logger): ErrorHandler<EdgeEnv> => {
  const answerFailure = failureAnswer(logger);
  return (err, c) => answerFailure(err, c.req.path, c.get("requestId") ?? "");
};
