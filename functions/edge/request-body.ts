/**
 * Bounded request bodies. Every body is read here, before anything else touches it, up to the route's limit
 * (login 16 KB, MCP 1 MB, watchlists 16 KB, anything else 64 KB); a larger one, declared (Content-Length) or
 * streamed (chunked), is refused 413 as soon as the limit is crossed and the rest is never buffered. The login also takes
 * application/json only: a text/plain POST can be sent cross-site without a CORS preflight. On Node, a body whose
 * Content-Length is within the limit is read straight from the socket when this step asks for it
 * (declaredBodyReader), which costs far less than reading it through the web Request's stream.
 */
import type { IncomingMessage } from "node:http";
import { bodyLimitOf } from "../http/body-limits.ts";
import { LOGIN_PATH } from "../http/paths.ts";
import type { PreReadBody } from "../http/request-context.ts";
import { refusal } from "./refusal.ts";
import { answer, type BodyRead, type EdgeStep, whenSettled } from "./step.ts";

/** A body read under the limit, with the web Request that now carries it in memory; or why it is refused. */
export type BodyCheck = (BodyRead & { ok: false }) | { ok: true; req: Request; body: Uint8Array | undefined };

const tooLarge = (limit: number): BodyCheck => ({
  ok: false,
  status: 413,
  message: `request body larger than ${limit} bytes`,
});

const hasNoBody = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * For a request whose declared Content-Length the route's limit allows (nothing chunked), a reader of its body
 * straight from the socket, which also hands the bytes to the web Request as its raw body (@hono/node-server reads
 * `rawBody`); null for any other request, whose body the app's step reads as it comes (and refuses 413 past the
 * limit). The reader runs only when the body step asks: refusals before it (per-second limit) read nothing.
 */
export function declaredBodyReader(incoming: IncomingMessage): (() => Promise<PreReadBody>) | null {
  const url = incoming.url ?? "";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
  if (
    hasNoBody(incoming.method ?? "GET") ||
    incoming.headers["transfer-encoding"] !== undefined ||
    path.includes("%") ||
    !(declared > 0 && declared <= bodyLimitOf(path))
  )
    return null;
  return () =>
    new Promise((done) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.once("end", () => {
        const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        Object.assign(incoming, { rawBody: bytes });
        done({ bytes });
      });
      incoming.once("error", () => done({ unreadable: true }));
      incoming.once("close", () => {
        if (!incoming.readableEnded) done({ unreadable: true });
      });
    });
}

const UNREADABLE: BodyCheck = { ok: false, status: 400, message: "the request body could not be read" };

/**
 * The request with its body read into memory (at most the limit), or why it is refused; `readBody`: the Node
 * listener's reader of a declared body (declaredBodyReader), used instead of the web Request's stream.
 */
export async function boundedRequest(
  req: Request,
  pathname: string,
  readBody?: () => Promise<PreReadBody>,
): Promise<BodyCheck> {
  // The method first: asking a Node request for its body builds the whole web Request (not asked with a reader).
  const sent = hasNoBody(req.method) ? null : (readBody ?? req.body);
  if (!sent) return { ok: true, req, body: undefined };
  if (pathname === LOGIN_PATH && req.method === "POST") {
    const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      return {
        ok: false,
        status: 415,
        message: "the login takes an application/json body",
        headers: { accept: "application/json" },
      };
    }
  }
  if (typeof sent === "function") {
    const read = await sent();
    return "bytes" in read ? { ok: true, req, body: read.bytes } : UNREADABLE;
  }
  const limit = bodyLimitOf(pathname);
  if (Number(req.headers.get("content-length") ?? 0) > limit) {
    await sent.cancel().catch(() => {});
    return tooLarge(limit);
  }
  const reader = sent.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return tooLarge(limit);
      }
      chunks.push(chunk.value);
    }
  } catch {
    return UNREADABLE;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const headers = new Headers(req.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(size));
  return {
    ok: true,
    req: new Request(req.url, { method: req.method, headers, body, signal: req.signal }),
    body,
  };
}

/**
 * The body limit as the edge step: the request's body is read (bounded) here and the handlers get it from memory.
 * Custom rather than hono/body-limit, which stops a chunked body only once a handler reads it (after the quota is
 * charged), and has no per-route limit or the login's 415.
 */
export const bodyLimit: EdgeStep = {
  run: (req) =>
    whenSettled(req.readBody(), (read) => {
      if (!read.ok)
        return answer(refusal(req.path, read.status, read.message, req.get("requestId"), read.headers));
      req.set("body", read.body);
      return undefined;
    }),
};
