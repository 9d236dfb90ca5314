/**
 * Server settings from the environment, validated once at start: a bad value stops the server with a message
 * naming the variable instead of misbehaving later. The one loader for the whole server: the credential and
 * quota variables are read by accounts/auth/config.ts (which the accounts CLI also uses), the state store's by
 * accounts/store/index.ts, everything else here.
 */

import { resolve } from "node:path";
import { z } from "zod";
import { type AuthConfig, readAuthConfig } from "../accounts/auth/config.ts";
import { DEFAULT_LOGIN_SETTINGS, type LoginSettings } from "../accounts/auth/login.ts";
import { DEFAULT_SELF_SERVICE, type SelfServiceSettings } from "../accounts/auth/self-service.ts";
import { DEFAULT_SESSION_DAYS } from "../accounts/auth/sessions.ts";
import { type MailConfig, mailConfigIssues, readMailConfig } from "../accounts/mail/config.ts";
import { DEFAULT_STATE_CHECK_MS } from "../accounts/store/identity-watch.ts";
import { DEFAULT_STATE_DIR, type StoreEnv } from "../accounts/store/index.ts";
import {
  QUOTA_LEASE_IDLE_MS,
  QUOTA_LEASE_MS,
  QUOTA_LEASE_UNITS,
  RESERVATION_LEASE_MS,
} from "../accounts/store/reservations.ts";
import { type MinFree, minFreeEnv } from "../accounts/store/storage-watch.ts";
import { DEFAULT_STORE_TIMEOUT_MS } from "../accounts/store/types.ts";
import { DEFAULT_PORT, publicBaseUrl } from "../runtime/base-url.ts";
import {
  ConfigError,
  configProblems,
  host,
  port,
  readDirectory,
  wholeNumber,
  writableDirectory,
} from "../runtime/env.ts";
import { DEFAULT_ANSWER_WINDOW_MS, MAX_ANSWER_WINDOW_MS } from "./api/answers.ts";
import { parseBlockedAgents } from "./edge/agents.ts";
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  defaultMaxConnections,
} from "./edge/connections.ts";
import type { FairTurnOptions } from "./edge/fair-turns.ts";
import { AllowedHostsEnv, AllowedOriginsEnv } from "./edge/host-guard.ts";
import { DEFAULT_DAILY_CREATIONS } from "./pages/watchlist-creation.ts";
import { DEFAULT_KEEP_DAYS } from "./pages/watchlists.ts";

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
  /** How long an anonymous API GET's answer is reused for identical requests (API_ANSWER_WINDOW_MS); 0 never. */
  answerWindowMs?: number;
  /** Per-second token bucket per client address and per credential (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST). */
  rateLimit: { perSecond: number; burst: number };
  /** Requests of one client address inside the app at once, and how many more may wait (CLIENT_CONCURRENCY, CLIENT_QUEUE). */
  fairTurns: FairTurnOptions;
  /** Open connections, header and request timeouts, keep-alive (MAX_CONNECTIONS*, *_TIMEOUT_MS). */
  connections: ConnectionLimits;
  /** Login attempts per address and the password hashing pool (LOGIN_*, PASSWORD_HASH_*). */
  login: LoginSettings;
  /** /readyz answers 503 once the served snapshot is older than this many hours; 0 = never. */
  readyMaxSnapshotAgeHours: number;
  /** How often the state store's identity is checked while serving, ms (STATE_CHECK_MS; store/identity-watch.ts). */
  stateCheckMs?: number;
  /** Where accounts, keys and counters live (STATE_DIR, or REDIS_URL with REDIS_PREFIX), as openStore reads it. */
  store: StoreEnv;
  /** Creations per address a day and days an untouched list is kept (WATCHLIST_DAILY_CREATIONS, WATCHLIST_KEEP_DAYS). */
  watchlists: { dailyCreations: number; keepDays: number };
  /** Room under which /readyz warns and vd_storage_low is 1 (STATE_MIN_FREE). */
  stateMinFree: MinFree;
  /** Bearer token that lets a non-loopback scraper read /metrics (METRICS_TOKEN); null: loopback only. */
  metricsToken: string | null;
  /** The mail relay, sender, pacing, retries and retention (SMTP_URL, MAIL_*: accounts/mail/config.ts). */
  mail: MailConfig;
  /** Sign-up, confirmation and reset links, their limits, and log-in sessions (SESSION_DAYS, *_LINK_*, ACCOUNT_*). */
  accounts: SelfServiceSettings & { sessionDays: number };
}

/** Two nightly builds: one failed build is tolerated, a second one is not. */
const DEFAULT_READY_MAX_SNAPSHOT_AGE_HOURS = 48;

const limits = DEFAULT_CONNECTION_LIMITS;

