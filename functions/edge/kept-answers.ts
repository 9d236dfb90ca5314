/**
 * The kept-answer lane: an anonymous GET of /api whose answer the API still keeps (api/answers.ts,
 * API_ANSWER_WINDOW_MS) is answered straight from node:http, without the web Request/Response bridge, which costs
 * several times the answer itself (bench/README.md, "The fixed cost of a request"). It runs the app's own edge steps
 * (front-door.ts) over node:http; this module is only their adapter: the request they read, the answer they adjust
 * (the kept one, or a step's refusal), and the write.
 *
 * Everything else goes to the app (functions/app.ts): another method or path, a credential, a body, an accepted
 * compression, a percent-encoded path, no kept answer, and a request whose own headers a step refuses (step.ts
 * `refuses`: the HTTP layer answers some of those, a Host it cannot parse, before any step).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AccessControl, Caller } from "../../read/caller.ts";
import type { Metrics } from "../../runtime/metrics.ts";
import type { EdgeVariables } from "../http/request-context.ts";
import { bytesSent } from "./access-log.ts";
import { chooseEncoding, varyByEncoding } from "./compression.ts";
import {
  type AfterAnswer,
  type BodyRead,
  type EdgeRequest,
  type EdgeStep,
  type HeaderMap,
  runSteps,
} from "./step.ts";

/** A kept answer as the API would send it: its own headers (ETag, caching, type) and body (null for 304). */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  /** Written one after the other. */
  body: readonly Uint8Array[] | null;
}

/**
 * The API's kept answer to `key` (path and query string as sent): null, or its maker for a request id and
 * If-None-Match, called once the request is admitted.
 */
export type KeptAnswers = (key: string) => KeptAnswerMaker | null;

type KeptAnswerMaker = (requestId: string, ifNoneMatch: string | undefined) => KeptAnswer;

export interface KeptAnswerLaneDeps {
  keptAnswer: KeptAnswers;
  /** The app's edge steps, the same list (front-door.ts). */
  steps: readonly EdgeStep[];
  /** What a throwing step is answered (caller-quota.ts failureAnswer), as the app's onError does. */
  failure: (err: unknown, path: string, requestId: string) => Response;
  metrics: Metrics;
}

/** Answers the request (settling once it is written), or returns false having done nothing: the app answers it. */
export type KeptAnswerLane = (incoming: IncomingMessage, outgoing: ServerResponse) => false | Promise<void>;

/**
 * A request header as the app's web Request reads it: every value sent, joined by ", ". Read from the raw
 * headers, as node:http keeps only the first of a repeated Host (where the app sees both, and refuses them).
 */
const header = (incoming: IncomingMessage, name: string): string | undefined => {
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.length === name.length && raw[i]?.toLowerCase() === name) {
      value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
  }
  return value;
};

/** Only these requests can have a kept answer the lane may send as it is. */
function isPlainAnonymousGet(incoming: IncomingMessage): boolean {
  const h = incoming.headers;
  return (
    incoming.method === "GET" &&
    h.authorization === undefined &&
    h["x-paid-access"] === undefined &&
    (h["content-length"] === undefined || h["content-length"] === "0") &&
    h["transfer-encoding"] === undefined &&
    chooseEncoding(h["accept-encoding"] ?? null) === null
  );
}

/** An answer's headers as a plain record, as node:http writes them. */
class HeaderRecord implements HeaderMap {
  constructor(readonly fields: Record<string, string>) {}
  get(name: string): string | null {
    return this.fields[name.toLowerCase()] ?? null;
  }
  set(name: string, value: string): void {
    this.fields[name.toLowerCase()] = value;
  }
  has(name: string): boolean {
    return Object.hasOwn(this.fields, name.toLowerCase());
  }
  delete(name: string): void {
    delete this.fields[name.toLowerCase()];
  }
}

interface LaneAnswer {
  status: number;
  headers: HeaderRecord;
  body: readonly Uint8Array[] | null;
}

const withLength = (headers: Record<string, string>, body: readonly Uint8Array[] | null): HeaderRecord => {
  const fields = { ...headers };
  if (body !== null) fields["content-length"] = String(body.reduce((sum, part) => sum + part.byteLength, 0));
  return new HeaderRecord(fields);
};

