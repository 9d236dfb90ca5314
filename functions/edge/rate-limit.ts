/**
 * Per-second limits: a token bucket per client address and one per credential, on every route (pages, files,
 * API, MCP whatever it calls). A bucket holds `burst` tokens and refills `perSecond` a second; a request takes
 * one, and an empty bucket answers 429 with Retry-After. The buckets live in the state store when it is shared
 * between servers (Redis: Store.takeToken), so the limit holds across all of them; otherwise, or while the shared
 * store does not answer within SHARED_WAIT_MS (pages never wait on the store), in this process's memory (an LRU
 * bounds their number).
 */
import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { LRUCache } from "lru-cache";
import { quotaSubject } from "../http/client-ip.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import { withTimeout } from "../runtime/timeout.ts";
import { refusal } from "./refusal.ts";

/** Takes a token from bucket `key`: the whole seconds to wait, 0 when taken. */
export type SharedBuckets = (key: string, perSecond: number, burst: number) => Promise<number>;

export interface RateLimitOptions {
  /** Tokens added per second; 0 switches the limit off. */
  perSecond: number;
  /** Bucket size: the burst a client may send at once. */
  burst: number;
  /** Buckets shared by every server (the state store's); absent → this process's memory only. */
  shared?: SharedBuckets;
  now?: () => number;
}

/** Longest a request waits for the shared buckets before this process's own decide. */
const SHARED_WAIT_MS = 100;

interface Bucket {
  tokens: number;
  at: number;
}

/** Takes a token for a request from its client address (and its credential, if it sends one). */
export type RateLimiter = (
  credential: string | null,
  ip: string,
) => Promise<{ retryAfterSeconds: number } | null>;

/** Takes a token from the bucket named `key`: 0, or the seconds to wait when it is empty. */
export type TokenBuckets = (key: string) => number;

type Take = (key: string) => number | Promise<number>;

/** Token buckets of one size and rate, by name, in memory (an LRU bounds their number). */
export function tokenBuckets(options: RateLimitOptions): TokenBuckets {
  const { perSecond, burst } = options;
  const now = options.now ?? performance.now.bind(performance);
  const buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  return (key) => {
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    bucket.tokens -= 1;
    return 0;
  };
}

/** The shared buckets, or the local ones when the shared store fails or is slow. */
function sharedBuckets(shared: SharedBuckets, local: Take, { perSecond, burst }: RateLimitOptions): Take {
  return (key) =>
    withTimeout(shared(key, perSecond, burst), SHARED_WAIT_MS, () => {
      throw new Error("shared rate limit too slow");
    }).catch(() => local(key));
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const local = tokenBuckets(options);
  const take = options.shared ? sharedBuckets(options.shared, local, options) : local;
  return async (credential, ip) => {
    if (options.perSecond <= 0) return null;
    const byAddress = await take(`ip:${quotaSubject(ip)}`);
    if (byAddress > 0) return { retryAfterSeconds: byAddress };
    if (credential) {
      const id = createHash("sha256").update(credential).digest("base64url").slice(0, 22);
      const byCredential = await take(`cred:${id}`);
      if (byCredential > 0) return { retryAfterSeconds: byCredential };
    }
    return null;
  };
}

/** The limit as the edge step: 429 with Retry-After before anything reads the body (no Hono built-in limits rate). */
export const rateLimit = (limiter: RateLimiter) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    // The kept-answer lane (edge/kept-answers.ts) took this request's token before handing it on.
    if (c.env?.rateChecked) return next();
    const credential = c.req.header("authorization") ?? c.req.header("x-paid-access") ?? null;
    const limited = await limiter(credential, c.get("ip"));
    if (!limited) return next();
    // A body the Node listener would read is simply never read; any other is cancelled.
    if (!c.env?.readBody) await c.req.raw.body?.cancel().catch(() => {});
    const { retryAfterSeconds } = limited;
    return refusal(
      c.req.path,
      429,
      `too many requests per second; retry after ${retryAfterSeconds} s`,
      c.get("requestId"),
      { "retry-after": String(retryAfterSeconds) },
    );
  });