const Env = z
  .object({
    PORT: port("PORT", DEFAULT_PORT),
    HOST: host("HOST"),
    PUBLIC_BASE_URL: z
      .url({ protocol: /^https?$/, error: "PUBLIC_BASE_URL must be an http(s) URL" })
      .optional(),
    SNAPSHOTS_DIR: z.string().default("snapshots"),
    SITE_DIR: z.string().default("dist"),
    BLOCKED_AGENTS: z.string().optional(),
    ALLOWED_HOSTS: AllowedHostsEnv,
    ALLOWED_ORIGINS: AllowedOriginsEnv,
    SNAPSHOT_POLL_MS: wholeNumber("SNAPSHOT_POLL_MS", 5000),
    RATE_LIMIT_PER_SECOND: wholeNumber("RATE_LIMIT_PER_SECOND", 50),
    RATE_LIMIT_BURST: wholeNumber("RATE_LIMIT_BURST", 2000, 1),
    CLIENT_CONCURRENCY: wholeNumber("CLIENT_CONCURRENCY", 8),
    CLIENT_QUEUE: wholeNumber("CLIENT_QUEUE", 1024),
    MAX_CONNECTIONS: wholeNumber("MAX_CONNECTIONS", defaultMaxConnections(), 1),
    MAX_CONNECTIONS_PER_ADDRESS: wholeNumber("MAX_CONNECTIONS_PER_ADDRESS", limits.perAddress),
    HEADERS_TIMEOUT_MS: wholeNumber("HEADERS_TIMEOUT_MS", limits.headersTimeoutMs, 1),
    REQUEST_TIMEOUT_MS: wholeNumber("REQUEST_TIMEOUT_MS", limits.requestTimeoutMs, 1),
    KEEP_ALIVE_TIMEOUT_MS: wholeNumber("KEEP_ALIVE_TIMEOUT_MS", limits.keepAliveTimeoutMs, 1),
    MAX_REQUESTS_PER_CONNECTION: wholeNumber("MAX_REQUESTS_PER_CONNECTION", limits.maxRequestsPerConnection),
    LOGIN_PER_SECOND: wholeNumber("LOGIN_PER_SECOND", DEFAULT_LOGIN_SETTINGS.limits.perSecond, 1),
    LOGIN_FAILURES_PER_HOUR: wholeNumber(
      "LOGIN_FAILURES_PER_HOUR",
      DEFAULT_LOGIN_SETTINGS.limits.failuresPerHour,
      1,
    ),
    PASSWORD_HASH_THREADS: wholeNumber("PASSWORD_HASH_THREADS", DEFAULT_LOGIN_SETTINGS.hashing.threads, 1),
    PASSWORD_HASH_QUEUE: wholeNumber("PASSWORD_HASH_QUEUE", DEFAULT_LOGIN_SETTINGS.hashing.queue),
    API_ANSWER_WINDOW_MS: wholeNumber(
      "API_ANSWER_WINDOW_MS",
      DEFAULT_ANSWER_WINDOW_MS,
      0,
      MAX_ANSWER_WINDOW_MS,
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Usable now, not at the first request: the embedded store's folder, or with Redis the state marker's.
    STATE_DIR: writableDirectory("STATE_DIR", DEFAULT_STATE_DIR),
    REDIS_URL: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || /^rediss?:\/\//.test(v.trim()), {
        error: "REDIS_URL must be a redis:// or rediss:// URL",
      }),
    REDIS_PREFIX: z.string().optional(),
    STORE_TIMEOUT_MS: wholeNumber("STORE_TIMEOUT_MS", DEFAULT_STORE_TIMEOUT_MS, 1),
    STATE_CHECK_MS: wholeNumber("STATE_CHECK_MS", DEFAULT_STATE_CHECK_MS, 100, 60_000),
    RESERVATION_LEASE_MS: wholeNumber("RESERVATION_LEASE_MS", RESERVATION_LEASE_MS, 1),
    QUOTA_LEASE_UNITS: wholeNumber("QUOTA_LEASE_UNITS", QUOTA_LEASE_UNITS, 1),
    QUOTA_LEASE_MS: wholeNumber("QUOTA_LEASE_MS", QUOTA_LEASE_MS, 1),
    QUOTA_LEASE_IDLE_MS: wholeNumber("QUOTA_LEASE_IDLE_MS", QUOTA_LEASE_IDLE_MS, 1),
    READY_MAX_SNAPSHOT_AGE_HOURS: wholeNumber(
      "READY_MAX_SNAPSHOT_AGE_HOURS",
      DEFAULT_READY_MAX_SNAPSHOT_AGE_HOURS,
    ),
    WATCHLIST_DAILY_CREATIONS: wholeNumber("WATCHLIST_DAILY_CREATIONS", DEFAULT_DAILY_CREATIONS, 1),
    WATCHLIST_KEEP_DAYS: wholeNumber("WATCHLIST_KEEP_DAYS", DEFAULT_KEEP_DAYS, 1, 3650),
    STATE_MIN_FREE: minFreeEnv("STATE_MIN_FREE"),
    SESSION_DAYS: wholeNumber("SESSION_DAYS", DEFAULT_SESSION_DAYS, 1, 365),
    VERIFY_LINK_HOURS: wholeNumber("VERIFY_LINK_HOURS", DEFAULT_SELF_SERVICE.verifyLinkHours, 1, 24 * 14),
    RESET_LINK_MINUTES: wholeNumber("RESET_LINK_MINUTES", DEFAULT_SELF_SERVICE.resetLinkMinutes, 5, 24 * 60),
    ACCOUNT_REQUESTS_PER_HOUR: wholeNumber(
      "ACCOUNT_REQUESTS_PER_HOUR",
      DEFAULT_SELF_SERVICE.requestsPerHour,
      1,
    ),
    ACCOUNT_MAILS_PER_DAY: wholeNumber("ACCOUNT_MAILS_PER_DAY", DEFAULT_SELF_SERVICE.mailsPerDay, 1),
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || /^\S{16,}$/.test(v), {
        error: "METRICS_TOKEN must be at least 16 characters without spaces",
      }),
  })
  .refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, {
    error: "HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS",
    path: ["HEADERS_TIMEOUT_MS"],
  })
  // Links are made before the port is bound: "any free port" would put port 0 in every absolute link.
  .refine((e) => e.PORT !== 0 || e.PUBLIC_BASE_URL, {
    path: ["PORT"],
    error: "PORT=0 (any free port) needs PUBLIC_BASE_URL: links cannot name a port not chosen yet",
  });

