/**
 * DNS-rebinding protection, limited to what a rebinding attack can reach:
 *   hostGuard (/api and /mcp): the Host header must name this service (the host of PUBLIC_BASE_URL), a loopback
 *     name, or a host listed in ALLOWED_HOSTS. A page on evil.example whose name was re-pointed at this server
 *     sends Host evil.example → 403.
 *   originGuard (/mcp only): an Origin, when a browser sends one, must be one of those hosts (same origin,
 *     loopback) or listed in ALLOWED_ORIGINS. The public read-only API carries no cookies and answers any Origin
 *     (open CORS, interface spec): refusing foreign Origins there would lock every web page out of it.
 */
import { z } from "zod";
import { errorResponse } from "../http/envelope.ts";
import { isApiPath, MCP_PATH } from "../http/paths.ts";
import { answer, type EdgeStep } from "./step.ts";

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

/** The canonical spelling of a host name (what a URL parser makes of it: "[::1]" for "[0:0::1]"). */
function canonicalHostName(name: string): string | undefined {
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * ALLOWED_HOSTS: comma- or space-separated host names (no scheme, no port), e.g. "api.example.org,example.org",
 * each in its canonical spelling: a Host header is matched as written (hostRefusal), and the HTTP layer refuses
 * a Host whose address a URL parser would rewrite.
 */
export const AllowedHostsEnv = listEnv.refine(
  (hosts) => hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(h) && canonicalHostName(h) === h),
  {
    error:
      "ALLOWED_HOSTS must list host names without scheme or port, each as a URL writes it ([::1], 127.0.0.1), separated by commas",
  },
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

/**
 * A Host header as the one rule reads it: a host name (letters, digits, "-", ".") or a bracketed IPv6 address,
 * then an optional port. Nothing else: no user part, path, percent-escape, second value ("a, b" is how a repeated
 * Host reads) or empty port.
 */
const HOST_HEADER = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * Why a request's Host is refused, or undefined when it names this service: the one Host rule of the app
 * (hostGuard) and of the kept-answer lane. `host` is the header as the web Request reads it (every value, joined
 * by ", "). The name must be an allowed one as written, case aside: no URL parser rewrites it first ("127.1",
 * "[0:0::1]" and "evil@127.0.0.1" are refused), so a Host accepted here is one the HTTP layer
 * (@hono/node-server, which refuses a Host its URL parser would rewrite) accepts as well.
 */
export function hostRefusal(host: string, allowed: ReadonlySet<string>): string | undefined {
  const [, name = "", port = "0"] = HOST_HEADER.exec(host) ?? [];
  return allowed.has(name.toLowerCase()) && Number(port) <= 65535
    ? undefined
    : `Host ${JSON.stringify(host)} is not allowed on this server`;
}

/** Why this request's Origin is refused, or undefined when it sends none or an allowed one. */
export function originRefusal(
  origin: string | null | undefined,
  allowedHosts: ReadonlySet<string>,
  allowedOrigins: readonly string[],
): string | undefined {
  if (origin === null || origin === undefined) return undefined;
  const parsed = exactOrigin(origin.toLowerCase());
  if (parsed && (allowedHosts.has(new URL(parsed).hostname) || allowedOrigins.includes(parsed)))
    return undefined;
  return `Origin ${JSON.stringify(origin)} is not allowed on this server`;
}

/** /api and /mcp answer 403 to a Host that is not this service. */
export const hostGuard = (allowed: ReadonlySet<string>): EdgeStep => {
  const refused = (path: string, host: string) => (isApiPath(path) ? hostRefusal(host, allowed) : undefined);
  return {
    refuses: (req) => refused(req.path, req.host) !== undefined,
    run(req) {
      const reason = refused(req.path, req.host);
      return reason ? answer(errorResponse(403, reason, req.get("requestId"))) : undefined;
    },
  };
};

/** On /mcp: 403 to a browser Origin that is neither this service, loopback nor in ALLOWED_ORIGINS. */
export const originGuard = (
  allowedHosts: ReadonlySet<string>,
  allowedOrigins: readonly string[],
): EdgeStep => {
  const refused = (path: string, origin: string | undefined) =>
    path === MCP_PATH ? originRefusal(origin, allowedHosts, allowedOrigins) : undefined;
  return {
    refuses: (req) => refused(req.path, req.header("origin")) !== undefined,
    run(req) {
      const reason = refused(req.path, req.header("origin"));
      return reason ? answer(errorResponse(403, reason, req.get("requestId"))) : undefined;
    },
  };
};
