/**
 * Success answers of the REST API as bytes: a payload is serialised once (its JSON, shared with MCP, and weak ETag
 * memoised per payload object, which the query layer's caches hand out again and again), the envelope is that
 * JSON with the request's id spliced in, and a conditional request whose If-None-Match names the ETag gets 304 with no body.
 * Anonymous GETs' answers also go to the answer cache for a short window (API_ANSWER_WINDOW_MS, never past the minute
 * the query layer's payloads are cached for, nor past the snapshot it came from), so an identical request inside it
 * is answered from the bytes without validating or querying again; the edge (quota, headers, log) still runs.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import type { QueryLayer } from "../../read/query/index.ts";
import { payloadJson } from "../../read/query/payload-json.ts";
import type { IgnoredParameter } from "../../read/schema/ignored-parameters.ts";
import { type Clock, MINUTE_MS, systemClock } from "../../runtime/clock.ts";
import { matchesIfNoneMatch } from "../http/conditional.ts";
import { envelopeHead, envelopeNotes, envelopeTail, OK_MESSAGE } from "../http/envelope.ts";
import type { EdgeEnv } from "../http/request-context.ts";

/** How long an anonymous answer is reused by default: the activity counts' refresh (DEFAULT_COUNTS_CACHE_MS). */
export const DEFAULT_ANSWER_WINDOW_MS = 5_000;
/** The longest window worth setting: a cached answer never outlives the minute its payload was computed for. */
export const MAX_ANSWER_WINDOW_MS = MINUTE_MS;

/** The answer cache's bound (bytes of their JSON), whatever the window. */
const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Serialised {
  /** The envelope up to the end of its data: `{"code":200,"message":"success","data":…`. */
  head: string;
  /** Weak: the payload is the same, the bytes differ by request id. */
  etag: string;
  /** `head` as UTF-8, made when the kept-answer lane first sends it (headBytes). */
  bytes?: Buffer;
}

interface CachedAnswer {
  serialised: Serialised;
  /** envelopeNotes of the request (a function of its query string, which names the cache entry). */
  notes: string;
  snapshot: string;
  expiresAt: number;
}

const OK_HEAD = envelopeHead(200, OK_MESSAGE);

const serialisedPayloads = new WeakMap<object, Serialised>();

/** The payload's envelope head and ETag, made once per payload object. */
function serialise(data: unknown): Serialised {
  const key = typeof data === "object" && data !== null ? data : null;
  const known = key && serialisedPayloads.get(key);
  if (known) return known;
  const json = payloadJson(data);
  const made: Serialised = {
    head: `${OK_HEAD}${json}`,
    etag: `W/"${createHash("sha1").update(json).digest("base64url")}"`,
  };
  if (key) serialisedPayloads.set(key, made);
  return made;
}

/**
 * Anonymous answers may be stored by the browser, but are checked with the server each time (quota counts); a
 * stored one stands for the anonymous caller only (an answer to a credential is `private, no-store`).
 */
const CACHING = { "cache-control": "private, no-cache", vary: "Authorization, X-Paid-Access" };

/**
 * An answer before it is a Response: the kept-answer lane (edge/kept-answers.ts) writes it to node:http as is. The
 * body in two parts (the cached head's bytes, the request's tail), so the lane sends the head without copying it.
 */
export interface AnswerParts {
  status: 200 | 304;
  headers: Record<string, string>;
  body: readonly [head: Buffer, tail: Buffer] | null;
}

/** What an answer holds besides its head: status, headers, and the request's tail (null for a 304). */
function frame(
  { etag }: Serialised,
  requestId: string,
  ifNoneMatch: string | undefined,
  notes: string,
): Omit<AnswerParts, "body"> & { tail: string | null } {
  const headers = { etag, ...CACHING };
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return { status: 304, headers, tail: null };
  return {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    tail: envelopeTail(requestId, notes),
  };
}

/** The head as bytes: made once, and only for answers the lane sends again and again. */
const headBytes = (serialised: Serialised): Buffer => {
  serialised.bytes ??= Buffer.from(serialised.head);
  return serialised.bytes;
};

