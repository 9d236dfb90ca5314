/**
 * One JSON log line per request, whatever answered it: who asked (client address as TRUST_PROXY resolves it, user
 * agent, caller kind and account/key ids — never a credential), what (method, path, request id) and how it went
 * (status, body bytes, milliseconds). The fields are documented in docs/operations.md#logs.
 */
import type { ServerResponse } from "node:http";
import type { Caller } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import { after, type EdgeAnswer, type EdgeStep } from "./step.ts";

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
const declaredBytes = (res: EdgeAnswer): number | null => {
  const length = res.headers.get("content-length");
  return length === null ? null : Number(length);
};

/** What a request's log line says about it, besides the bytes sent. */
export interface RequestRecord {
  requestId: string;
  ip: string | undefined;
  method: string;
  path: string;
  userAgent: string | undefined;
  caller: Caller | undefined;
  status: number;
  /** performance.now() when the request arrived. */
  started: number;
}

/**
 * Writes the request's line once its answer is out (`sent` settles with the bytes written), so bytes and ms cover
 * the whole body, streamed or not; without a connection count, with `declared` bytes at once.
 */
export function logRequest(
  logger: Logger,
  r: RequestRecord,
  sent: Promise<number> | undefined,
  declared: number | null,
): void {
  if (sent) void sent.then((bytes) => writeLine(logger, r, bytes));
  else writeLine(logger, r, declared);
}

function writeLine(logger: Logger, r: RequestRecord, bytes: number | null): void {
  logger.info(
    {
      request_id: r.requestId,
      ip: r.ip ?? null,
      method: r.method,
      path: r.path,
      user_agent: r.userAgent ?? null,
      caller: loggedCaller(r.caller),
      status: r.status,
      bytes,
      ms: Math.round(performance.now() - r.started),
    },
    "request",
  );
}

export const accessLog = (logger: Logger): EdgeStep => ({
  run(req) {
    const started = performance.now();
    return after((res) => {
      const record: RequestRecord = {
        requestId: req.get("requestId"),
        ip: req.get("ip"),
        method: req.method,
        path: req.path,
        userAgent: req.header("user-agent"),
        caller: req.get("caller"),
        status: res.status,
        started,
      };
      logRequest(logger, record, req.sent, req.sent ? null : declaredBytes(res));
    });
  },
});
