/**
 * Probes for orchestrators and monitoring, outside quotas and metering. /healthz says the process answers.
 * /readyz says whether it serves what it should: the state store answers within a second, and the snapshot in
 * service is not older than READY_MAX_SNAPSHOT_AGE_HOURS; it names the snapshot's date and age and what the last
 * nightly sync and build did (as the builder recorded them beside the snapshots), and answers 503 with the reasons
 * when it is not ready. It also reports the state store's room (free space of STATE_DIR's file system, the store's
 * size, Redis's maxmemory) and warns, still ready, when it is under STATE_MIN_FREE: an operator can act before a
 * full store turns metered calls into 503s.
 */

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
  const reasons = [
    ...(store === "ok" ? [] : [`state store: ${store}`]),
    ...(stale ? [`snapshot of ${date} is ${Math.floor(ageHours)} h old, over the ${max} h limit`] : []),
  ];
  const body = {
    status: reasons.length === 0 ? "ready" : "unavailable",
    reasons,
    warnings: room.warnings,
    store,
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
