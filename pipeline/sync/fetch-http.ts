/** Downloads one file with a conditional GET, so an unchanged file costs a 304 and no bytes. */
import { writeFileSync } from "node:fs";

export type HttpFetch =
  | { changed: false }
  | { changed: true; etag: string | null; lastModified: string | null; date: string };

export async function fetchHttp(
  url: string,
  dest: string,
  previous: { etag: string | null; last_modified: string | null } | undefined,
  timeoutMs: number,
  now: Date,
): Promise<HttpFetch> {
  const headers: Record<string, string> = { "user-agent": "venue-directory-sync" };
  if (previous?.etag) headers["if-none-match"] = previous.etag;
  if (previous?.last_modified) headers["if-modified-since"] = previous.last_modified;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot reach ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  if (res.status === 304) return { changed: false };
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
  writeFileSync(dest, Buffer.from(await res.arrayBuffer()));
  const lastModified = res.headers.get("last-modified");
  const modified = lastModified ? new Date(lastModified) : now;
  return {
    changed: true,
    etag: res.headers.get("etag"),
    lastModified,
    date: (Number.isNaN(modified.getTime()) ? now : modified).toISOString().slice(0, 10),
  };
}
