/**
 * /snapshots/latest/<file> and /snapshots/<YYYY-MM-DD>/<file>: only the files the snapshot's manifest lists as
 * public, plus manifest.json itself. Internal files (details, id registry, build report) are never served, even
 * though they sit in the same folder.
 *
 * Listings: /snapshots/ (every snapshot kept) and /snapshots/<latest|date>/ (its files with size, sha256 and
 * date) answer an index: HTML for people, JSON for scripts (Accept: application/json, or `index.json`).
 */

import { readdir, readFile, realpath } from "node:fs/promises";
import { join, sep } from "node:path";
import { CHANGES_FEED, CHANGES_FILE, LATEST, MANIFEST } from "../../snapshot/files.ts";
import { Manifest } from "../../snapshot/records.ts";
import { CompressedCopies } from "./compressed-copies.ts";
import { chooseEncoding, isCompressible } from "./compression.ts";
import { contentTypeOf, type FileOptions, fileResponse } from "./files.ts";
import { placementOf } from "./real-path.ts";

const SNAPSHOT_PATH = /^\/snapshots\/(latest|\d{4}-\d{2}-\d{2})\/([A-Za-z0-9._-]+)$/;
const SNAPSHOT_INDEX = /^\/snapshots\/(?:(latest|\d{4}-\d{2}-\d{2})\/)?(index\.json)?$/;
const DATED = /^\d{4}-\d{2}-\d{2}$/;
/** Types files.ts does not know by extension. */
const TYPES: Record<string, string> = { ".atom": "application/atom+xml; charset=utf-8" };

export type FileHandler = (req: Request, pathname: string) => Promise<Response | null>;

/** The snapshot in `snapshotsDir/<folder>` (its real path and manifest), or null when absent or invalid. */
async function openSnapshot(
  snapshotsDir: string,
  folder: string,
): Promise<{ dir: string; manifest: Manifest } | null> {
  const root = await realpath(snapshotsDir).catch(() => null);
  const dir = await realpath(join(snapshotsDir, folder)).catch(() => null);
  if (!root || !dir?.startsWith(root + sep)) return null;
  const manifestText = await readFile(join(dir, MANIFEST), "utf8").catch(() => null);
  if (manifestText === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    return null;
  }
  const manifest = Manifest.safeParse(parsed);
  return manifest.success ? { dir, manifest: manifest.data } : null;
}

