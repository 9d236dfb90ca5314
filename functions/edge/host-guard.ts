/**
 * DNS-rebinding protection, limited to what a rebinding attack can reach:
 *   hostGuard (/api and /mcp): the Host header must name this service (the host of PUBLIC_BASE_URL), a loopback
 *     name, or a host listed in ALLOWED_HOSTS. A page on evil.example whose name was re-pointed at this server
 *     sends Host evil.example → 403.
 *   originGuard (/mcp only): an Origin, when a browser sends one, must be one of those hosts (same origin,
 *     loopback) or listed in ALLOWED_ORIGINS. The public read-only API carries no cookies and answers any Origin
 *     (open CORS, interface spec): refusing foreign Origins there would lock every web page out of it.
 */
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { errorResponse } from "../http/envelope.ts";
import { isApiPath } from "../http/paths.ts";
import type { EdgeEnv } from "../http/request-context.ts";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** A comma- or space-separated list from the environment, lower-cased. */
const listEnv = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(/[\s,]+/)
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** ALLOWED_HOSTS: comma- or space-separated host names (no scheme, no port), e.g. "api.example.org,example.org". */
export const AllowedHostsEnv = listEnv.refine(
  (hosts) => hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(h)),
  { error: "ALLOWED_HOSTS must list host names without scheme or port, separated by commas" },
);

/** The origin of `value` when it is written as one (http(s) scheme, host, optional port, nothing else). */
function exactOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    const isHttp = url.protocol === "http:" || url.protocol === "https:";
    return isHttp && url.origin === value.replace(/\/$/, "") ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** ALLOWED_ORIGINS: comma- or space-separated origins that may call /mcp from a page ("https://app.example.org"). */
export const AllowedOriginsEnv = listEnv
  .refine((origins) => origins.every((o) => exactOrigin(o) !== undefined), {
    error: "ALLOWED_ORIGINS must list origins (scheme://host[:port], no path), separated by commas",
  })
  .transform((origins) => origins.map((o) => exactOrigin(o) ?? o));

/** The host names this service answers to. */
export function allowedHostNames(publicBaseUrl: string, extra: readonly string[] = []): Set<string> {
  return new Set([new URL(publicBaseUrl).hostname.toLowerCase(), ...LOOPBACK, ...extra]);
}

/** A host name of letters, digits, "-" and "." with an optional port: "localhost:4321", "api.example.org". */
const PLAIN_HOST = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::\d{1,5})?$/i;

/** The host name of a Host header value ("name:port", "[::1]:port"); undefined when unreadable. */
function hostNameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** Why a request's Host (its header, else its URL's host) is refused, or undefined when it names this service. */
export function hostRefusal(host: string, allowed: ReadonlySet<string>): string | undefined {
  // The usual case, an allowed name as written, needs no URL parser; anything else is normalised by it first.
  if (allowed.has(PLAIN_HOST.exec(host)?.[1]?.toLowerCase() ?? "")) return undefined;
  const hostName = hostNameOf(host);
  return hostName && allowed.has(hostName)
    ? undefined
    : `Host ${JSON.stringify(host)} is not allowed on this server`;
}

/** Why this request's Origin is refused, or undefined when it sends none or an allowed one. */
export function originRefusal(
  req: Request,
  allowedHosts: ReadonlySet<string>,
  allowedOrigins: readonly string[],
): string | undefined {
  const origin = req.headers.get("origin");
  if (origin === null) return undefined;
  const parsed = exactOrigin(origin.toLowerCase());
  if (parsed && (allowedHosts.has(new URL(parsed).hostname) || allowedOrigins.includes(parsed)))
    return undefined;
  return `Origin ${JSON.stringify(origin)} is not allowed on this server`;
}

/** /api and /mcp answer 403 to a Host that is not this service. */
export const hostGuard = (allowed: ReadonlySet<string>) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    if (!isApiPath(c.req.path)) return next();
    const refused = hostRefusal(c.req.header("host") ?? new URL(c.req.url).host, allowed);
    return refused ? errorResponse(403, refused, c.get("requestId")) : next();
  });

/** Mounted on /mcp: 403 to a browser Origin that is neither this service, loopback nor in ALLOWED_ORIGINS. */
export const originGuard = (allowedHosts: ReadonlySet<string>, allowedOrigins: readonly string[]) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    const refused = originRefusal(c.req.raw, allowedHosts, allowedOrigins);
    return refused ? errorResponse(403, refused, c.get("requestId")) : next();
  });
