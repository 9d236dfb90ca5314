/**
 * Headers every response carries, set on whatever the steps inside produced (API JSON, page, file, or an edge
 * refusal): the request id (except on publicly cacheable answers), open CORS, the Content-Security-Policy, the fixed
 * security headers (nosniff, Referrer-Policy, X-Frame-Options), and no server banner or X-Powered-By.
 */
import { after, type EdgeAnswer, type EdgeRequest, type EdgeStep, type HeaderMap } from "./step.ts";

/** A Vary value with `name` added unless it is already one of its names. */
export function varyWith(vary: string | null | undefined, name: string): string {
  if (!vary) return name;
  const listed = vary.split(",").some((n) => n.trim().toLowerCase() === name.toLowerCase());
  return listed ? vary : `${vary}, ${name}`;
}

/** Adds `value` to the Vary header unless it is already one of its names. */
export function addVary(headers: HeaderMap, value: string): void {
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

/**
 * Custom rather than hono/cors (which sets its headers on a placeholder response that Hono then copies into every
 * answer) and rather than hono/secure-headers (a static CSP, where ours depends on the answer's type and a page's
 * own; of its other headers this service sends three).
 */
function setAnswerHeaders({ headers }: EdgeAnswer, req: EdgeRequest): void {
  // A shared cache would hand one request's id (possibly the client's own) to everyone who gets the copy.
  if (isPubliclyCacheable(headers.get("cache-control"))) headers.delete("x-request-id");
  else headers.set("x-request-id", req.get("requestId"));
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS);
  // A page served from the site already carries its own CSP (PAGE_CSP plus its inline-script hashes).
  if (!headers.has("content-security-policy")) {
    const isHtml = (headers.get("content-type") ?? "").startsWith("text/html");
    headers.set("content-security-policy", isHtml ? PAGE_CSP : DATA_CSP);
  }
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "DENY");
  headers.delete("server");
  headers.delete("x-powered-by");
}

/** The step's outcome, made once: it keeps nothing of its own per request. */
const SETS_ANSWER_HEADERS = after(setAnswerHeaders);

export const responseHeaders: EdgeStep = { run: () => SETS_ANSWER_HEADERS };
