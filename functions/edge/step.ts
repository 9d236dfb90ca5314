/**
 * What one edge step is: a plain function over a small request shape that refuses (answers in place of the rest),
 * continues, or continues and then adjusts or records the answer. The steps are written once, in the one ordered
 * list (front-door.ts); the app runs them as Hono middleware (hono-steps.ts) and the kept-answer lane runs them
 * over node:http (kept-answers.ts), each adapter filling in this shape from its own request. A step answers at once
 * when it can and returns a promise only when it has to wait (the store, a turn, a body): both adapters await only
 * promises, as a pass through fifteen steps is most of what a kept answer costs.
 */
import type { AccessControl, Caller } from "../../read/caller.ts";
import type { EdgeVariables } from "../http/request-context.ts";

/** An answer's headers as the steps touch them: web Headers are one, the lane's header map another. */
export type HeaderMap = Pick<Headers, "get" | "set" | "has" | "delete">;

/** The answer the steps inside gave (or a refusal), as the outer steps see it on its way out. */
export interface EdgeAnswer {
  readonly status: number;
  readonly headers: HeaderMap;
}

/** A body read under the route's limit (request-body.ts), or why it is refused. */
export type BodyRead =
  /** `body`: the bytes read, undefined for a request without a body. */
  | { ok: true; body: Uint8Array | undefined }
  | { ok: false; status: 400 | 413 | 415; message: string; headers?: Record<string, string> };

export interface EdgeRequest {
  readonly method: string;
  /** The path as routed (Hono's c.req.path). */
  readonly path: string;
  /** A request header as the web Request reads it: every value sent, joined by ", "; undefined when not sent. */
  header(name: string): string | undefined;
  /** The Host the request names (on a host that sends none, its URL's). */
  readonly host: string;
  /** The socket's peer address; undefined on a host without one (serverless). */
  readonly remoteAddress: string | undefined;
  /** Settles with the bytes the answer wrote to the connection once it is out; undefined without a connection. */
  readonly sent: Promise<number> | undefined;
  /** Whether the client went away. */
  readonly aborted: boolean;
  get<K extends keyof EdgeVariables>(key: K): EdgeVariables[K];
  set<K extends keyof EdgeVariables>(key: K, value: EdgeVariables[K]): void;
  /** The caller its credential names (AccessControl.resolve, which reads a web Request); at once without one to check. */
  caller(access: AccessControl, ip: string): Caller | Promise<Caller>;
  /** Reads the body under the route's limit (at most once, by the body step); at once when there is none to wait for. */
  readBody(): BodyRead | Promise<BodyRead>;
  /** Drops a body nothing will read (a refusal before the body step). */
  discardBody(): Promise<void>;
}

/**
 * Adjusts or records the answer on its way out (innermost step first, as middleware unwinds). Handed the request
 * too, so a step that keeps nothing of its own per request returns one function made once.
 */
export type AfterAnswer = (answer: EdgeAnswer, req: EdgeRequest) => void | Promise<void>;

/** Nothing: go on. `answer`: answer this instead of going on. `after`: go on, then see the answer. */
export type StepOutcome = undefined | { answer: Response } | { after: AfterAnswer };

export interface EdgeStep {
  run(req: EdgeRequest): StepOutcome | Promise<StepOutcome>;
  /**
   * Whether the request's own headers earn it this step's refusal, whatever came before: the lane leaves such a
   * request to the app untouched (the HTTP layer refuses some of them, a Host it cannot parse, before any step).
   */
  refuses?(req: EdgeRequest): boolean;
}

export const answer = (res: Response): StepOutcome => ({ answer: res });
export const after = (then: AfterAnswer): StepOutcome => ({ after: then });

/**
 * Runs `steps` in order over `req` until one answers: that answer (the steps after it are not run), or null when
 * every step went on. The after-code of the steps that went on is pushed to `afters`, outermost first. Both doors
 * run the list through here; each answers a step that throws its own way.
 */
export async function runSteps(
  steps: readonly EdgeStep[],
  req: EdgeRequest,
  afters: AfterAnswer[],
): Promise<Response | null> {
  for (const step of steps) {
    // Awaited only when it is a promise: most steps answer at once.
    const running = step.run(req);
    const outcome = running instanceof Promise ? await running : running;
    if (outcome === undefined) continue;
    if ("answer" in outcome) return outcome.answer;
    afters.push(outcome.after);
  }
  return null;
}

/** `then` of a value at once, or of a promise once it settles: what lets a step wait only when it has to. */
export const whenSettled = <T, R>(
  value: T | Promise<T>,
  then: (settled: T) => R | Promise<R>,
): R | Promise<R> => (value instanceof Promise ? value.then(then) : then(value));
