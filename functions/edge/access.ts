/**
 * Who is calling and how much of their daily quota is left. The edge asks an AccessControl for both; the
 * accounts store supplies the real one (API keys, JWTs, paid access, per-account quotas). The default here knows
 * anonymous callers only: any credential is rejected (never downgraded to anonymous) and each client address
 * gets ANON_DAILY_QUOTA requests per UTC day.
 */
import { type Clock, secondsToUtcMidnight, systemClock, utcDate } from "../query/clock.ts";

export type Caller =
  | { kind: "anonymous"; ip: string }
  /** A registered account, through one of its API keys or a login JWT. */
  | { kind: "account"; ip: string; accountId: string; credentialId: string }
  /** A request whose payment the edge verified (X-Paid-Access). */
  | { kind: "paid"; ip: string; paymentId: string }
  /** A credential was sent but is unknown, revoked, expired or malformed: answered 401. */
  | { kind: "invalid"; ip: string; reason: string };

export interface QuotaResult {
  limit: number;
  remaining: number;
  /** Set when this request is over quota: 402 for accounts, 429 for anonymous callers. */
  exceeded: null | { status: 402 | 429; retryAfterSeconds: number };
}

export interface AccessControl {
  /** Identifies the caller from the request's credentials and its client address. */
  resolve(req: Request, ip: string): Promise<Caller>;
  /** Counts one metered request (API, MCP) and reports the quota after it. */
  consume(caller: Caller): Promise<QuotaResult>;
  /** Reports the quota without counting (pages, files, refused requests). */
  peek(caller: Caller): Promise<QuotaResult>;
}

export const DEFAULT_ANON_DAILY_QUOTA = 50;

/**
 * The address a quota is counted against: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since a
 * single host usually holds a whole /64.
 */
export function quotaKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = ip.includes("::") ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface AnonymousAccessOptions {
  dailyQuota?: number;
  clock?: Clock;
}

export function createAnonymousAccess(options: AnonymousAccessOptions = {}): AccessControl {
  const limit = options.dailyQuota ?? DEFAULT_ANON_DAILY_QUOTA;
  const clock = options.clock ?? systemClock;
  let day = "";
  // Counts for the current UTC day only; the map is dropped when the day changes, so it never grows past one
  // day's distinct clients.
  let used = new Map<string, number>();

  const today = () => {
    const now = clock();
    const current = utcDate(now);
    if (current !== day) {
      day = current;
      used = new Map();
    }
    return now;
  };

  const result = (count: number, now: Date, over: boolean): QuotaResult => ({
    limit,
    remaining: Math.max(0, limit - count),
    exceeded: over ? { status: 429, retryAfterSeconds: secondsToUtcMidnight(now) } : null,
  });

  return {
    async resolve(req, ip) {
      if (req.headers.has("authorization") || req.headers.has("x-paid-access")) {
        return { kind: "invalid", ip, reason: "this deployment accepts no credentials (no account store)" };
      }
      return { kind: "anonymous", ip };
    },
    async consume(caller) {
      const now = today();
      const key = quotaKey(caller.ip);
      const count = used.get(key) ?? 0;
      if (caller.kind !== "anonymous") return result(count, now, false);
      if (count >= limit) return result(count, now, true);
      used.set(key, count + 1);
      return result(count + 1, now, false);
    },
    async peek(caller) {
      const now = today();
      return result(used.get(quotaKey(caller.ip)) ?? 0, now, false);
    },
  };
}
