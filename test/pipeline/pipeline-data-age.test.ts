/**
 * Issue 42 through the real build on the upstream fixtures: journals, their calls (details and the special-issue
 * table) and conference rows carry their data age and edition, and what only follows the clock (a journal's data
 * growing stale, an edition passing) never counts as a change of the venue: its updated_at stays.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SOURCE_ENTRIES } from "../../pipeline/sources/sources.ts";
import type { ConferenceRow } from "../../snapshot/records.ts";
import { isStaleData } from "../../snapshot/source-age.ts";
import { UPSTREAM_FIXTURES } from "../helpers/import-fixtures.ts";
import { buildTables, type SnapshotTables } from "../helpers/snapshot-tables.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-age-");

/** The fixtures' source dates (sources.yaml): the reference's is the newest behind most journals. */
const sourceDate = (id: string) => SOURCE_ENTRIES[id as keyof typeof SOURCE_ENTRIES]?.date ?? null;
const FRESH_DAY = "2026-08-25";
const LATER_DAY = "2026-12-01";

describe("data age and editions in the nightly build", () => {
  const build = (snapshots: string, day: string) =>
    buildTables(UPSTREAM_FIXTURES, snapshots, `${day}T06:00:00Z`);
  let fresh: SnapshotTables;
  let later: SnapshotTables;

  beforeAll(async () => {
    const snapshots = tempDir("snapshots");
    fresh = await build(snapshots, FRESH_DAY);
    later = await build(snapshots, LATER_DAY);
  });

  it("dates every journal by the newest source behind it, stale past the threshold", () => {
    expect(fresh.journals.length).toBeGreaterThan(0);
    for (const j of fresh.journals) {
      const detail = fresh.details.journals.find((d) => d.id === j.id);
      const newest =
        (detail?.sources ?? [])
          .flatMap((s) => sourceDate(s.source) ?? [])
          .sort()
          .at(-1) ?? null;
      expect(j.data_as_of, j.full_name).toBe(newest);
      expect(j.stale, j.full_name).toBe(isStaleData(newest, FRESH_DAY));
    }
    const reference = sourceDate("reference");
    expect(fresh.journals.some((j) => j.data_as_of === reference && !j.stale)).toBe(true);
    expect(later.journals.find((j) => j.data_as_of === reference)?.stale).toBe(true);
  });

  it("dates every call by its own source, in the details and the special-issue table alike", () => {
    expect(fresh.specialIssues.length).toBeGreaterThan(0);
    for (const si of fresh.specialIssues) {
      expect(si.data_as_of, si.title).toBe(sourceDate(si.source));
      expect(si.stale, si.title).toBe(isStaleData(si.data_as_of, FRESH_DAY));
      const inDetail = fresh.details.journals
        .find((d) => d.id === si.journal_id)
        ?.special_issues.find((c) => c.title === si.title);
      expect(inDetail, si.title).toMatchObject({ data_as_of: si.data_as_of, stale: si.stale });
    }
  });

  it("gives dated conferences an edition, next ones ahead of the build day", () => {
    const dated = fresh.conferences.filter((c) => c.edition !== null);
    expect(dated.length).toBeGreaterThan(0);
    for (const c of dated) {
      const { edition } = c as { edition: NonNullable<ConferenceRow["edition"]> };
      expect((edition.end_date ?? edition.start_date) >= FRESH_DAY, c.short_name).toBe(edition.next);
    }
  });

  it("keeps a journal's updated_at when only its data grew stale", () => {
    expect(later.journals.filter((j) => j.stale).length).toBeGreaterThan(
      fresh.journals.filter((j) => j.stale).length,
    );
    for (const j of fresh.journals) {
      expect(later.journals.find((x) => x.id === j.id)?.updated_at, j.full_name).toBe(j.updated_at);
    }
  });

  it("keeps a conference's updated_at when only its edition passed", async () => {
    // Two builds a conference's edition passes between while nothing else of its row moves (PODS, CVPR).
    const early = tempDir("early");
    const june = await build(early, "2026-06-01");
    const july = await build(early, "2026-07-15");
    // A conference whose other fields moved with the clock (its next deadline) changed; the edition alone never counts.
    const CLOCK_ONLY = new Set(["updated_at", "edition", "data_as_of", "stale"]);
    const inJuly = (c: ConferenceRow) => july.conferences.find((x) => x.id === c.id) as ConferenceRow;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const passed = june.conferences.filter(
      (c) =>
        !same(inJuly(c).edition, c.edition) &&
        Object.keys(c).every(
          (key) =>
            CLOCK_ONLY.has(key) || same(inJuly(c)[key as keyof ConferenceRow], c[key as keyof ConferenceRow]),
        ),
    );
    expect(passed.map((c) => c.short_name).sort()).toEqual(["CVPR", "PODS"]);
    for (const c of passed) {
      expect(inJuly(c).edition, c.short_name).not.toBeNull();
      expect(inJuly(c).updated_at, c.short_name).toBe(c.updated_at);
    }
  });
});
