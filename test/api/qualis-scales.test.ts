/**
 * qualis_rank on both QUALIS scales, over HTTP: the row shows the 2017–2020 tier; a tier of the older 2013–2016
 * scale (the reference's, kept in rank_history) also matches the venues rated so there, and B5, which only the
 * older scale has, is answered with those venues rather than an error or a silent empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConferenceRow, RankHistoryEntry } from "../../snapshot/records.ts";
import { conferenceDetail } from "../helpers/rows.ts";
import { FIXTURE_CONFERENCE_DETAILS, FIXTURE_CONFERENCES } from "../helpers/snapshot-fixture.ts";
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

  it("a tier on both scales matches either; the row still shows the 2017–2020 tier", async () => {
    const b1 = await filtered("B1");
    expect(b1.ids).toEqual([...currentTier("B1"), "107"].sort());
    expect(b1.shown["107"]).toBe("A2");
    expect((await filtered("A2")).ids).toEqual([...currentTier("A2"), "101"].sort());
    expect((await filtered("A1")).ids).toEqual(currentTier("A1").sort());
  });

  it("a tier only on the 2017–2020 scale (A3, A4, C) matches that scale alone", async () => {
    expect((await filtered("A3")).ids).toEqual(["112"]);
    for (const tier of ["A4", "C"]) expect((await filtered(tier)).ids).toEqual(currentTier(tier).sort());
    expect((await filtered("B2")).ids).toEqual(currentTier("B2").sort());
  });
});
