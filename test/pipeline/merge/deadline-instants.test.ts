/**
 * Trackers that give one deadline's day at different instants (pipeline/merge/merge-conferences.ts mergeDeadlines):
 * the one with priority stands and the other is listed as a conflict, on the real rows (ccfddl and hf); instants a
 * minute or less apart ("23:59:59" and "23:59") are one statement.
 */
import { expect, it } from "vitest";
import { type Conflict, mergeConference } from "../../../pipeline/merge/merge-conferences.ts";
import { realObservations } from "../../helpers/real-observations.ts";
import { describeOnRealUpstream } from "../../helpers/upstream-builds.ts";

const timeConflicts = async (...ids: string[]) => {
  const conflicts: Conflict[] = [];
  mergeConference(await realObservations(...ids), "2026-12-08T00:00:00Z", conflicts, new Map());
  return conflicts.filter((c) => c.field.endsWith("deadline time"));
};

describeOnRealUpstream("one day at two instants, on the real rows", () => {
  it("lists INTERSPEECH 2026's paper deadline, 23:59 UTC by ccfddl and AoE by hf, keeping ccfddl's", async () => {
    const conflicts = await timeConflicts(
      "ccfddl:CG/interspeech.yml#InterSpeech",
      "hf:interspeech.yml#Interspeech",
    );
    expect(
      conflicts.map((c) => [c.field, c.chosen.value, c.others.map((o) => `${o.value} (${o.source})`)]),
    ).toEqual([["2026 paper deadline time", "2026-02-25 23:59:59 UTC+0", ["2026-02-25 23:59:59 AoE (hf)"]]]);
  });

  it("lists nothing where the two agree to the minute: RSS's 23:59 and 23:59:59 AoE are one deadline", async () => {
    expect(await timeConflicts("ccfddl:AI/rss.yml#RSS", "hf:rss.yml#RSS")).toEqual([]);
    // COLT 2026: ccfddl's 16:59:59 and hf's 23:59:59, both AoE, seven hours apart: listed.
    const colt = await timeConflicts("ccfddl:AI/colt.yml#COLT", "hf:colt.yml#COLT");
    expect(colt.map((c) => c.chosen.value)).toEqual(["2026-02-04 16:59:59 AoE"]);
  });
});
