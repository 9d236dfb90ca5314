/**
 * Everything `npm start` will use, checked before it builds or serves: the server's settings (unless it only
 * builds), the build's, the sync's (when the nightly sync is on), its own role and nightly switch. Every bad value
 * is listed at once, naming its variable, so one that would only fail at the nightly build fails now.
 */
import { resolve } from "node:path";
import { z } from "zod";
import { loadConfig, type ServerConfig } from "../functions/server-config.ts";
import {
  type BuildSettings,
  DEFAULT_SNAPSHOTS_DIR,
  readBuildSettings,
  readSyncSettings,
} from "../pipeline/settings.ts";
import { ConfigError, type Env, flag, parseEnv } from "../runtime/env.ts";

/** all: build and serve on one machine; builder: build only; server: serve what a builder publishes. */
export const ROLES = ["all", "builder", "server"] as const;
export type Role = (typeof ROLES)[number];

/** The repository's built site, wherever `npm start` is run from (as the snapshots folder: pipeline/settings.ts). */
const DEFAULT_SITE_DIR = resolve(import.meta.dirname, "..", "dist");

/** A folder setting as the build reads it: the value given (blank counts as unset), else the repository's. */
const folder = (value: string | undefined, fallback: string) => resolve(value?.trim() || fallback);

const StartEnv = z
  .object({
    ROLE: z
      .string()
      .optional()
      .transform((v) => v?.trim() || "all")
      .pipe(z.enum(ROLES, { error: `ROLE must be one of ${ROLES.join(", ")}` })),
    NIGHTLY_SYNC: flag("NIGHTLY_SYNC", true),
    PUBLIC_BASE_URL: z.string().optional(),
  })
  .refine((e) => e.ROLE !== "builder" || e.PUBLIC_BASE_URL?.trim(), {
    path: ["PUBLIC_BASE_URL"],
    error: "PUBLIC_BASE_URL must be set for ROLE=builder: its links must name the servers' public address",
  });

export interface StartSettings {
  role: Role;
  nightlySync: boolean;
  /** Null for the builder role, which serves nothing. */
  server: ServerConfig | null;
  build: BuildSettings | null;
  /** SNAPSHOTS_DIR: where snapshots are built and served from (every role: the build's folder). */
  snapshotsDir: string;
  /** SITE_DIR: where the site is built and served from. */
  siteDir: string;
}

/** Runs every reader; the messages of all that fail are joined into one ConfigError. */
export function readStartSettings(env: Env): StartSettings {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(
        ...err.message
          .split("\n")
          .slice(1)
          .map((line) => line.trim()),
      );
      return null;
    }
  };
  const own = attempt(() => parseEnv(StartEnv, env));
  const role = own?.ROLE ?? "all";
  // The server serves the folders npm start builds into (the repository's unless set), wherever it runs from.
  const folders = {
    SNAPSHOTS_DIR: folder(env.SNAPSHOTS_DIR, DEFAULT_SNAPSHOTS_DIR),
    SITE_DIR: folder(env.SITE_DIR, DEFAULT_SITE_DIR),
  };
  const server =
    role === "builder"
      ? null
      : attempt(() => loadConfig({ ...env, ...folders }, { siteBuiltHere: role === "all" }));
  const build = role === "server" ? null : attempt(() => readBuildSettings(env));
  if (role !== "server" && own?.NIGHTLY_SYNC !== false) attempt(() => readSyncSettings(env));
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${problems.join("\n  ")}`);
  return {
    role,
    nightlySync: own?.NIGHTLY_SYNC ?? true,
    server,
    build,
    snapshotsDir: folders.SNAPSHOTS_DIR,
    siteDir: folders.SITE_DIR,
  };
}
