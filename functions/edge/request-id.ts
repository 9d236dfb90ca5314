/**
 * The request id (X-Request-Id): a sane incoming one is kept (to correlate with the caller's logs), anything else is
 * replaced by a UUID; headers.ts writes the header. Our own step rather than hono/request-id: its check would take
 * 1-character ids and refuse "." and ":".
 */
import type { EdgeStep } from "./step.ts";

/** A sane incoming X-Request-Id (the header's value, if sent) is kept; anything else is replaced. */
export function requestIdOf(incoming: string | null | undefined): string {
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

export const requestId: EdgeStep = {
  run(req) {
    req.set("requestId", requestIdOf(req.header("x-request-id")));
    return undefined;
  },
};
