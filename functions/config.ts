/**
 * Server settings from the environment, validated once at start: a bad value stops the server with a message
 * naming the variable instead of misbehaving later. The one loader for the whole server: the credential and
 * quota variables are read by functions/auth/config.ts (which the accounts CLI also uses), the state store's by
 * functions/store/index.ts, everything else here.
 */
import { resolve } from "node:path";
import { z } from "zod";
import { type AuthConfig, ConfigError, readAuthConfig } from "./auth/config.ts";
import { DEFAULT_LOGIN_SETTINGS, type LoginSettings } from "./auth/login.ts";
import { DEFAULT_PORT, publicBaseUrl } from "./base-url.ts";
import { parseBlockedAgents } from "./edge/agents.ts";
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  defaultMaxConnections,
} from "./edge/connections.ts";
import { AllowedHostsEnv, AllowedOriginsEnv } from "./edge/host-guard.ts";
import type { StoreEnv } from "./store/index.ts";
import { RESERVATION_LEASE_MS } from "./store/reservations.ts";
import { DEFAULT_STORE_TIMEOUT_MS } from "./store/types.ts";

export interface ServerConfig extends AuthConfig {
  port: number;
  /** Interface to bind; undefined binds all. */
  host: string | undefined;
  /** Base of absolute links (detail_page, OpenAPI server), no trailing slash. */
  publicBaseUrl: string;
  snapshotsDir: string;
  siteDir: string;
  blockedAgents: readonly string[];
  /** Extra host names /mcp and /api answer to (ALLOWED_HOSTS), beside PUBLIC_BASE_URL's host and loopback. */
  allowedHosts: readonly string[];
  /** Browser origins /mcp accepts (ALLOWED_ORIGINS), beside this service's own hosts and loopback. */
  allowedOrigins: readonly string[];
  /** How often `snapshots/latest` is checked for a newer snapshot; 0 disables. */
  snapshotPollMs: number;
  logLevel: string;
  /** Per-second token bucket per client address and per credential (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST). */
  rateLimit: { perSecond: number; burst: number };
  /** Open connections, header and request timeouts, keep-alive (MAX_CONNECTIONS*, *_TIMEOUT_MS). */
  connections: ConnectionLimits;
  /** Login attempts per address and the password hashing pool (LOGIN_*, PASSWORD_HASH_*). */
  login: LoginSettings;
  /** Where accounts, keys and counters live (STATE_DIR, or REDIS_URL with REDIS_PREFIX), as openStore reads it. */
  store: StoreEnv;
}

const integer = (name: string, min: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? String(fallback) : v.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, { error: `${name} must be a whole number >= ${min}` })
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(min, { error: `${name} must be a whole number >= ${min}` }),
        ),
    );

const limits = DEFAULT_CONNECTION_LIMITS;

