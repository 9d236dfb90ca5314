import { mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/eventually.ts";
import { conferenceRow, journalRow } from "../../helpers/rows.ts";
import {
  FIXTURE_CONFERENCE_DETAILS,
  FIXTURE_CONFERENCES,
  FIXTURE_DATE,
  FIXTURE_JOURNALS,
  writeFixtureSnapshot,
} from "../../helpers/snapshot-fixture.ts";
import { type Harness, startHarness } from "./harness.ts";

const NEXT_DATE = "2026-06-15";

/** The next day's snapshot: ICMLA gone, a new conference, 21 more journals each with its own publisher. */
function nextContent(generatedAt = `${NEXT_DATE}T03:00:00Z`) {
  const extraJournals = Array.from({ length: 21 }, (_, i) =>
    journalRow({
      id: String(300 + i),
      short_name: `J${i}`,
      full_name: `Journal Number ${i}`,
      publisher: `Publisher ${String(i).padStart(2, "0")}`,
      issn: null,
      issns: [],
    }),
  );
  return {
    date: NEXT_DATE,
    generatedAt,
    conferences: [
      ...FIXTURE_CONFERENCES.filter((c) => c.id !== "102"),
      conferenceRow({
        id: "113",
        short_name: "ICMLX",
        full_name: "ICML Extra Workshop",
        submission_date: "2026-07-05",
      }),
    ],
    conferenceDetails: FIXTURE_CONFERENCE_DETAILS.filter((d) => d.id !== "102"),
    journals: [...FIXTURE_JOURNALS, ...extraJournals],
  };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { SNAPSHOT_POLL_MS: "100" } });
});
afterAll(() => h.close());

const icmlIds = async () =>
  (await h.json("/api/conferences?query=icml")).body.data.conferences.map((c: { id: string }) => c.id);

describe("snapshot hot swap", () => {
  it("picks up a newer snapshot without a restart", async () => {
    expect(await icmlIds()).toEqual(["101", "102"]);
    await writeFixtureSnapshot(h.snapshotsDir, nextContent());
    const ids = await eventually(icmlIds, (v) => v.includes("113"));
    expect(ids).toEqual(["101", "113"]);
    const { body } = await h.json("/api/statistics");
    expect(body.data.snapshot_date).toBe(NEXT_DATE);
    expect(body.data.journals_total).toBe(FIXTURE_JOURNALS.length + 21);
    // 25 publishers (Elsevier twice, 24 once): the 20 largest, then the other 5 summed as "other".
    const publishers = body.data.journal_publisher_distribution;
    expect(publishers).toHaveLength(21);
    expect(publishers.slice(0, 1)).toEqual([{ key: "Elsevier", count: 2 }]);
    expect(publishers.at(-1)).toEqual({ key: "other", count: 5 });
    expect(publishers.reduce((s: number, p: { count: number }) => s + p.count, 0)).toBe(
      FIXTURE_JOURNALS.filter((j) => j.publisher !== null).length + 21,
    );
    const manifest = await (await h.get("/snapshots/latest/manifest.json")).json();
    expect(manifest.date).toBe(NEXT_DATE);
    // The previous dated snapshot stays downloadable.
    expect((await h.get(`/snapshots/${FIXTURE_DATE}/manifest.json`)).status).toBe(200);
  });

  it("serves every request in flight during a swap", async () => {
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      h.json(i % 2 ? "/api/conferences?per_page=100" : "/api/conferences/rankings/cfp"),
    );
    await writeFixtureSnapshot(h.snapshotsDir, nextContent(`${NEXT_DATE}T09:00:00Z`));
    const swapped = h.server.source.refresh();
    const more = Array.from({ length: 20 }, () => h.json("/api/statistics"));
    const results = await Promise.all([...inFlight, ...more]);
    for (const { res, body } of results) {
      expect(res.status).toBe(200);
      expect(body.code).toBe(200);
    }
    await swapped;
    // Same date rewritten later: the new generation is in service.
    expect(h.server.query.snapshot().generated_at).toBe(`${NEXT_DATE}T09:00:00Z`);
  });

  it("keeps serving the current snapshot when the new one is broken", async () => {
    const before = h.server.query.snapshot();
    const broken = join(h.snapshotsDir, "2026-06-16");
    await mkdir(broken);
    await writeFile(join(broken, "manifest.json"), "{ not json");
    const staged = join(h.snapshotsDir, "latest.tmp-broken");
    await symlink("2026-06-16", staged);
    await rename(staged, join(h.snapshotsDir, "latest"));
    expect(await h.server.source.refresh()).toBe(false);
    expect(h.server.query.snapshot()).toEqual(before);
    expect(await icmlIds()).toEqual(["101", "113"]);
    // And recovers once `latest` points at a good snapshot again.
    await writeFixtureSnapshot(h.snapshotsDir);
    await h.server.source.refresh();
    expect(await icmlIds()).toEqual(["101", "102"]);
  });
});
