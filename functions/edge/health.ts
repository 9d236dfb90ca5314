/**
 * Probes for orchestrators and monitoring, outside quotas and metering. /healthz says the process answers.
 * /readyz says whether it serves what it should: the state store answers within a second and is the state this
 * server serves (not emptied or replaced: store/identity-watch.ts), the site is in place, `latest` loads, the last
 * sync and build (as the builder recorded them beside the snapshots, at start, nightly or by hand) did not fail,
 * and the snapshot in service is not older than READY_MAX_SNAPSHOT_AGE_HOURS; it names the snapshot's date and age
 * and what the last sync and build did, and answers 503 naming every reason when it is not ready. It also reports the state store's room (free space of STATE_DIR's file system, the store's
 * size, Redis's maxmemory) and warns, still ready, when it is under STATE_MIN_FREE: an operator can act before a
 * full store turns metered calls into 503s.
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AccessControl } from "../../read/caller.ts";
import type { BuildStatus } from "../../runtime/build-status.ts";
import type { StorageFigures } from "../../runtime/metrics.ts";
import { withTimeout } from "../../runtime/timeout.ts";

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);
const READY_TIMEOUT_MS = 1000;
const HOUR_MS = 3_600_000;

export interface Readiness {
  access: AccessControl;
  /** The snapshot in service. */
  snapshot(): { version: string; date: string; generated_at: string };
  /** The last nightly sync's and build's outcomes. */
  nightly(): BuildStatus;
  /** Oldest snapshot still ready, hours; 0 = no limit. */
  maxSnapshotAgeHours: number;
  now(): Date;
  /** The state store's room (store/storage-watch.ts); absent for a server without a store. */
  storage?: () => Promise<StorageFigures>;
  /** Why the state store is not the state served (store/identity-watch.ts), or null; absent: no store. */
  stateProblem?: () => string | null;
  /** Why `latest` cannot be loaded, or null. */
  snapshotProblem?: () => string | null;
  /** The built site's folder: without its index.html every page is a 404. */
  siteDir?: string;
}

/** The reasons beside the store's and the snapshot age's: identity, site, snapshot loading, last sync and build. */
function otherReasons(ready: Readiness): string[] {
  const reasons: string[] = [];
  const state = ready.stateProblem?.();
  if (state) reasons.push(`state store: ${state}`);
  if (ready.siteDir && !existsSync(join(ready.siteDir, "index.html"))) {
    reasons.push(
      `site: ${join(ready.siteDir, "index.html")} is missing (SITE_DIR; build it with npm run site)`,
    );
  }
  const snapshot = ready.snapshotProblem?.();
  if (snapshot) reasons.push(`snapshot: ${snapshot}`);
  const { sync, build } = ready.nightly();
  for (const [step, outcome] of [
    ["sync", sync],
    ["build", build],
  ] as const) {
    if (outcome?.outcome === "failed") {
      reasons.push(`${step} failed at ${outcome.at}: ${outcome.message ?? "no message recorded"}`);
    }
  }
  return reasons;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });

/** "ok", or why the store cannot answer. */
async function storeState(access: AccessControl): Promise<string> {
  try {
    await withTimeout(access.peek({ kind: "anonymous", ip: "127.0.0.1" }), READY_TIMEOUT_MS, () => {
      throw new Error("state store timed out");
    });
    return "ok";
  } catch (err) {
    return err instanceof Error ? err.message : "state store unavailable";
  }
}

/** The room figures as /readyz shows them, and the warnings they raise (a reading that fails is one). */
async function storageState(ready: Readiness): Promise<{ storage?: object; warnings: string[] }> {
  if (!ready.storage) return { warnings: [] };
  try {
    const f = await withTimeout(ready.storage(), READY_TIMEOUT_MS, () => {
      throw new Error("timed out");
    });
    return {
      storage: {
        status: f.warnings.length > 0 ? "low" : "ok",
        disk_free_bytes: f.diskFreeBytes,
        disk_size_bytes: f.diskTotalBytes,
        store_bytes: f.storeBytes,
        store_max_bytes: f.storeMaxBytes,
      },
      warnings: f.warnings,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { storage: { status: "unknown" }, warnings: [`state store room could not be read: ${message}`] };
  }
}

export async function healthResponse(pathname: string, ready: Readiness): Promise<Response> {
  if (pathname === "/healthz") return json(200, { status: "ok" });
  const [store, room] = await Promise.all([storeState(ready.access), storageState(ready)]);
  const { version, date, generated_at } = ready.snapshot();
  const ageHours = Math.max(0, (ready.now().getTime() - Date.parse(generated_at)) / HOUR_MS);
  const max = ready.maxSnapshotAgeHours;
  const stale = max > 0 && ageHours > max;
  // A lost identity fails every store call: named once, with its own reason (otherReasons).
  const identityLost = Boolean(ready.stateProblem?.());
  const reasons = [
    ...(store === "ok" || identityLost ? [] : [`state store: ${store}`]),
    ...(stale ? [`snapshot of ${date} is ${Math.floor(ageHours)} h old, over the ${max} h limit`] : []),
    ...otherReasons(ready),
  ];
  const body = {
    status: reasons.length === 0 ? "ready" : "unavailable",
    reasons,
    warnings: room.warnings,
    store: identityLost ? "identity lost" : store,
    ...(room.storage ? { storage: room.storage } : {}),
    snapshot: {
      status: stale ? "stale" : "loaded",
      version,
      date,
      generated_at,
      age_hours: Math.round(ageHours * 10) / 10,
      max_age_hours: max,
    },
    nightly: ready.nightly(),
  };
  return reasons.length === 0 ? json(200, body) : json(503, body, { "retry-after": "5" });
}
