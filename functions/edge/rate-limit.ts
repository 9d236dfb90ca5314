/**
 * Per-second limits: a token bucket per client address and one per credential, on every route (pages, files,
 * API, MCP whatever it calls). A bucket holds `burst` tokens and refills `perSecond` a second; a request takes
 * one, and an empty bucket answers 429 with Retry-After. A request that took longer than COST_UNIT_MS to answer is
 * charged one more token for each further COST_UNIT_MS afterwards (edge/fair-turns.ts measures it), so a client
 * sending expensive requests runs out sooner than one sending cheap ones; the charge may take a bucket below
 * zero, and the client then waits until it has refilled. The buckets live in the state store when it is shared
 * between servers (Redis: Store.takeToken), so the limit holds across all of them; otherwise, or while the shared
 * store does not answer within SHARED_WAIT_MS (pages never wait on the store), in this process's memory (runtime/token-buckets.ts).
 */
import { createHash } from "node:crypto";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { withTimeout } from "../../runtime/timeout.ts";
import { type TokenBucketOptions, tokenBuckets } from "../../runtime/token-buckets.ts";
import { tooManyRequests } from "./refusal.ts";
import { type EdgeRequest, type EdgeStep, whenSettled } from "./step.ts";

/**
 * Takes a token from bucket `key`: the whole seconds to wait, 0 when taken. With `debit`, takes that many tokens
 * whatever is left (down to -burst at the most) and answers 0.
 */
export type SharedBuckets = (
  key: string,
  perSecond: number,
  burst: number,
  debit?: number,
) => Promise<number>;

/**
 * The server time one token stands for: a request is charged a token more for each further COST_UNIT_MS it took.
 * Today's answers take a few milliseconds (a feed for a new filter 6 ms of CPU), so only what is really slow, or a
 * server already saturated, is charged more.
 */
export const COST_UNIT_MS = 50;

/** The bucket of one client address or credential (perSecond 0 switches the limit off), and where buckets live. */
export interface RateLimitOptions extends TokenBucketOptions {
  /** Buckets shared by every server (the state store's); absent → this process's memory only. */
  shared?: SharedBuckets;
}

/** Longest a request waits for the shared buckets before this process's own decide. */
const SHARED_WAIT_MS = 100;

/** A request over its per-second limit, and the whole seconds it should wait. */
export interface RateLimited {
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Takes a token for a request from its client address (and its credential, if it sends one); a promise only when
   * the buckets are the shared ones (this process's answer at once).
   */
  (credential: string | null, ip: string): RateLimited | null | Promise<RateLimited | null>;
  /** Charges a request's cost beyond its first token, once it has been answered: never refuses. */
  charge(credential: string | null, ip: string, tokens: number): Promise<void>;
}

type Take = (key: string, debit?: number) => number | Promise<number>;

/** The shared buckets, or the local ones when the shared store fails or is slow. */
function sharedBuckets(shared: SharedBuckets, local: Take, { perSecond, burst }: RateLimitOptions): Take {
  return (key, debit) =>
    withTimeout(shared(key, perSecond, burst, debit), SHARED_WAIT_MS, () => {
      throw new Error("shared rate limit too slow");
    }).catch(() => local(key, debit));
}

const credentialKey = (credential: string) =>
  `cred:${createHash("sha256").update(credential).digest("base64url").slice(0, 22)}`;

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const local = tokenBuckets(options);
  const take = options.shared ? sharedBuckets(options.shared, local, options) : local;
  const off = options.perSecond <= 0;
  const limited = (wait: number): RateLimited | null => (wait > 0 ? { retryAfterSeconds: wait } : null);
  const limiter = (credential: string | null, ip: string) => {
    if (off) return null;
    return whenSettled(take(`ip:${quotaSubject(ip)}`), (byAddress) =>
      byAddress > 0 || !credential
        ? limited(byAddress)
        : whenSettled(take(credentialKey(credential)), limited),
    );
  };
  const charge = async (credential: string | null, ip: string, tokens: number) => {
    if (off || tokens <= 0) return;
    await take(`ip:${quotaSubject(ip)}`, tokens);
    if (credential) await take(credentialKey(credential), tokens);
  };
  return Object.assign(limiter, { charge });
}

/** The credential a request's per-credential bucket is named by: its API key, login token or paid-access token. */
export const rateCredential = (req: EdgeRequest) =>
  req.header("authorization") ?? req.header("x-paid-access") ?? null;

/** The limit as the edge step: 429 with Retry-After before anything reads the body (no Hono built-in limits rate). */
export const rateLimit = (limiter: RateLimiter): EdgeStep => ({
  run: (req) =>
    whenSettled(limiter(rateCredential(req), req.get("ip")), (limited) =>
      limited
        ? tooManyRequests(
            req,
            `too many requests per second; retry after ${limited.retryAfterSeconds} s`,
            limited.retryAfterSeconds,
          )
        : undefined,
    ),
});
