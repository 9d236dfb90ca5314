/**
 * Probes for orchestrators, outside quotas and metering: /healthz says the process answers; /readyz says it can
 * serve metered calls (the state store answers within a second; the snapshot is loaded before the port is bound).
 */
import type { AccessControl } from "./access.ts";

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);
const READY_TIMEOUT_MS = 1000;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });

export async function healthResponse(pathname: string, access: AccessControl): Promise<Response> {
  if (pathname === "/healthz") return json(200, { status: "ok" });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("state store timed out")), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([access.peek({ kind: "anonymous", ip: "127.0.0.1" }), timeout]);
    return json(200, { status: "ready", store: "ok", snapshot: "loaded" });
  } catch (err) {
    const reason = err instanceof Error ? err.message : "state store unavailable";
    return json(503, { status: "unavailable", store: reason, snapshot: "loaded" }, { "retry-after": "5" });
  } finally {
    clearTimeout(timer);
  }
}