function authSettings(env: Record<string, string | undefined>): AuthConfig | string {
  try {
    return readAuthConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

export interface LoadOptions {
  /** `npm start` builds the site into SITE_DIR before serving: it must be creatable, not existing yet. */
  siteBuiltHere?: boolean;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): ServerConfig {
  const parsed = Env.safeParse(env);
  const auth = authSettings(env);
  const mailIssues = mailConfigIssues(env);
  // A server serves SITE_DIR as it is; one that is not there yet (a builder publishes it) is a readiness failure that
  // /readyz names, and a file in its place a mistake said now.
  const site = (options.siteBuiltHere ? writableDirectory : readDirectory)("SITE_DIR", "dist").safeParse(
    env.SITE_DIR,
  );
  if (!parsed.success || !site.success || typeof auth === "string" || mailIssues.length > 0) {
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...(site.success ? [] : site.error.issues),
      ...mailIssues,
      ...(typeof auth === "string"
        ? [{ code: "custom" as const, path: [], message: auth, input: undefined }]
        : []),
    ];
    throw new ConfigError(configProblems(issues));
  }
  const e = parsed.data;
  return {
    ...auth,
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: publicBaseUrl({ PUBLIC_BASE_URL: e.PUBLIC_BASE_URL, PORT: String(e.PORT) }),
    snapshotsDir: resolve(e.SNAPSHOTS_DIR),
    siteDir: resolve(e.SITE_DIR),
    blockedAgents: parseBlockedAgents(e.BLOCKED_AGENTS),
    allowedHosts: e.ALLOWED_HOSTS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    snapshotPollMs: e.SNAPSHOT_POLL_MS,
    logLevel: e.LOG_LEVEL,
    answerWindowMs: e.API_ANSWER_WINDOW_MS,
    rateLimit: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST },
    fairTurns: { concurrency: e.CLIENT_CONCURRENCY, queue: e.CLIENT_QUEUE },
    readyMaxSnapshotAgeHours: e.READY_MAX_SNAPSHOT_AGE_HOURS,
    stateCheckMs: e.STATE_CHECK_MS,
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
      QUOTA_LEASE_UNITS: String(e.QUOTA_LEASE_UNITS),
      QUOTA_LEASE_MS: String(e.QUOTA_LEASE_MS),
      QUOTA_LEASE_IDLE_MS: String(e.QUOTA_LEASE_IDLE_MS),
    },
    watchlists: { dailyCreations: e.WATCHLIST_DAILY_CREATIONS, keepDays: e.WATCHLIST_KEEP_DAYS },
    stateMinFree: e.STATE_MIN_FREE,
    metricsToken: e.METRICS_TOKEN,
    mail: readMailConfig(env),
    accounts: {
      sessionDays: e.SESSION_DAYS,
      verifyLinkHours: e.VERIFY_LINK_HOURS,
      resetLinkMinutes: e.RESET_LINK_MINUTES,
      requestsPerHour: e.ACCOUNT_REQUESTS_PER_HOUR,
      mailsPerDay: e.ACCOUNT_MAILS_PER_DAY,
    },
  };
}
