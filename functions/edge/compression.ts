/**
 * Compression of text answers (pages, JSON, CSV, feeds, Markdown, calendars) for clients that accept it: brotli
 * preferred, then gzip, streamed through node:zlib. Every compressible answer says `Vary: Accept-Encoding`, compressed
 * or not. Left alone: binary types (Parquet, images), event streams (MCP), partial (206) and bodiless answers, small
 * bodies, and anything already encoded. The ETag of a compressed answer turns weak (it names the content, not these
 * bytes), and byte ranges are offered on the identity encoding only.
 */

import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { createMiddleware } from "hono/factory";
import type { EdgeEnv } from "../http/request-context.ts";
import { addVary } from "./headers.ts";
import type { HeaderMap } from "./step.ts";

/** Below this many bytes the encoding costs more than it saves. */
const MIN_BYTES = 1024;

/** Fast settings: answers are compressed on the fly, and level 11 brotli would cost seconds on a 3 MB file. */
const BROTLI_QUALITY = 5;

export function isCompressible(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "text/event-stream") return false;
  return (
    type.startsWith("text/") ||
    type.endsWith("+json") ||
    type.endsWith("+xml") ||
    ["application/json", "application/xml", "application/javascript", "application/geo+json"].includes(type)
  );
}

/** The encoding to use for an Accept-Encoding header: "br", "gzip" or null (q=0 refuses a coding). */
export function chooseEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.get("*") || 0);
  const br = quality("br");
  const gzip = quality("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/** Every compressible answer varies by Accept-Encoding, compressed or not; false for any other. */
export function varyByEncoding(headers: HeaderMap): boolean {
  if (!isCompressible(headers.get("content-type"))) return false;
  addVary(headers, "Accept-Encoding");
  return true;
}

/**
 * Compresses the answer when the client accepts it and the answer is a text worth compressing; otherwise returns
 * it as it is (with `Vary: Accept-Encoding` added in place when it is compressible).
 */
export function compressResponse(req: Request, res: Response): Response {
  if (!varyByEncoding(res.headers)) return res;
  const length = Number(res.headers.get("content-length") ?? Number.NaN);
  const encoding = chooseEncoding(req.headers.get("accept-encoding"));
  // res.body last: reading it turns node-server's lightweight answer into a stream, the slow way out.
  if (
    !encoding ||
    req.method === "HEAD" ||
    res.status === 206 ||
    res.status === 204 ||
    res.status === 304 ||
    res.headers.has("content-encoding") ||
    length < MIN_BYTES ||
    !res.body
  ) {
    return res;
  }
  const zip =
    encoding === "br"
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            ...(Number.isFinite(length) ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
          },
        })
      : createGzip();
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).pipe(zip);
  const { headers } = res;
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  headers.delete("accept-ranges");
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

/** Custom rather than hono/compress: that one has no brotli and leaves a compressed answer's ETag strong. */
export const compression = createMiddleware<EdgeEnv>(async (c, next) => {
  await next();
  const compressed = compressResponse(c.req.raw, c.res);
  if (compressed === c.res) return;
  // Cleared first: Hono's setter would copy the old headers (Content-Length, the strong ETag) onto the new answer.
  c.res = undefined;
  c.res = compressed;
});
