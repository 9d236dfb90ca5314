/**
 * Token buckets in this process's memory, by name: a bucket holds `burst` tokens and refills `perSecond` a second.
 * The per-second limits of every route (functions/edge/rate-limit.ts) and the login attempts of one address
 * (accounts/auth/login-limits.ts) are made of them. An LRU bounds how many buckets are held.
 */
import { LRUCache } from "lru-cache";

export interface TokenBucketOptions {
  /** Tokens added per second. */
  perSecond: number;
  /** Bucket size: the burst one name may take at once. */
  burst: number;
  now?: () => number;
}

/**
 * Takes a token from the bucket named `key`: 0, or the whole seconds to wait when it is empty. With `debit`, takes
 * that many tokens whatever is left (down to -burst at the most) and answers 0.
 */
export type TokenBuckets = (key: string, debit?: number) => number;

/** Buckets held at once; the least recently used go first (a forgotten bucket is a full one). */
const MAX_BUCKETS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

export function tokenBuckets(options: TokenBucketOptions): TokenBuckets {
  const { perSecond, burst } = options;
  const now = options.now ?? performance.now.bind(performance);
  const buckets = new LRUCache<string, Bucket>({ max: MAX_BUCKETS });
  return (key, debit) => {
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
    buckets.set(key, bucket);
    if (debit !== undefined) {
      bucket.tokens = Math.max(-burst, bucket.tokens - debit);
      return 0;
    }
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    bucket.tokens -= 1;
    return 0;
  };
}
