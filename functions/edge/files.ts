/**
 * Serving files from disk (Node only): the public snapshot files and the static site. Streams the file, sets a
 * content type, validators (ETag, Last-Modified) and a cache policy, answers conditional requests (If-None-Match,
 * If-Modified-Since) with 304, a single byte range with 206 (416 past the end) and HEAD without a body. A file may
 * be answered from a compressed copy made beforehand (its bytes given), which takes no ranges.
 */

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname } from "node:path";
import { Readable } from "node:stream";
import { matchesIfNoneMatch } from "../http/conditional.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".parquet": "application/vnd.apache.parquet",
  ".xml": "application/xml; charset=utf-8",
  ".rss": "application/rss+xml; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** Extension-less files whose name fixes their type (RFC 9727 API catalog). */
const NAMED_TYPES: Record<string, string> = { "api-catalog": "application/linkset+json" };

export function contentTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return NAMED_TYPES[name] ?? CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

export interface FileOptions {
  cacheControl: string;
  /** Strong validator when known (the manifest's sha256); otherwise a weak one from size and mtime. */
  etag?: string;
  status?: number;
  headers?: Record<string, string>;
  /**
   * Answer with this compressed copy of the file instead of the file itself (a 200 only; ranges are not offered).
   * Its bytes are asked for only when the answer needs them: a 304 makes no copy.
   */
  encoded?: { encoding: string; bytes: () => Promise<Uint8Array> };
}

/** The file as a response, or null when `path` is not a regular file. */
export async function fileResponse(
  req: Request,
  path: string,
  options: FileOptions,
): Promise<Response | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const validator = options.etag
    ? `"${options.etag}"`
    : `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  // A compressed copy's validator names the content, not these bytes: weak (as edge/compression.ts makes it).
  const etag = options.encoded && !validator.startsWith("W/") ? `W/${validator}` : validator;
  const headers: Record<string, string> = {
    "content-type": contentTypeOf(path),
    "cache-control": options.cacheControl,
    etag,
    "last-modified": info.mtime.toUTCString(),
    ...options.headers,
  };
  const status = options.status ?? 200;
  if (status === 200 && notModified(req, etag, info.mtime))
    return new Response(null, { status: 304, headers });
  if (status !== 200) {
    headers["content-length"] = String(info.size);
    return new Response(req.method === "HEAD" ? null : stream(path), { status, headers });
  }
  if (options.encoded) {
    // zlib's output is backed by a plain ArrayBuffer, never a shared one.
    const bytes = (await options.encoded.bytes()) as Uint8Array<ArrayBuffer>;
    headers["content-encoding"] = options.encoded.encoding;
    headers["content-length"] = String(bytes.length);
    return new Response(req.method === "HEAD" ? null : bytes, { status, headers });
  }
  headers["accept-ranges"] = "bytes";
  const range = byteRange(req, etag, info.size);
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      headers: { ...headers, "content-range": `bytes */${info.size}` },
    });
  }
  if (range) {
    headers["content-range"] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers["content-length"] = String(range.end - range.start + 1);
    return new Response(req.method === "HEAD" ? null : stream(path, range), { status: 206, headers });
  }
  headers["content-length"] = String(info.size);
  return new Response(req.method === "HEAD" ? null : stream(path), { status, headers });
}

function stream(path: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
  return Readable.toWeb(createReadStream(path, range)) as ReadableStream<Uint8Array>;
}

/** RFC 9110 §13.2.2: If-None-Match wins; If-Modified-Since is read only without it (second precision). */
function notModified(req: Request, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers.get("if-none-match");
  if (ifNoneMatch !== null) return matchesIfNoneMatch(ifNoneMatch, etag);
  const since = Date.parse(req.headers.get("if-modified-since") ?? "");
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/**
 * One byte range from `Range: bytes=a-b` / `a-` / `-n` (RFC 9110 §14), honoured only while If-Range (when sent)
 * still names this version. Several ranges or a malformed header → the whole file (null), as the RFC allows.
 */
function byteRange(
  req: Request,
  etag: string,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const header = req.headers.get("range");
  if (!header || (req.method !== "GET" && req.method !== "HEAD")) return null;
  const ifRange = req.headers.get("if-range");
  if (ifRange !== null && ifRange.trim() !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
