/**
 * What a test server reads, each in a fresh temp folder: the fixture snapshot and a small static site, with the
 * part of the server environment that points at them. Tests add their own settings on top of `env`.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { tempSnapshotsDir, writeFixtureSnapshot } from "./snapshot-fixture.ts";

export const BASE_URL = "https://venues.test";

export interface ServedFixture {
  snapshotsDir: string;
  siteDir: string;
  /** A free port on 127.0.0.1, BASE_URL as the public address, the two folders, no snapshot polling. */
  env: Record<string, string>;
  /** Deletes both folders. */
  remove(): Promise<void>;
}

/** Writes the fixture snapshot (with overrides) and the site's files (path → content) to fresh temp folders. */
export async function servedFixture(
  site: Record<string, string> = {},
  snapshot: Partial<SnapshotContent> = {},
): Promise<ServedFixture> {
  const snapshotsDir = await tempSnapshotsDir();
  await writeFixtureSnapshot(snapshotsDir, snapshot);
  const siteDir = await mkdtemp(join(tmpdir(), "venue-site-"));
  for (const [path, content] of Object.entries(site)) {
    await mkdir(dirname(join(siteDir, path)), { recursive: true });
    await writeFile(join(siteDir, path), content);
  }
  return {
    snapshotsDir,
    siteDir,
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: BASE_URL,
      SNAPSHOTS_DIR: snapshotsDir,
      SITE_DIR: siteDir,
      SNAPSHOT_POLL_MS: "0",
    },
    async remove() {
      await rm(snapshotsDir, { recursive: true, force: true });
      await rm(siteDir, { recursive: true, force: true });
    },
  };
}
