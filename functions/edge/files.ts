/**
 * Serving files from disk (Node only): the public snapshot files and the static site. Streams the file, sets a
 * content type, a validator (ETag) and a cache policy, answers conditional requests with 304 and HEAD without a
 * body.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname } from "node:path";
import { Readable } from "node:stream";

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
}

/** The file as a response, or null when `path` is not a regular file. */
export async function fileResponse(
  req: Request,
  path: string,
  options: FileOptions,
): Promise<Response | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const etag = options.etag
    ? `"${options.etag}"`
    : `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers: Record<string, string> = {
    "content-type": contentTypeOf(path),
    "cache-control": options.cacheControl,
    etag,
    "last-modified": info.mtime.toUTCString(),
    ...options.headers,
  };
  const status = options.status ?? 200;
  const matches = (req.headers.get("if-none-match") ?? "")
    .split(",")
    .some((tag) => tag.trim() === etag || tag.trim() === "*");
  if (status === 200 && matches) return new Response(null, { status: 304, headers });
  headers["content-length"] = String(info.size);
  if (req.method === "HEAD") return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
