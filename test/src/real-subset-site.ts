/**
 * A real-data site small enough to build in seconds: the real upstream through the real pipeline, then only the
 * venues a test names (and every CCF A venue, so lists and ranking pages are as full as the real ones) written
 * again through the real writer, and the site built from that. Names, places, deadlines and rank histories are the
 * sources' own, at a fraction of the 11,000 pages of the whole build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { writeSnapshot } from "../../pipeline/write/write.ts";
import type { ConferenceRow, JournalRow } from "../../snapshot/records.ts";
import { buildQuietly, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";
import { astroBuild, type BuiltSite, workDir } from "./build-site.ts";

export interface VenuePick {
  /** Conferences kept by short name, beside every CCF A one. */
  conferences: readonly string[];
  /** Journals kept by short name, beside every CCF A one. */
  journals: readonly string[];
}

const read = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));

/** The real snapshot of `dir` cut down to the picked venues, as the writer takes it. */
function subsetContent(dir: string, pick: VenuePick): SnapshotContent {
  const manifest = read(dir, "manifest.json");
  const keep = <T extends { short_name: string | null; ccf_rank: string }>(
    rows: T[],
    names: readonly string[],
  ) => rows.filter((r) => r.ccf_rank === "A" || names.includes(r.short_name ?? ""));
  const conferences: ConferenceRow[] = keep(read(dir, "conferences.json").conferences, pick.conferences);
  const journals: JournalRow[] = keep(read(dir, "journals.json").journals, pick.journals);
  const conferenceIds = new Set(conferences.map((c) => c.id));
  const journalIds = new Set(journals.map((j) => j.id));
  const details = read(dir, "details.json");
  return {
    date: manifest.date,
    generatedAt: manifest.generated_at,
    baseUrl: manifest.base_url,
    conferences,
    journals,
    specialIssues: read(dir, "special-issues.json").special_issues.filter((s: { journal_id: string }) =>
      journalIds.has(String(s.journal_id)),
    ),
    conferenceDetails: details.conferences.filter((d: { id: string }) => conferenceIds.has(d.id)),
    journalDetails: details.journals.filter((d: { id: string }) => journalIds.has(d.id)),
    idRegistry: read(dir, "ids.json"),
    report: {
      json: read(dir, "build-report.json"),
      markdown: readFileSync(join(dir, "build-report.md"), "utf8"),
    },
    sources: manifest.sources,
    terms: manifest.terms,
  };
}

/**
 * The real upstream built at `now`, cut down to `pick`, and the site built from it for `baseUrl` (in a work folder
 * under test-results/ named by `label`; the caller removes `root`).
 */
export async function buildRealSubsetSite(
  label: string,
  pick: VenuePick,
  baseUrl: string,
  now = new Date(),
): Promise<BuiltSite> {
  const root = await workDir(label);
  const { dir } = await buildQuietly(REAL_UPSTREAM, join(root, "full"), baseUrl, now);
  const snapshotsDir = join(root, "snapshots");
  await writeSnapshot(snapshotsDir, subsetContent(dir, pick));
  const dist = join(root, "dist");
  const seconds = await astroBuild(dist, {
    SNAPSHOTS_DIR: snapshotsDir,
    PUBLIC_BASE_URL: baseUrl,
    BUILD_NOW: now.toISOString(),
  });
  return { root, snapshotsDir, dist, seconds };
}
