/**
 * Journal-first venues (pipeline/estimate/outlook.ts): IMWUT's rolling rounds for UbiComp run all year, so its
 * November round comes after the conference of its cycle has begun. Read from ccfddl's real rows
 * (`HI/ubicomp.yml`): on data as of mid-2026, with the 2026 cycle's first two rounds announced and its conference
 * dates known, the outlook still expects the August and November rounds; a yearly venue's round after its
 * conference start is still left out.
 */
import { expect, it } from "vitest";
import { submissionOutlook } from "../../../pipeline/estimate/outlook.ts";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import type { Edition } from "../../../snapshot/records.ts";
import { edition } from "../../helpers/editions.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const AS_OF = "2026-06-15";

/** UbiComp's editions up to 2026, the 2026 one as it stood on AS_OF (its rounds on or before that day). */
async function ubicompAsOf(): Promise<Edition[]> {
  const { conferences } = await importCcfddl(REAL_UPSTREAM);
  const ubicomp = conferences.find((o) => o.key === "HI/ubicomp.yml#UbiComp/ISWC");
  if (!ubicomp) throw new Error("ccfddl has no HI/ubicomp.yml#UbiComp/ISWC");
  return ubicomp.editions
    .filter((e) => e.year <= 2026)
    .map((e) => (e.year === 2026 ? { ...e, deadlines: e.deadlines.filter((d) => d.date <= AS_OF) } : e));
}

describeOnRealUpstream("journal-first rounds after the conference start", () => {
  it("keeps UbiComp/IMWUT's November round of a partly announced cycle whose conference is known", async () => {
    const editions = await ubicompAsOf();
    const y2026 = editions.find((e) => e.year === 2026);
    expect(y2026?.start_date).toBe("2026-10-11");
    expect(editions.find((e) => e.year === 2025)?.deadlines.map((d) => d.date)).toContain("2025-11-01");
    const o = submissionOutlook({ editions, nowIso: `${AS_OF}T12:00:00Z`, dataAsOf: AS_OF });
    expect(
      o.deadlines.filter((d) => d.cycle_year === 2026).map((d) => [d.date, d.estimated, d.rounds]),
    ).toEqual([
      ["2026-02-01", false, 3],
      ["2026-05-01", false, 3],
      // August's "third round (only for resubmissions after major revisions)" takes no new paper: no round.
      ["2026-11-01", true, 3],
    ]);
    expect(o.next?.date).toBe("2026-11-01");
  });

  it("still leaves out a yearly venue's estimate after its own conference start", () => {
    const editions = [
      edition(2024, ["2023-11-10"], { start_date: "2024-05-01" }),
      edition(2025, ["2024-11-12"], { start_date: "2025-05-02" }),
      // Its 2026 conference moved before the usual November round: that round cannot be one of its rounds.
      edition(2026, [], { start_date: "2025-11-01" }),
    ];
    const o = submissionOutlook({ editions, nowIso: "2025-06-01T00:00:00Z", dataAsOf: "2025-06-01" });
    expect(o.deadlines.filter((d) => d.cycle_year === 2026)).toEqual([]);
  });
});