function wantsJson(req: Request, asked: boolean): boolean {
  const accept = (req.headers.get("accept") ?? "").toLowerCase();
  return asked || (accept.includes("application/json") && !accept.includes("text/html"));
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** `rows` hold HTML already escaped by the caller; `feed` links the snapshot's changes feed when it has one. */
function htmlPage(title: string, head: string[], rows: string[][], feed = false): string {
  const cells = (tag: string, values: string[]) => values.map((v) => `<${tag}>${v}</${tag}>`).join("");
  const feedLink = feed
    ? `<link rel="alternate" type="application/atom+xml" title="Daily changes" href="${CHANGES_FEED}">`
    : "";
  const feedNote = feed
    ? `\n<p>What changed since the previous snapshot: <a href="${CHANGES_FILE}">${CHANGES_FILE}</a>; every day kept as an Atom feed: <a href="${CHANGES_FEED}">${CHANGES_FEED}</a>.</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${feedLink}</head>
<body><h1>${escapeHtml(title)}</h1>
<p>For scripts: <a href="index.json">index.json</a>. Terms and attribution: <a href="/download">download page</a>.</p>${feedNote}
<table><thead><tr>${cells("th", head)}</tr></thead><tbody>
${rows.map((r) => `<tr>${cells("td", r)}</tr>`).join("\n")}
</tbody></table></body></html>
`;
}

function indexResponse(req: Request, json: boolean, data: unknown, html: () => string): Response {
  const headers = { "cache-control": "public, max-age=300", vary: "Accept" };
  const [type, body] = json
    ? ["application/json; charset=utf-8", `${JSON.stringify(data, null, 2)}\n`]
    : ["text/html; charset=utf-8", html()];
  return new Response(req.method === "HEAD" ? null : body, { headers: { ...headers, "content-type": type } });
}

/** The file list of one snapshot: every public file with its size, sha256 and date. */
async function snapshotIndex(req: Request, snapshotsDir: string, folder: string, asked: boolean) {
  const snapshot = await openSnapshot(snapshotsDir, folder);
  if (!snapshot) return null;
  const { manifest } = snapshot;
  const files = manifest.files.map((f) => ({
    ...f,
    date: manifest.date,
    url: `/snapshots/${folder}/${f.name}`,
  }));
  const data = {
    snapshot: folder,
    date: manifest.date,
    version: manifest.version,
    terms: manifest.terms,
    files,
  };
  return indexResponse(req, wantsJson(req, asked), data, () =>
    htmlPage(
      `Snapshot ${folder === LATEST ? `latest (${manifest.date})` : folder}`,
      ["File", "Bytes", "SHA-256", "Date"],
      [
        ...files.map((f) => [
          `<a href="${escapeHtml(f.name)}">${escapeHtml(f.name)}</a>`,
          String(f.bytes),
          `<code>${escapeHtml(f.sha256)}</code>`,
          f.date,
        ]),
        [`<a href="manifest.json">manifest.json</a>`, "", "", manifest.date],
      ],
      manifest.files.some((f) => f.name === CHANGES_FEED),
    ),
  );
}

/** Every snapshot kept on disk, newest first, and which one `latest` is. */
async function snapshotsListing(req: Request, snapshotsDir: string, asked: boolean) {
  const names = await readdir(snapshotsDir).catch(() => [] as string[]);
  const latest = await openSnapshot(snapshotsDir, LATEST);
  const snapshots: { date: string; url: string; files: number; bytes: number; latest: boolean }[] = [];
  for (const name of names
    .filter((n) => DATED.test(n))
    .sort()
    .reverse()) {
    const snapshot = await openSnapshot(snapshotsDir, name);
    if (!snapshot) continue;
    const { files, date } = snapshot.manifest;
    snapshots.push({
      date,
      url: `/snapshots/${name}/`,
      files: files.length,
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      latest: latest?.dir === snapshot.dir,
    });
  }
  const data = {
    latest: latest ? { date: latest.manifest.date, url: "/snapshots/latest/" } : null,
    snapshots,
  };
  return indexResponse(req, wantsJson(req, asked), data, () =>
    htmlPage(
      "Snapshots",
      ["Snapshot", "Files", "Bytes"],
      [
        ...(latest ? [[`<a href="latest/">latest</a> (${latest.manifest.date})`, "", ""]] : []),
        ...snapshots.map((s) => [`<a href="${s.date}/">${s.date}</a>`, String(s.files), String(s.bytes)]),
      ],
    ),
  );
}

/**
 * A text file's compressed copy for a client that accepts one, made once (compressed-copies.ts) and only when the
 * answer carries it (not for a 304); none for a range request, which is answered from the file itself.
 */
function encodedCopy(
  req: Request,
  copies: CompressedCopies,
  path: string,
  sha256: string,
  type: string,
): FileOptions["encoded"] {
  const encoding = chooseEncoding(req.headers.get("accept-encoding"));
  if (!encoding || req.headers.has("range") || !isCompressible(type)) return undefined;
  return { encoding, bytes: () => copies.get(path, sha256, encoding) };
}

export function snapshotFiles(snapshotsDir: string): FileHandler {
  const copies = new CompressedCopies();
  return async (req, pathname) => {
    const index = SNAPSHOT_INDEX.exec(pathname);
    if (index) {
      const [, folder, asked] = index;
      return folder
        ? snapshotIndex(req, snapshotsDir, folder, asked !== undefined)
        : snapshotsListing(req, snapshotsDir, asked !== undefined);
    }
    const match = SNAPSHOT_PATH.exec(pathname);
    if (!match) return null;
    const [, folder = "", name = ""] = match;
    const snapshot = await openSnapshot(snapshotsDir, folder);
    if (!snapshot) return null;
    const { dir, manifest } = snapshot;
    // The file itself may be a planted symlink out of the folder.
    if ((await placementOf(dir, join(dir, name))) !== "inside") return null;
    // `latest` moves daily; a dated folder never changes.
    const cacheControl = folder === LATEST ? "public, max-age=300" : "public, max-age=86400";
    if (name === MANIFEST) return fileResponse(req, join(dir, name), { cacheControl });
    const listed = manifest.files.find((f) => f.name === name);
    if (!listed) return null;
    const path = join(dir, name);
    const type = TYPES[name.slice(name.lastIndexOf("."))];
    return fileResponse(req, path, {
      cacheControl,
      etag: listed.sha256,
      encoded: encodedCopy(req, copies, path, listed.sha256, type ?? contentTypeOf(path)),
      ...(type ? { headers: { "content-type": type } } : {}),
    });
  };
}
