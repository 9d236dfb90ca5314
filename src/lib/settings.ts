/**
 * Build settings of the site, read from the environment once: where the snapshot is, the public base URL of
 * absolute links, and the clock the build treats as "now" (pinned in tests so two builds agree).
 */
import { resolve } from "node:path";
import { publicBaseUrl } from "../../runtime/base-url.ts";

export interface SiteSettings {
  /** Absolute base of links in feeds, sitemap and discovery files; no trailing slash. */
  baseUrl: string;
  /** The snapshot directory the site is built from (`$SNAPSHOTS_DIR/latest`). */
  snapshotDir: string;
  /** "Now" for upcoming deadlines and feed windows. */
  buildTime: Date;
}

export function readSettings(env: Record<string, string | undefined> = process.env): SiteSettings {
  const baseUrl = publicBaseUrl(env);
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new Error(`PUBLIC_BASE_URL must be an http(s) URL, got ${JSON.stringify(env.PUBLIC_BASE_URL)}`);
  }
  const snapshotDir = resolve(env.SNAPSHOTS_DIR?.trim() || "snapshots", "latest");
  const pinned = env.BUILD_NOW?.trim();
  const buildTime = pinned ? new Date(pinned) : new Date();
  if (Number.isNaN(buildTime.getTime())) {
    throw new Error(`BUILD_NOW must be an ISO date-time, got ${JSON.stringify(pinned)}`);
  }
  return { baseUrl, snapshotDir, buildTime };
}

let cached: SiteSettings | undefined;

/** The settings of this build, read on first use. */
export function settings(): SiteSettings {
  cached ??= readSettings();
  return cached;
}
