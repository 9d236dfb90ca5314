/**
 * The fixture snapshot (with overrides) written to a temp folder and opened as the query layer's source, for one
 * file's tests.
 */
import { rm } from "node:fs/promises";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { SnapshotSource } from "../../read/query/snapshot-source.ts";
import { forFile } from "./for-file.ts";
import { tempSnapshotsDir, writeFixtureSnapshot } from "./snapshot-fixture.ts";

export interface FixtureSource {
  /** The snapshots folder (SNAPSHOTS_DIR). */
  dir: string;
  source: SnapshotSource;
}

export function fixtureSourceForFile(overrides: Partial<SnapshotContent> = {}): () => FixtureSource {
  return forFile(
    async () => {
      const dir = await tempSnapshotsDir();
      await writeFixtureSnapshot(dir, overrides);
      return { dir, source: await SnapshotSource.open({ snapshotsDir: dir }) };
    },
    async ({ dir, source }) => {
      source.close();
      await rm(dir, { recursive: true, force: true });
    },
  );
}
