/**
 * Figures filed on the wrong venue of a shared acronym (pipeline/merge/misfiled-acceptance.ts), on the real rows:
 * ccfddl's accept_rates/SC/fse.yml gives Fast Software Encryption the software-engineering FSE's 2021 figure.
 */
import { expect, it } from "vitest";
import { mergeAcceptance } from "../../../pipeline/merge/acceptance.ts";
import { misfiledAcceptance } from "../../../pipeline/merge/misfiled-acceptance.ts";
import { realObservations } from "../../helpers/real-observations.ts";
import { describeOnRealUpstream } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("acceptance figures filed on the wrong venue", () => {
  const venues = async () => [
    // Fast Software Encryption, as its lists and ccfddl's security folder file it.
    await realObservations(
      "ccf2026:CCF2026#conference/fast software encryption",
      "ccfddl:SC/fse.yml#FSE",
      "core:core/1475",
    ),
    // The software-engineering FSE, with the acceptance list row the ccfddl figure was copied from.
    await realObservations(
      "ccf2026:CCF2026#conference/acm international conference on foundations of software engineering",
      "ccfddl:SE/fse.yml#FSE",
      "csconferences:FSE",
      "openaccept:FSE-ESEC",
    ),
  ];

  it("takes FSE 2021's 97/407 off Fast Software Encryption: csconferences gives it for the SE venue", async () => {
    const [crypto = [], se = []] = await venues();
    const misfiled = misfiledAcceptance([crypto, se]);
    const ccfddlRow = crypto[1]?.acceptance.find((r) => r.year === 2021);
    expect(ccfddlRow).toMatchObject({ submitted: 407, accepted: 97 });
    expect([...misfiled.keys()]).toEqual([ccfddlRow]);
    expect(misfiled.get(ccfddlRow as never)?.why).toContain("csconferences gives 2021 97/407 for FSE");

    const merged = mergeAcceptance(crypto, misfiled);
    expect(merged.rows).toEqual([]);
    expect(merged.corrections).toEqual([expect.objectContaining({ rule: "misfiled", year: 2021 })]);
    // The SE venue keeps its own history, openaccept's 2021 figure first.
    expect(mergeAcceptance(se, misfiled).rows.find((r) => r.year === 2021)).toMatchObject({
      source: "openaccept",
      accepted: 97,
    });
  });

  it("leaves a figure alone when no acceptance list places it elsewhere", async () => {
    const [crypto = []] = await venues();
    expect(misfiledAcceptance([crypto]).size).toBe(0);
  });
});
