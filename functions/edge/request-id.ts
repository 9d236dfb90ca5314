/**
 * The request id (X-Request-Id): a sane incoming one is kept (to correlate with the caller's logs), anything else is
 * replaced by a UUID. Set by Hono's requestId middleware with REQUEST_ID_OPTIONS; headers.ts writes the header.
 */
import type { Context } from "hono";
import type { requestId } from "hono/request-id";

/** A sane incoming X-Request-Id (the header's value, if sent) is kept; anything else is replaced. */
export function requestIdOf(incoming: string | null | undefined): string {
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * hono/request-id with our own check in its generator: its built-in check would take 1-character ids and refuse
 * "." and ":" (headerName "" leaves reading and writing the header to requestIdOf and headers.ts).
 */
export const REQUEST_ID_OPTIONS: Parameters<typeof requestId>[0] = {
  headerName: "",
  generator: (c: Context) => requestIdOf(c.req.header("x-request-id")),
};
