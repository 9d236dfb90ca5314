/** A served test snapshot's merged.json, written as a build that merged venues writes it. */
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MERGED } from "../../snapshot/files.ts";
import { FIXTURE_CONFERENCES, FIXTURE_JOURNALS } from "./snapshot-fixture.ts";

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

/** Two ids the fixture snapshot has not, merged into its first conference and its first journal. */
export const FIXTURE_MERGE = {
  survivor: FIXTURE_CONFERENCES[0]?.id as string,
  journal: FIXTURE_JOURNALS[0]?.id as string,
  gone: "3168910765",
  goneJournal: "4168910765",
};

/** Writes FIXTURE_MERGE's two merges into the snapshot `snapshotsDir/latest` points to. */
export function writeFixtureMerge(snapshotsDir: string): void {
  const { survivor, journal, gone, goneJournal } = FIXTURE_MERGE;
  writeMergedIds(snapshotsDir, { conferences: { [gone]: survivor }, journals: { [goneJournal]: journal } });
}
