/**
 * DNS-rebinding protection for /mcp and /api: the Host header, and the Origin header when a browser sends one,
 * must name this service (the host of PUBLIC_BASE_URL), a loopback name, or a host listed in ALLOWED_HOSTS.
 * A page on evil.example whose name was re-pointed at this server sends Host/Origin evil.example → 403.
 */
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { errorResponse, isApiPath } from "../api/envelope.ts";
import type { EdgeEnv } from "./context.ts";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** ALLOWED_HOSTS: comma- or space-separated host names (no scheme, no port), e.g. "api.example.org,example.org". */
export const AllowedHostsEnv = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((hosts) => hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(h)), {
    error: "ALLOWED_HOSTS must list host names without scheme or port, separated by commas",
  });

/** The host names this service answers to. */
export function allowedHostNames(publicBaseUrl: string, extra: readonly string[] = []): Set<string> {
  return new Set([new URL(publicBaseUrl).hostname.toLowerCase(), ...LOOPBACK, ...extra]);
}

/** The host name of a Host header value ("name:port", "[::1]:port") or an Origin; undefined when unreadable. */
function hostNameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** Why this request is refused, or undefined when its Host (and Origin, if any) are allowed. */
export function hostRefusal(req: Request, allowed: ReadonlySet<string>): string | undefined {
  const host = req.headers.get("host") ?? new URL(req.url).host;
  const hostName = hostNameOf(host, false);
  if (!hostName || !allowed.has(hostName))
    return `Host ${JSON.stringify(host)} is not allowed on this server`;
  const origin = req.headers.get("origin");
  if (origin === null) return undefined;
  const originName = hostNameOf(origin, true);
  if (!originName || !allowed.has(originName))
    return `Origin ${JSON.stringify(origin)} is not allowed on this server`;
  return undefined;
}

/** The guard as an edge step: /api and /mcp answer 403 to a Host or Origin that is not this service. */
export const hostGuard = (allowed: ReadonlySet<string>) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    if (!isApiPath(c.req.path)) return next();
    const refused = hostRefusal(c.req.raw, allowed);
    if (refused) return errorResponse(403, refused, c.get("requestId"));
    return next();
  });
