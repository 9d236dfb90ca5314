/**
 * Headers every response carries: open CORS, security headers and the request id. Applied last, on whatever
 * response the chain produced (API JSON, page, file, or an edge refusal).
 */

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

export function corsPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-methods": CORS_ALLOW_METHODS,
      "access-control-allow-headers": CORS_ALLOW_HEADERS,
      "access-control-max-age": "86400",
      allow: CORS_ALLOW_METHODS,
    },
  });
}

export function applyCommonHeaders(headers: Headers, requestId: string): void {
  headers.set("x-request-id", requestId);
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS);
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "DENY");
  // A page served from the site already carries its own CSP (PAGE_CSP plus its inline-script hashes).
  if (!headers.has("content-security-policy")) {
    const isHtml = (headers.get("content-type") ?? "").startsWith("text/html");
    headers.set("content-security-policy", isHtml ? PAGE_CSP : DATA_CSP);
  }
  // No framework or server banner.
  headers.delete("x-powered-by");
  headers.delete("server");
}

/** A sane incoming X-Request-Id is kept (to correlate with the caller's logs); anything else is replaced. */
export function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}
