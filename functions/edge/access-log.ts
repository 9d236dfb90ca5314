/**
 * One JSON log line per request, whatever answered it: who asked (client address as TRUST_PROXY resolves it, user
 * agent, caller kind and account/key ids — never a credential), what (method, path, request id) and how it went
 * (status, body bytes, milliseconds). The fields are documented in docs/operations.md#logs.
 */
import type { ServerResponse } from "node:http";
import { createMiddleware } from "hono/factory";
import type { Caller } from "../http/caller.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import type { Logger } from "../runtime/logger.ts";

/** The caller as logged: its kind and the ids that trace it; an unknown or refused credential by its reason only. */
function loggedCaller(caller: Caller | undefined): Record<string, string | null> {
  if (!caller) return { kind: "none" };
  switch (caller.kind) {
    case "account":
      return { kind: "account", account_id: caller.accountId, key_id: caller.keyId };
    case "invalid":
      return { kind: "invalid", reason: caller.reason };
    default:
      return { kind: caller.kind };
  }
}

/**
 * Bytes a Node response wrote to its connection, headers included, once it is done (finished or cut off): the
 * socket's count before and after. HTTP/1.1 answers one request at a time per connection, so the difference is
 * this answer's.
 */
export function bytesSent(outgoing: {
  socket: ServerResponse["socket"];
  once(event: "close", listener: () => void): unknown;
}): Promise<number> {
  const socket = outgoing.socket;
  const before = socket?.bytesWritten ?? 0;
  return new Promise((done) => outgoing.once("close", () => done((socket?.bytesWritten ?? before) - before)));
}

/** A host without a connection count (serverless): the declared body length, if any. */
const declaredBytes = (res: Response): number | null => {
  const length = res.headers.get("content-length");
  return length === null ? null : Number(length);
};

export const accessLog = (logger: Logger) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const res = c.res;
    const line = (bytes: number | null) =>
      logger.info(
        {
          request_id: c.get("requestId"),
          ip: c.get("ip") ?? null,
          method: c.req.method,
          path: c.req.path,
          user_agent: c.req.header("user-agent") ?? null,
          caller: loggedCaller(c.get("caller")),
          status: res.status,
          bytes,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    // Logged once the answer is out, so bytes and ms cover the whole body, streamed or not.
    const sent = c.env?.sent;
    if (sent) void sent.then(line);
    else line(declaredBytes(res));
  });
