/**
 * qualis_rank on both QUALIS scales, over HTTP: the row shows the 2017–2020 tier, and a tier of that scale returns
 * only rows showing it, on the search and on the deadline list alike (the reference's older 2013–2016 tier, kept in
 * rank_history, never adds a row showing another tier or none); B5, which only the older scale has, is answered
 * with the venues the reference rates B5 rather than an error or a silent empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConferenceRow, RankHistoryEntry } from "../../../snapshot/records.ts";
import { conferenceDetail } from "../../helpers/rows.ts";
import { FIXTURE_CONFERENCE_DETAILS, FIXTURE_CONFERENCES } from "../../helpers/snapshot-fixture.ts";
import { type Harness, startHarness } from "./harness.ts";

/** Older-scale tiers the reference gives some fixture venues (their 2017–2020 tier in the comment). */
const REFERENCE_TIERS: Record<string, string> = {
  "102": "B5", // B2
  "107": "B1", // A2
  "101": "A2", // A1
};

/** The fixture conferences, one of them (112) rated A3, a tier only the 2017–2020 scale has. */
const CONFERENCES = FIXTURE_CONFERENCES.map((c) =>
  c.id === "112" ? { ...c, qualis_rank: "A3" as const } : c,
);

const olderScaleClaim = (id: string): RankHistoryEntry => ({
  system: "QUALIS",
  edition: "reference-2026-05-30",
  rank: REFERENCE_TIERS[id] ?? "",
  source: "reference",
});

let h: Harness;
beforeAll(async () => {
  const details = FIXTURE_CONFERENCE_DETAILS.filter((d) => !(d.id in REFERENCE_TIERS));
  const claimed = FIXTURE_CONFERENCE_DETAILS.filter((d) => d.id in REFERENCE_TIERS);
  const withClaims = Object.keys(REFERENCE_TIERS).map((id) => {
    const detail = claimed.find((d) => d.id === id) ?? conferenceDetail({ id });
    return { ...detail, rank_history: [...detail.rank_history, olderScaleClaim(id)] };
  });
  h = await startHarness({
    snapshot: { conferences: CONFERENCES, conferenceDetails: [...details, ...withClaims] },
  });
});
afterAll(() => h.close());

async function filtered(tier: string): Promise<{ ids: string[]; shown: Record<string, string> }> {
  const { res, body } = await h.json(`/api/conferences?per_page=100&qualis_rank=${tier}`);
  expect(res.status, body.message).toBe(200);
  const rows = body.data.conferences as { id: string; qualis_rank: string }[];
  return {
    ids: rows.map((r) => r.id).sort(),
    shown: Object.fromEntries(rows.map((r) => [r.id, r.qualis_rank])),
  };
}

const currentTier = (tier: string) =>
  CONFERENCES.filter((c: ConferenceRow) => c.qualis_rank === tier).map((c) => c.id);

describe("qualis_rank across the two QUALIS scales", () => {
  it("B5 (older scale only) gives the venues the reference rates B5, any letter case", async () => {
    const expected = [...currentTier("B5"), "102"].sort();
    expect((await filtered("B5")).ids).toEqual(expected);
    expect((await filtered("b5")).ids).toEqual(expected);
  });

  it("a tier on both scales returns only the rows showing it, never a venue the reference rates so", async () => {
    // The reference rates 107 B1 and 101 A2; their rows show A2 and A1.
    expect((await filtered("B1")).ids).toEqual(currentTier("B1").sort());
    expect((await filtered("B1")).ids).not.toContain("107");
    expect((await filtered("A2")).ids).toEqual(currentTier("A2").sort());
    expect((await filtered("A2")).ids).not.toContain("101");
    expect((await filtered("A1")).ids).toEqual(currentTier("A1").sort());
  });

  it("shows the tier asked for in every row, on the search and on the deadline list, for every current tier", async () => {
    for (const tier of ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C"]) {
      const search = await filtered(tier);
      expect(
        Object.values(search.shown).filter((shown) => shown !== tier),
        tier,
      ).toEqual([]);
      const { res, body } = await h.json(`/api/deadlines?per_page=100&qualis_rank=${tier}`);
      expect(res.status, body.message).toBe(200);
      const rows = body.data.deadlines as { conference_id: string; qualis_rank: string }[];
      expect(
        rows.filter((r) => r.qualis_rank !== tier).map((r) => r.conference_id),
        tier,
      ).toEqual([]);
    }
    // Not vacuous: the fixture's deadline list holds rows of some of these tiers.
    const { body } = await h.json("/api/deadlines?per_page=100&qualis_rank=A1,A2,B1");
    expect(body.data.deadlines.length).toBeGreaterThan(0);
  });

  it("a tier only on the 2017–2020 scale (A3, A4, C) matches that scale alone", async () => {
    expect((await filtered("A3")).ids).toEqual(["112"]);
    for (const tier of ["A4", "C"]) expect((await filtered(tier)).ids).toEqual(currentTier(tier).sort());
    expect((await filtered("B2")).ids).toEqual(currentTier("B2").sort());
  });
});
