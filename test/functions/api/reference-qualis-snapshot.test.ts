/**
 * The reference service's snapshot script (sundou82/conference-partner-mcp, scripts/build_snapshot.py; an older
 * version had a `qualis-conferences` dataset) run against this API, over real HTTP on the snapshot built from the
 * real upstream data: it asks `/api/conferences?qualis_rank=<tier>` for each tier, page by page with per_page=100
 * until `pagination.total_pages`, and merges the rows by id. Every row it gets for a tier of the current
 * (2017–2020) scale shows that tier in `qualis_rank`; B5, a tier only the older scale has, keeps its documented
 * rule (the venues the reference rates B5: docs/api.md#search).
 */
import { expect, it } from "vitest";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";
import { harnessForFile, startHarness } from "./harness.ts";

/** The tiers of the 2017–2020 scale, the one `qualis_rank` shows. */
const CURRENT_TIERS = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C"];

interface Row {
  id: string;
  qualis_rank: string | null;
}

describeOnRealUpstream("the reference's QUALIS dataset, asked as its snapshot script asks", () => {
  const real = realSnapshotForSuite("reference-qualis-");
  const h = harnessForFile(() =>
    startHarness({ env: { SNAPSHOTS_DIR: real().snapshotsDir }, overrides: { clock: () => new Date() } }),
  );

  /** Every page of one tier's query, merged by id as the script's `fetch` does. */
  async function fetchTier(tier: string): Promise<Map<string, Row>> {
    const byId = new Map<string, Row>();
    for (let page = 1; ; page++) {
      const path = `/api/conferences?qualis_rank=${tier}&page=${page}&per_page=100`;
      const { res, body } = await h.json(path, {
        headers: { "user-agent": "huiban-python (snapshot test)" },
      });
      expect(res.status, `${path}: ${body.message}`).toBe(200);
      for (const row of body.data.conferences as Row[]) byId.set(row.id, row);
      const { total_pages: totalPages } = body.data.pagination as { total_pages: number };
      if (page >= totalPages) break;
    }
    return byId;
  }

  it("gets only rows whose qualis_rank is the tier asked, for every tier of the current scale", async () => {
    const wrong: string[] = [];
    let total = 0;
    for (const tier of CURRENT_TIERS) {
      const rows = await fetchTier(tier);
      total += rows.size;
      for (const row of rows.values())
        if (row.qualis_rank !== tier) wrong.push(`${tier}: ${row.id} shows ${row.qualis_rank ?? "nothing"}`);
    }
    expect(wrong).toEqual([]);
    // The real snapshot rates several hundred conferences on this scale: the query is not answered empty.
    expect(total).toBeGreaterThan(500);
  }, 60_000);

  it("answers A1 with more than one page at per_page=20, each row A1", async () => {
    const { body } = await h.json("/api/conferences?qualis_rank=A1&per_page=20");
    expect(body.data.pagination.total_pages).toBeGreaterThan(1);
    expect((body.data.conferences as Row[]).every((r) => r.qualis_rank === "A1")).toBe(true);
  });

  it("answers B5 (older scale only) with rows, never an error", async () => {
    const rows = await fetchTier("B5");
    expect(rows.size).toBeGreaterThan(0);
  });
});
