/**
 * /snapshots/latest/<file> and /snapshots/<YYYY-MM-DD>/<file>: only the files the snapshot's manifest lists as
 * public, plus manifest.json itself. Internal files (details, id registry, build report) are never served, even
 * though they sit in the same folder.
 */
import { readFile, realpath } from "node:fs/promises";
import { join, sep } from "node:path";
import { Manifest } from "../schema/records.ts";
import { fileResponse } from "./files.ts";

const SNAPSHOT_PATH = /^\/snapshots\/(latest|\d{4}-\d{2}-\d{2})\/([A-Za-z0-9._-]+)$/;

export type FileHandler = (req: Request, pathname: string) => Promise<Response | null>;

export function snapshotFiles(snapshotsDir: string): FileHandler {
  return async (req, pathname) => {
    const match = SNAPSHOT_PATH.exec(pathname);
    if (!match) return null;
    const [, folder = "", name = ""] = match;
    const root = await realpath(snapshotsDir).catch(() => null);
    const dir = await realpath(join(snapshotsDir, folder)).catch(() => null);
    if (!root || !dir?.startsWith(root + sep)) return null;
    const manifestText = await readFile(join(dir, "manifest.json"), "utf8").catch(() => null);
    const manifest = manifestText === null ? null : Manifest.safeParse(JSON.parse(manifestText));
    if (!manifest?.success) return null;
    // `latest` moves daily; a dated folder never changes.
    const cacheControl = folder === "latest" ? "public, max-age=300" : "public, max-age=86400";
    if (name === "manifest.json") return fileResponse(req, join(dir, name), { cacheControl });
    const listed = manifest.data.files.find((f) => f.name === name);
    if (!listed) return null;
    return fileResponse(req, join(dir, name), { cacheControl, etag: listed.sha256 });
  };
}
