/**
 * Settings of credentials and quotas, read once from the environment at start-up so a bad value stops the server
 * with a clear message instead of failing on each request. The server's loader (functions/server-config.ts) takes this
 * part from here; the accounts CLI reads it alone.
 */
import { ConfigError } from "../../runtime/env.ts";

export interface AuthConfig {
  /** ACCOUNT_DAILY_QUOTA: requests per account per UTC day, all of its keys and tokens together. */
  accountDailyQuota: number;
  /** ANON_DAILY_QUOTA: requests per client IP per UTC day without a credential. */
  anonDailyQuota: number;
  /** TRUST_PROXY: how many proxy hops' X-Forwarded-For entries to believe; 0 = use the socket address. */
  trustProxyHops: number;
  /** JWT_SECRET; null = a secret generated once and kept in the state store. */
  jwtSecret: string | null;
  /** PAID_ACCESS_KEY shared with the payment edge; null = paid access disabled. */
  paidAccessKey: string | null;
}

export type AuthEnv = Record<string, string | undefined>;

/** Requests per client address per UTC day without a credential (ANON_DAILY_QUOTA). */
export const DEFAULT_ANON_DAILY_QUOTA = 50;
export const DEFAULT_ACCOUNT_DAILY_QUOTA = 200;
/** HS256 keys shorter than the hash output weaken the signature. */
export const MIN_SECRET_LENGTH = 32;

export { ConfigError };

function count(env: AuthEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number of requests, got "${raw}"`);
  return Number(raw);
}

function trustProxy(raw: string | undefined): number {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "" || value === "false") return 0;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) return Number(value);
  throw new ConfigError(`TRUST_PROXY must be "true", "false" or a number of proxy hops, got "${raw}"`);
}

function secret(env: AuthEnv, name: string): string | null {
  const value = env[name]?.trim();
  if (!value) return null;
  if (value.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  return value;
}

export function readAuthConfig(env: AuthEnv): AuthConfig {
  const config: AuthConfig = {
    accountDailyQuota: count(env, "ACCOUNT_DAILY_QUOTA", DEFAULT_ACCOUNT_DAILY_QUOTA),
    anonDailyQuota: count(env, "ANON_DAILY_QUOTA", DEFAULT_ANON_DAILY_QUOTA),
    trustProxyHops: trustProxy(env.TRUST_PROXY),
    jwtSecret: secret(env, "JWT_SECRET"),
    paidAccessKey: secret(env, "PAID_ACCESS_KEY"),
  };
  // With one key for both, a login token would also pass as a paid-access header.
  if (config.jwtSecret !== null && config.jwtSecret === config.paidAccessKey) {
    throw new ConfigError("PAID_ACCESS_KEY must differ from JWT_SECRET");
  }
  return config;
}
