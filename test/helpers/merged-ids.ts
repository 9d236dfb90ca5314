/** A served test snapshot's merged.json, written as a build that merged venues writes it. */
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MERGED } from "../../snapshot/files.ts";

/** Per kind, each id merged away → the surviving id. */
export interface MergedIds {
  conferences: Record<string, string>;
  journals: Record<string, string>;
}

/** Writes `merged` into the snapshot `snapshotsDir/latest` points to (before the server first reads it). */
export function writeMergedIds(snapshotsDir: string, merged: MergedIds): void {
  const file = join(realpathSync(join(snapshotsDir, "latest")), MERGED);
  writeFileSync(file, JSON.stringify({ conferences: merged.conferences, journals: merged.journals }));
}
