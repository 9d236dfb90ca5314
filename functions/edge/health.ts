/**
 * Probes for orchestrators and monitoring, outside quotas and metering. /healthz says the process answers.
 * /readyz says whether it serves what it should: the state store answers within a second, and the snapshot in
 * service is not older than READY_MAX_SNAPSHOT_AGE_HOURS; it names the snapshot's date and age and what the last
 * nightly sync and build did (as the builder recorded them beside the snapshots), and answers 503 with the reasons
 * when it is not ready.
 */

import type { AccessControl } from "../http/caller.ts";
import type { BuildStatus } from "../runtime/build-status.ts";
import { withTimeout } from "../runtime/timeout.ts";

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

export async function healthResponse(pathname: string, ready: Readiness): Promise<Response> {
  if (pathname === "/healthz") return json(200, { status: "ok" });
  const store = await storeState(ready.access);
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
    store,
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
