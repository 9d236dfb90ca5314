/**
 * Server settings from the environment, validated once at start: a bad value stops the server with a message
 * naming the variable instead of misbehaving later.
 */
import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_ANON_DAILY_QUOTA } from "./edge/access.ts";
import { parseBlockedAgents } from "./edge/agents.ts";

export interface ServerConfig {
  port: number;
  /** Interface to bind; undefined binds all. */
  host: string | undefined;
  /** Base of absolute links (detail_page, OpenAPI server), no trailing slash. */
  publicBaseUrl: string;
  snapshotsDir: string;
  siteDir: string;
  blockedAgents: readonly string[];
  /** Trusted proxies in front; X-Forwarded-For is read only when > 0. */
  trustProxyHops: number;
  anonDailyQuota: number;
  /** How often `snapshots/latest` is checked for a newer snapshot; 0 disables. */
  snapshotPollMs: number;
  logLevel: string;
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

/** TRUST_PROXY: unset/false/0 → 0, true → 1, or a number of trusted proxy hops. */
const trustProxy = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^(|true|false|\d+)$/, { error: "TRUST_PROXY must be true, false or a number of proxy hops" })
      .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
  );

const Env = z.object({
  PORT: integer("PORT", 0, 4321),
  HOST: z.string().optional(),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: "PUBLIC_BASE_URL must be an http(s) URL" })
    .optional(),
  SNAPSHOTS_DIR: z.string().default("snapshots"),
  SITE_DIR: z.string().default("dist"),
  BLOCKED_AGENTS: z.string().optional(),
  TRUST_PROXY: trustProxy,
  ANON_DAILY_QUOTA: integer("ANON_DAILY_QUOTA", 0, DEFAULT_ANON_DAILY_QUOTA),
  SNAPSHOT_POLL_MS: integer("SNAPSHOT_POLL_MS", 0, 5000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST?.trim() || undefined,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    snapshotsDir: resolve(e.SNAPSHOTS_DIR),
    siteDir: resolve(e.SITE_DIR),
    blockedAgents: parseBlockedAgents(e.BLOCKED_AGENTS),
    trustProxyHops: e.TRUST_PROXY,
    anonDailyQuota: e.ANON_DAILY_QUOTA,
    snapshotPollMs: e.SNAPSHOT_POLL_MS,
    logLevel: e.LOG_LEVEL,
  };
}
