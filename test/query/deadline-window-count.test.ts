/**
 * A search's total counts what its rows count: with a deadline window, whose bound moves with the clock, the
 * count is not kept from an earlier time (the rows are computed per minute, so is their count).
 */
import { describe, expect, it } from "vitest";
import { createQueryLayer } from "../../functions/query/index.ts";
import { ConferenceSearchParams } from "../../functions/schema/api.ts";
import { fixtureSourceForFile } from "../helpers/fixture-source.ts";
import { FIXTURE_NOW } from "../helpers/snapshot-fixture.ts";

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
