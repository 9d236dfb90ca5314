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
import { type AfterAnswer, type BodyRead, type EdgeRequest, type EdgeStep, runSteps } from "./step.ts";

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

/**
 * The whole list as one middleware, in order: a refusal answers in place of the rest, and every step that went on
 * sees the answer on its way out, innermost first, as fifteen middlewares did, without a dispatch and a context
 * lookup each (a keyed request's edge cost). A step that throws, going in or out, is answered by `onError` there, so
 * the steps outside it still see that answer (and log it), as Hono's chain does at each level.
 */
export const asChain =
  (steps: readonly EdgeStep[], onError: ErrorHandler<EdgeEnv>): MiddlewareHandler<EdgeEnv> =>
  async (c, next) => {
    const req = new HonoRequest(c);
    const afters: AfterAnswer[] = [];
    let refused: Response | null;
    try {
      refused = await runSteps(steps, req, afters);
    } catch (err) {
      refused = await onError(err as Error, c);
    }
    if (refused) c.res = refused;
    else await next();
    for (let i = afters.length - 1; i >= 0; i--) {
      try {
        const adjusting = afters[i]?.(c.res, req);
        if (adjusting) await adjusting;
      } catch (err) {
        c.res = await onError(err as Error, c);
      }
    }
    return c.res;
  };

/** The app's onError: what failureAnswer says, for the request's path and id. */
export const edgeErrors = (logger: Logger): ErrorHandler<EdgeEnv> => {
  const answerFailure = failureAnswer(logger);
  return (err, c) => answerFailure(err, c.req.path, c.get("requestId") ?? "");
};
