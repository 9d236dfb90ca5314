/**
 * A venue's rank history (pipeline/merge/rank-history.ts) on the real list rows: a predecessor's and a workshop's
 * ranks stay out, and two ranks of one list edition leave one, the other reported.
 */
import { expect, it } from "vitest";
import { rankHistory } from "../../../pipeline/merge/rank-history.ts";
import type { RankHistoryEntry } from "../../../snapshot/records.ts";
import { realObservations } from "../../helpers/real-observations.ts";
import { describeOnRealUpstream } from "../../helpers/upstream-builds.ts";

const claims = (ranks: RankHistoryEntry[], system: string) =>
  ranks.filter((r) => r.system === system).map((r) => `${r.edition} ${r.rank}`);

describeOnRealUpstream("rank history on the real list rows", () => {
  it("COLT: EuroCOLT's CORE C ('Now in COLT', CORE 476) is the predecessor's, not COLT's", async () => {
    const members = await realObservations(
      "icore:ICORE2026#Conference on Learning Theory|COLT",
      "core:core/124",
      "core:core/476",
      "core_portal:CORE-portal#European Conference on Computational Learning Theory (Now in COLT)|EuroCOLT",
    );
    const { ranks, corrections } = rankHistory(members, "COLT", "Conference on Learning Theory");
    expect(claims(ranks, "CORE")).toEqual([
      "ICORE2026 A*",
      "CORE2014 A*",
      "CORE2017 A*",
      "CORE2018 A*",
      "CORE2020 A*",
      "CORE2021 A*",
      "CORE2023 A*",
    ]);
    expect(corrections.map((c) => `${c.rule} ${c.dropped.edition} ${c.dropped.rank}`)).toEqual([
      "predecessor CORE2014 C",
      "predecessor CORE2017 C",
      "predecessor CORE2018 C",
      "predecessor CORE-portal C",
    ]);
  });

  it("BPM: QUALIS's B4 of the Context for BPM workshop (CONTEXT-BPM) stays out; BPM's A2 stays", async () => {
    const members = await realObservations(
      "qualis:QUALIS2017-2020#International Conference on Business Process Management|BPM",
      "qualis:QUALIS2017-2020#International Workshop on Context for Business Process Management|CONTEXT-BPM",
    );
    const { ranks, corrections } = rankHistory(
      members,
      "BPM",
      "International Conference in Business Process Management",
    );
    expect(claims(ranks, "QUALIS")).toEqual(["QUALIS2017-2020 A2"]);
    expect(corrections).toEqual([
      expect.objectContaining({ rule: "workshop", dropped: expect.objectContaining({ rank: "B4" }) }),
    ]);
  });

  it("keeps a renamed series' ranks (RBAC, 'now SACMAT') and a joint series' own row (APPROX/RANDOM)", async () => {
    const sacmat = await realObservations("core:core/71", "core:core/1775");
    expect(sacmat[0]?.title).toMatch(/now SACMAT/);
    const renamed = rankHistory(sacmat, "SACMAT", "ACM Symposium on Access Control Models and Technologies");
    expect(renamed.corrections).toEqual([]);
    expect(claims(renamed.ranks, "CORE")).toContain("CORE2014 C");
    const approx = await realObservations(
      "icore:ICORE2026#International Workshop on Approximation Algorithms for Combinatorial Optimization Problems and International Conference on Randomization and Computation|APPROX/RANDOM",
    );
    const joint = rankHistory(
      approx,
      "APPROX",
      "Approximation, Randomization, and Combinatorial Optimization",
    );
    expect(joint.corrections).toEqual([]);
    expect(claims(joint.ranks, "CORE")).toEqual(["ICORE2026 A"]);
  });

  it("SEC: two QUALIS rows (B2, A4) leave one claim, the row titled as the venue, and the other is reported", async () => {
    const members = await realObservations(
      "qualis:QUALIS2017-2020#IFIP International Information Security Conference|IFIPISC",
      "qualis:QUALIS2017-2020#International Conference on ICT Systems Security and Privacy Protection|SEC",
    );
    const { ranks, corrections } = rankHistory(
      members,
      "SEC",
      "IFIP International Information Security Conference",
    );
    expect(claims(ranks, "QUALIS")).toEqual(["QUALIS2017-2020 B2"]);
    expect(corrections).toEqual([
      expect.objectContaining({
        rule: "one-per-edition",
        dropped: expect.objectContaining({ rank: "A4" }),
        kept: expect.objectContaining({ rank: "B2" }),
      }),
    ]);
  });

  it("SIGKDD: QUALIS's KDD row (A1), titled as the venue, wins over its SIGKDD row (B4)", async () => {
    const members = await realObservations(
      "qualis:QUALIS2017-2020#ACM International Conference on Knowledge Discovery and Data Mining|SIGKDD",
      "qualis:QUALIS2017-2020#ACM SIGKDD Conference on Knowledge Discovery and Data Mining|KDD",
    );
    const { ranks } = rankHistory(
      members,
      "SIGKDD",
      "ACM SIGKDD Conference on Knowledge Discovery and Data Mining",
    );
    expect(claims(ranks, "QUALIS")).toEqual(["QUALIS2017-2020 A1"]);
  });
});
