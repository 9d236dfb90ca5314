/**
 * A search's total counts what its rows count: with a deadline window, whose bound moves with the clock, the
 * count is not kept from an earlier time (the rows are computed per minute, so is their count). The upcoming
 * deadlines' total is the rows its pages hold together, also on a page past the end.
 */
import { describe, expect, it } from "vitest";
import { createQueryLayer } from "../../../read/query/index.ts";
import { ConferenceSearchParams, DeadlineListParams } from "../../../read/schema/api.ts";
import { fixtureSourceForFile } from "../../helpers/fixture-source.ts";
import { FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";

const fixture = fixtureSourceForFile();

describe("deadline_within_days over time", () => {
  it("gives a total equal to the rows at every time the clock shows", async () => {
    let now = FIXTURE_NOW;
    const query = createQueryLayer({
      source: fixture().source,
      publicBaseUrl: "https://api.example",
      clock: () => now,
    });
    const params = ConferenceSearchParams.parse({ deadline_within_days: "30", per_page: "100" });
    const seen: number[] = [];
    for (const days of [0, 10, 25]) {
      now = new Date(FIXTURE_NOW.getTime() + days * 86_400_000);
      const data = await query.searchConferences(params);
      expect(data.pagination.total).toBe(data.conferences.length);
      seen.push(data.conferences.length);
    }
    // The window really moved: the rows changed, so a count kept from the first time would have been wrong.
    expect(new Set(seen).size).toBeGreaterThan(1);
  });
});

describe("upcoming deadlines' total", () => {
  it("counts the rows its pages hold together, and stays on a page past the end", async () => {
    const query = createQueryLayer({
      source: fixture().source,
      publicBaseUrl: "https://api.example",
      clock: () => FIXTURE_NOW,
    });
    const page = (n: number, more: Record<string, string> = {}) =>
      query.upcomingDeadlines(DeadlineListParams.parse({ page: String(n), page_size: "3", ...more }));
    const filters: Record<string, string>[] = [{}, { estimates: "false" }, { within_days: "30" }];
    for (const filter of filters) {
      const first = await page(1, filter);
      const { total, total_pages } = first.pagination;
      const rows = [];
      for (let n = 1; n <= total_pages; n++) rows.push(...(await page(n, filter)).deadlines);
      expect(rows.length, JSON.stringify(filter)).toBe(total);
      expect(new Set(rows.map((r) => `${r.conference_id} ${r.cycle_year}/${r.round}`)).size).toBe(total);
      const past = await page(total_pages + 1, filter);
      expect(past.deadlines).toEqual([]);
      expect(past.pagination.total).toBe(total);
    }
    // The filters really differ: an estimated round is left out without estimates.
    expect((await page(1, { estimates: "false" })).pagination.total).toBeLessThan(
      (await page(1)).pagination.total,
    );
  });
});