const Env = z
  .object({
    PORT: integer("PORT", 0, DEFAULT_PORT),
    HOST: z.string().optional(),
    PUBLIC_BASE_URL: z
      .url({ protocol: /^https?$/, error: "PUBLIC_BASE_URL must be an http(s) URL" })
      .optional(),
    SNAPSHOTS_DIR: z.string().default("snapshots"),
    SITE_DIR: z.string().default("dist"),
    BLOCKED_AGENTS: z.string().optional(),
    ALLOWED_HOSTS: AllowedHostsEnv,
    ALLOWED_ORIGINS: AllowedOriginsEnv,
    SNAPSHOT_POLL_MS: integer("SNAPSHOT_POLL_MS", 0, 5000),
    RATE_LIMIT_PER_SECOND: integer("RATE_LIMIT_PER_SECOND", 0, 50),
    RATE_LIMIT_BURST: integer("RATE_LIMIT_BURST", 1, 2000),
    MAX_CONNECTIONS: integer("MAX_CONNECTIONS", 1, defaultMaxConnections()),
    MAX_CONNECTIONS_PER_ADDRESS: integer("MAX_CONNECTIONS_PER_ADDRESS", 0, limits.perAddress),
    HEADERS_TIMEOUT_MS: integer("HEADERS_TIMEOUT_MS", 1, limits.headersTimeoutMs),
    REQUEST_TIMEOUT_MS: integer("REQUEST_TIMEOUT_MS", 1, limits.requestTimeoutMs),
    KEEP_ALIVE_TIMEOUT_MS: integer("KEEP_ALIVE_TIMEOUT_MS", 1, limits.keepAliveTimeoutMs),
    MAX_REQUESTS_PER_CONNECTION: integer("MAX_REQUESTS_PER_CONNECTION", 1, limits.maxRequestsPerConnection),
    LOGIN_PER_SECOND: integer("LOGIN_PER_SECOND", 1, DEFAULT_LOGIN_SETTINGS.limits.perSecond),
    LOGIN_FAILURES_PER_HOUR: integer(
      "LOGIN_FAILURES_PER_HOUR",
      1,
      DEFAULT_LOGIN_SETTINGS.limits.failuresPerHour,
    ),
    PASSWORD_HASH_THREADS: integer("PASSWORD_HASH_THREADS", 1, DEFAULT_LOGIN_SETTINGS.hashing.threads),
    PASSWORD_HASH_QUEUE: integer("PASSWORD_HASH_QUEUE", 0, DEFAULT_LOGIN_SETTINGS.hashing.queue),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    STATE_DIR: z.string().optional(),
    REDIS_URL: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || /^rediss?:\/\//.test(v.trim()), {
        error: "REDIS_URL must be a redis:// or rediss:// URL",
      }),
    REDIS_PREFIX: z.string().optional(),
    STORE_TIMEOUT_MS: integer("STORE_TIMEOUT_MS", 1, DEFAULT_STORE_TIMEOUT_MS),
    RESERVATION_LEASE_MS: integer("RESERVATION_LEASE_MS", 1, RESERVATION_LEASE_MS),
  })
  .refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, {
    error: "HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS",
    path: ["HEADERS_TIMEOUT_MS"],
  });

function authSettings(env: Record<string, string | undefined>): AuthConfig | string {
  try {
    return readAuthConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  const auth = authSettings(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)),
    ...(typeof auth === "string" ? [auth] : []),
  ];
  if (!parsed.success || typeof auth === "string") {
    throw new Error(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    ...auth,
    port: e.PORT,
    host: e.HOST?.trim() || undefined,
    publicBaseUrl: publicBaseUrl({ PUBLIC_BASE_URL: e.PUBLIC_BASE_URL, PORT: String(e.PORT) }),
    snapshotsDir: resolve(e.SNAPSHOTS_DIR),
    siteDir: resolve(e.SITE_DIR),
    blockedAgents: parseBlockedAgents(e.BLOCKED_AGENTS),
    allowedHosts: e.ALLOWED_HOSTS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    snapshotPollMs: e.SNAPSHOT_POLL_MS,
    logLevel: e.LOG_LEVEL,
    rateLimit: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST },
    connections: {
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
      max: e.MAX_CONNECTIONS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerConnection: e.MAX_REQUESTS_PER_CONNECTION,
    },
    login: {
      limits: { perSecond: e.LOGIN_PER_SECOND, failuresPerHour: e.LOGIN_FAILURES_PER_HOUR },
      hashing: { threads: e.PASSWORD_HASH_THREADS, queue: e.PASSWORD_HASH_QUEUE },
    },
    store: {
      STATE_DIR: e.STATE_DIR,
      REDIS_URL: e.REDIS_URL,
      REDIS_PREFIX: e.REDIS_PREFIX,
      STORE_TIMEOUT_MS: String(e.STORE_TIMEOUT_MS),
      RESERVATION_LEASE_MS: String(e.RESERVATION_LEASE_MS),
    },
  };
}
