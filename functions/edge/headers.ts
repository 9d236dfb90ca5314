/**
 * Headers every response carries, set on whatever the steps inside produced (API JSON, page, file, or an edge
 * refusal): the request id (except on publicly cacheable answers), open CORS, the Content-Security-Policy, and no
 * server banner. The fixed security
 * headers (nosniff, Referrer-Policy, X-Frame-Options, no X-Powered-By) are Hono's secureHeaders with
 * SECURITY_HEADERS.
 */
import { createMiddleware } from "hono/factory";
import type { secureHeaders } from "hono/secure-headers";
import type { EdgeEnv } from "../http/request-context.ts";

/** A Vary value with `name` added unless it is already one of its names. */
export function varyWith(vary: string | null | undefined, name: string): string {
  if (!vary) return name;
  const listed = vary.split(",").some((n) => n.trim().toLowerCase() === name.toLowerCase());
  return listed ? vary : `${vary}, ${name}`;
}

/** Adds `value` to the Vary header unless it is already one of its names. */
export function addVary(headers: Headers, value: string): void {
  headers.set("vary", varyWith(headers.get("vary"), value));
}

/** Whether a shared cache may keep the answer: `public` or `s-maxage`, and neither `private` nor `no-store`. */
export function isPubliclyCacheable(cacheControl: string | null): boolean {
  const names = (cacheControl ?? "").split(",").map((d) => d.split("=")[0]?.trim().toLowerCase() ?? "");
  const shared = names.includes("public") || names.includes("s-maxage");
  return shared && !names.includes("private") && !names.includes("no-store");
}

export const CORS_ALLOW_METHODS = "GET, HEAD, POST, OPTIONS";
export const CORS_ALLOW_HEADERS =
  "Authorization, Content-Type, Accept, X-Request-Id, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID";
export const CORS_EXPOSE_HEADERS =
  "X-Quota-Limit, X-Quota-Remaining, Retry-After, X-Request-Id, Mcp-Session-Id";

/**
 * CSP for HTML pages: same-origin resources only (inline styles allowed for the generated pages), no framing,
 * no plugins. Inline scripts run only when the page's CSP lists their hashes (see page-csp.ts).
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

/** CSP for everything else (JSON, files): nothing may load or frame it. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

const REFERRER_POLICY = "strict-origin-when-cross-origin";
const X_FRAME_OPTIONS = "DENY";

/** hono/secure-headers, reduced to the three headers this service has always sent (and no X-Powered-By). */
export const SECURITY_HEADERS: Parameters<typeof secureHeaders>[0] = {
  xContentTypeOptions: true,
  referrerPolicy: REFERRER_POLICY,
  xFrameOptions: X_FRAME_OPTIONS,
  removePoweredBy: true,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers the steps above give an answer that is neither a page nor publicly cacheable (an API answer), for
 * the kept-answer lane (edge/kept-answers.ts), which answers without them; test/edge/kept-answers.test.ts holds
 * the two alike.
 */
export const DATA_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": REFERRER_POLICY,
  "x-frame-options": X_FRAME_OPTIONS,
  "access-control-allow-origin": "*",
  "access-control-expose-headers": CORS_EXPOSE_HEADERS,
  "content-security-policy": DATA_CSP,
};

/**
 * Custom rather than hono/cors (which sets its headers on a placeholder response that Hono then copies into every
 * answer) and rather than secureHeaders' static CSP (the CSP depends on the answer's type and a page's own).
 */
export const responseHeaders = createMiddleware<EdgeEnv>(async (c, next) => {
  await next();
  const { headers } = c.res;
  // A shared cache would hand one request's id (possibly the client's own) to everyone who gets the copy.
  if (isPubliclyCacheable(headers.get("cache-control"))) headers.delete("x-request-id");
  else headers.set("x-request-id", c.get("requestId"));
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS);
  // A page served from the site already carries its own CSP (PAGE_CSP plus its inline-script hashes).
  if (!headers.has("content-security-policy")) {
    const isHtml = (headers.get("content-type") ?? "").startsWith("text/html");
    headers.set("content-security-policy", isHtml ? PAGE_CSP : DATA_CSP);
  }
  headers.delete("server");
});