/** A step's refusal (or the failure answer), read into memory: a few hundred bytes of JSON. */
async function laneAnswerOf(res: Response): Promise<LaneAnswer> {
  const body = res.body ? [new Uint8Array(await res.arrayBuffer())] : null;
  return { status: res.status, headers: withLength(Object.fromEntries(res.headers), body), body };
}

const NO_BODY: BodyRead = { ok: true, body: undefined };

/** The request as the steps see it, read from node:http (a class: nothing made per request but the object). */
class LaneRequest implements EdgeRequest {
  readonly method = "GET";
  readonly host: string;
  readonly remoteAddress: string | undefined;
  readonly sent: Promise<number>;
  readonly ifNoneMatch: string | undefined;
  private readonly vars: Partial<EdgeVariables> = {};

  constructor(
    private readonly incoming: IncomingMessage,
    outgoing: ServerResponse,
    readonly path: string,
  ) {
    this.host = header(incoming, "host") ?? "";
    this.ifNoneMatch = incoming.headers["if-none-match"];
    this.remoteAddress = incoming.socket.remoteAddress;
    this.sent = bytesSent(outgoing);
  }

  header(name: string): string | undefined {
    return header(this.incoming, name);
  }

  get aborted(): boolean {
    return this.incoming.socket.destroyed;
  }

  get<K extends keyof EdgeVariables>(key: K): EdgeVariables[K] {
    return this.vars[key] as EdgeVariables[K];
  }

  set<K extends keyof EdgeVariables>(key: K, value: EdgeVariables[K]): void {
    this.vars[key] = value;
  }

  /** The lane takes no request with a credential (isPlainAnonymousGet), and builds no web Request for it. */
  caller(_access: AccessControl, ip: string): Caller {
    return { kind: "anonymous", ip };
  }

  /** The lane takes no request with a body. */
  readBody(): BodyRead {
    return NO_BODY;
  }

  async discardBody(): Promise<void> {}
}

export function keptAnswerLane(deps: KeptAnswerLaneDeps): KeptAnswerLane {
  const { steps, metrics } = deps;
  const refusingByHeaders = steps.filter((step) => step.refuses !== undefined);

  /** Runs the steps; a step's answer (or a failure) stops them, as in the app. */
  async function admit(req: EdgeRequest, afters: AfterAnswer[]): Promise<LaneAnswer | null> {
    try {
      const refused = await runSteps(steps, req, afters);
      return refused && (await laneAnswerOf(refused));
    } catch (err) {
      return laneAnswerOf(deps.failure(err, req.path, req.get("requestId") ?? ""));
    }
  }

  /** The kept answer, or a step's refusal, through the steps' afters and out in one write. */
  async function send(
    req: LaneRequest,
    makeAnswer: KeptAnswerMaker,
    outgoing: ServerResponse,
  ): Promise<void> {
    const afters: AfterAnswer[] = [];
    const refused = await admit(req, afters);
    let res = refused;
    if (!res) {
      const kept = makeAnswer(req.get("requestId"), req.ifNoneMatch);
      res = { status: kept.status, headers: withLength(kept.headers, kept.body), body: kept.body };
    }
    for (let i = afters.length - 1; i >= 0; i--) {
      const adjusting = afters[i]?.(res, req);
      if (adjusting) await adjusting;
    }
    // As the app's compression step does for a client that takes no encoding.
    varyByEncoding(res.headers);
    // Corked: the status line, the headers and every part leave in one write.
    outgoing.cork();
    outgoing.writeHead(res.status, res.headers.fields);
    for (const part of res.body ?? []) outgoing.write(part);
    outgoing.end();
    outgoing.uncork();
    if (!refused) metrics.keptAnswers.inc();
  }

  return (incoming, outgoing) => {
    const url = incoming.url ?? "";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (!path.startsWith("/api/") || path.includes("%") || !isPlainAnonymousGet(incoming)) return false;
    const req = new LaneRequest(incoming, outgoing, path);
    for (const step of refusingByHeaders) if (step.refuses?.(req)) return false;
    const makeAnswer = deps.keptAnswer(url);
    return makeAnswer ? send(req, makeAnswer, outgoing) : false;
  };
}
