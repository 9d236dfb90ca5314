/**
 * Issue 42 on a snapshot built from the real upstream data, on the day the issue was seen (2026-12-07), over real
 * HTTP: CVPR's search row names its next edition (Seattle 2027) beside its last one's dates (Denver 2026), REST and
 * MCP alike; journal rows and open calls carry their data age; a server without views says trending has none.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Manifest } from "../../../snapshot/records.ts";
import { isStaleData } from "../../../snapshot/source-age.ts";
import { realServiceForSuite } from "../../helpers/real-server.ts";
import { buildQuietly, describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const DAY = "2026-12-07";

describeOnRealUpstream("row facts on the real snapshot", () => {
  let snapshotsDir: string;
  let manifest: Manifest;

  beforeAll(async () => {
    snapshotsDir = await mkdtemp(join(tmpdir(), "venue-rows-real-"));
    const { dir } = await buildQuietly(
      REAL_UPSTREAM,
      snapshotsDir,
      "https://venues.test",
      new Date(`${DAY}T06:00:00Z`),
    );
    manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
  });
  afterAll(async () => {
    await rm(snapshotsDir, { recursive: true, force: true });
  });
  const service = realServiceForSuite(() => snapshotsDir);
  const rest = (path: string) => service().rest(path);
  const call = (name: string, args: Record<string, unknown>) => service().call(name, args);

  it("CVPR's search row looks ahead to its next edition, REST and MCP alike", async () => {
    const path = "/api/conferences?query=CVPR&fields=short_name,conference_date,location,edition";
    const data = await rest(path);
    const cvpr = data.conferences.find((c: { short_name: string }) => c.short_name === "CVPR");
    expect(cvpr).toMatchObject({
      conference_date: "2026-06-03",
      location: "Denver, Colorado, United States",
      edition: {
        year: 2027,
        start_date: "2027-06-19",
        end_date: "2027-06-26",
        place: "Seattle, USA",
        next: true,
      },
    });
    expect(
      await call("search_conferences", {
        query: "CVPR",
        fields: "short_name,conference_date,location,edition",
      }),
    ).toEqual(data);
  });

  it("journal rows and open calls carry the data date of their sources", async () => {
    const dates = new Set(manifest.sources.map((s) => s.date));
    const journals = (await rest("/api/journals/rankings/cfp?per_page=100")).journals;
    expect(journals.length).toBeGreaterThan(0);
    for (const j of journals) {
      expect(dates.has(j.data_as_of), j.full_name).toBe(true);
      expect(j.stale, j.full_name).toBe(isStaleData(j.data_as_of, DAY));
      expect(dates.has(j.special_issue.data_as_of), j.full_name).toBe(true);
      expect(j.special_issue.data_as_of <= j.data_as_of, j.full_name).toBe(true);
    }
  });

  it("a server that has recorded no views says trending has none", async () => {
    const data = await rest("/api/conferences/rankings/trending");
    expect(data.conferences).toEqual([]);
    expect(data.popularity).toMatchObject({ counter: "views_30d", counted: 0 });
    expect(await call("list_conferences", { ranking: "trending" })).toEqual(data);
  });
});