function answer(c: Context<EdgeEnv>, serialised: Serialised, notes: string): Response {
  const { status, headers, tail } = frame(
    serialised,
    c.get("requestId"),
    c.req.header("if-none-match"),
    notes,
  );
  return new Response(tail === null ? null : `${serialised.head}${tail}`, { status, headers });
}

const isReusable = (c: Context<EdgeEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && c.get("caller")?.kind === "anonymous";

/** The request as the cache names it: path and query string as sent. */
function requestKey(c: Context<EdgeEnv>): string {
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

export interface AnswerCacheOptions {
  windowMs: number;
  /** Names the snapshot being served: an answer of another snapshot is never reused. */
  snapshot(): string;
  now(): number;
}

export interface Answers {
  /** The cached answer to this request (anonymous GET inside its window), or null. */
  reuse(c: Context<EdgeEnv>): Response | null;
  /**
   * Whether an anonymous GET of `key` (path and query string as sent) has a cached answer: null, or its maker for a
   * request id and If-None-Match (made only once the request is admitted). What the kept-answer lane serves.
   */
  keptAnswer(key: string): ((requestId: string, ifNoneMatch: string | undefined) => AnswerParts) | null;
  /**
   * The success envelope of `data` (304 when If-None-Match names it), cached when the request is reusable;
   * `ignored`: the query parameters the operation did not know, named beside `data`.
   */
  ok(c: Context<EdgeEnv>, data: unknown, ignored?: readonly IgnoredParameter[]): Response;
}

/** The answers of the query layer's snapshots, anonymous ones cached for `windowMs` (API_ANSWER_WINDOW_MS). */
export function answersOf(
  query: QueryLayer,
  windowMs = DEFAULT_ANSWER_WINDOW_MS,
  clock: Clock = systemClock,
): Answers {
  return createAnswers({
    windowMs,
    snapshot: () => {
      const { version, generated_at } = query.snapshot();
      return `${version} ${generated_at}`;
    },
    now: () => clock().getTime(),
  });
}

export function createAnswers(options: AnswerCacheOptions): Answers {
  const cache = new LRUCache<string, CachedAnswer>({
    maxSize: ANSWER_CACHE_MAX_BYTES,
    sizeCalculation: (a) => Math.max(1, a.serialised.head.length),
  });
  /** The answer cached for `key` while it is inside its window and of the snapshot being served. */
  const cachedFor = (key: string): CachedAnswer | null => {
    const hit = cache.get(key);
    if (!hit) return null;
    if (hit.expiresAt <= options.now() || hit.snapshot !== options.snapshot()) {
      cache.delete(key);
      return null;
    }
    return hit;
  };
  return {
    reuse(c) {
      if (options.windowMs === 0 || !isReusable(c)) return null;
      const hit = cachedFor(requestKey(c));
      return hit && answer(c, hit.serialised, hit.notes);
    },
    keptAnswer(key) {
      const hit = options.windowMs === 0 ? null : cachedFor(key);
      return (
        hit &&
        ((requestId, ifNoneMatch) => {
          const { status, headers, tail } = frame(hit.serialised, requestId, ifNoneMatch, hit.notes);
          return {
            status,
            headers,
            body: tail === null ? null : [headBytes(hit.serialised), Buffer.from(tail)],
          };
        })
      );
    },
    ok(c, data, ignored) {
      const serialised = serialise(data);
      const notes = envelopeNotes(ignored);
      if (options.windowMs > 0 && isReusable(c)) {
        const now = options.now();
        // Payloads are computed per minute at the finest (QueryContext.now): a cached one never outlives its minute.
        const expiresAt = Math.min(now + options.windowMs, Math.floor(now / MINUTE_MS + 1) * MINUTE_MS);
        cache.set(requestKey(c), { serialised, notes, snapshot: options.snapshot(), expiresAt });
      }
      return answer(c, serialised, notes);
    },
  };
}
