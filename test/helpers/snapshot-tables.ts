/** The JSON tables of a snapshot the pipeline wrote, read back as the tests of a build compare them. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildReport } from "../../pipeline/report.ts";
import type {
  ConferenceDetailData,
  ConferenceRow,
  JournalDetailData,
  JournalRow,
  SpecialIssueRow,
} from "../../snapshot/records.ts";
import { buildQuietly } from "./upstream-builds.ts";

export interface SnapshotTables {
  dir: string;
  /** The rows as written: with the `detail_page` link the writer adds. */
  conferences: (ConferenceRow & { detail_page: string })[];
  journals: JournalRow[];
  specialIssues: SpecialIssueRow[];
  details: { conferences: ConferenceDetailData[]; journals: JournalDetailData[] };
  report: BuildReport;
}

/** The tables of the dated snapshot folder `dir`. */
export function readSnapshotTables(dir: string): SnapshotTables {
  const json = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));
  return {
    dir,
    conferences: json("conferences.json").conferences,
    journals: json("journals.json").journals,
    specialIssues: json("special-issues.json").special_issues,
    details: json("details.json"),
    report: json("build-report.json"),
  };
}

/** The nightly build of `upstreamDir` into `snapshotsDir` for https://venues.example on the clock `now` (ISO), read back. */
export async function buildTables(
  upstreamDir: string,
  snapshotsDir: string,
  now: string,
): Promise<SnapshotTables> {
  const { dir } = await buildQuietly(upstreamDir, snapshotsDir, "https://venues.example", new Date(now));
  return readSnapshotTables(dir);
}
