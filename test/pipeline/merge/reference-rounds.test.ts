/**
 * The reference's submission date as another round of a tracker's edition (pipeline/merge/reference-rounds.ts): on
 * the real rows of the venues where the two dates lie more than three weeks apart, merged as the build merges them,
 * and on small series for each condition of the rule.
 */
import { describe, expect, it } from "vitest";
import { type Conflict, mergeConference } from "../../../pipeline/merge/merge-conferences.ts";
import { referenceRoundReason } from "../../../pipeline/merge/reference-rounds.ts";
import type { Deadline, Edition } from "../../../snapshot/records.ts";
import { deadline, edition } from "../../helpers/editions.ts";
import { realObservations } from "../../helpers/real-observations.ts";
import { describeOnRealUpstream } from "../../helpers/upstream-builds.ts";

const NOW = "2026-12-08T00:00:00Z";

/** The venue merged from the real rows named "source:key": its editions, outlook and reference conflicts. */
async function merged(...ids: string[]) {
  const conflicts: Conflict[] = [];
  const { detail } = mergeConference(await realObservations(...ids), NOW, conflicts, new Map());
  const papers = (year: number) =>
    (detail.editions.find((e) => e.year === year)?.deadlines ?? [])
      .filter((d) => d.type === "paper")
      .map((d) => `${d.date} ${d.source}`);
  const referencePaper = conflicts.filter(
    (c) => c.field.endsWith("paper deadline") && c.others.some((o) => o.source === "reference"),
  );
  return { detail, papers, referencePaper };
}

const TODAYS_WHY = "trackers publish the exact time and zone; the reference gives a date only";

describeOnRealUpstream("reference dates that are another round, on the real rows", () => {
  it("keeps MMSys 2027's reference date as its second round, where MMSys 2026 had its round 2", async () => {
    const { detail, papers, referencePaper } = await merged(
      "ccfddl:NW/mmsys.yml#MMSys",
      "reference:conference/897",
    );
    expect(papers(2027)).toEqual(["2026-09-17 ccfddl", "2026-11-19 reference"]);
    expect(referencePaper).toHaveLength(1);
    expect(referencePaper[0]?.chosen).toEqual({
      value: "2026-09-17, 2026-11-19",
      source: "ccfddl and reference",
    });
    expect(referencePaper[0]?.why).toMatch(
      /^kept as another round: 63 days after the last round ccfddl lists \(2026-09-17\) and before the conference \(2027-03-30\), where the venue's 2026 cycle had a round/,
    );
    // The round is announced, 2 of 2, not an estimate that passed unconfirmed.
    const cycle = detail.outlook.deadlines.filter((d) => d.cycle_year === 2027 && d.type === "paper");
    expect(cycle.map((d) => `${d.date} ${d.round}/${d.rounds} ${d.estimated}`)).toEqual([
      "2026-09-17 1/2 false",
      "2026-11-19 2/2 false",
    ]);
    expect(detail.outlook.state).not.toBe("passed_unconfirmed");
  });

  it("keeps SAC 2026's second cycle from the reference (ccfddl's own is a year off and dropped)", async () => {
    const { papers, referencePaper } = await merged(
      "ccfddl:SC/sac.yml#SAC",
      "mpc:conferences.yml#SAC",
      "reference:conference/645",
    );
    expect(papers(2026)).toEqual(["2026-02-02 ccfddl", "2026-05-11 reference"]);
    expect(referencePaper.map((c) => c.why)).toEqual([
      expect.stringMatching(
        /^kept as another round: 98 days after .*the venue's 2024, 2025 cycles had a round/,
      ),
    ]);
  });

  it.each([
    // One round a year in every recent cycle: the later date is the round extended, not a second one.
    ["KSEM", ["ccfddl:AI/ksem.yml#KSEM", "hf:ksem.yml#KSEM", "reference:conference/14"], 2026, "2026-01-15"],
    ["SecureComm", ["ccfddl:SC/securecomm.yml#SecureComm", "reference:conference/368"], 2026, "2025-12-15"],
    // The reference's date is ccfddl's abstract registration, before the paper deadline.
    ["ITC", ["ccfddl:DS/itc.yml#ITC", "reference:conference/1488"], 2026, "2026-04-24"],
    // DFRWS USA (July) under ccfddl's DFRWS (March): another event, whatever its date.
    ["DFRWS", ["ccfddl:SC/dfrws.yml#DFRWS", "reference:conference/4050"], 2026, "2025-09-26"],
    // No earlier cycle has a round near the reference's date (GROUP 2025's second wave came 45 days later in its cycle).
    ["GROUP", ["ccfddl:HI/group.yml#GROUP", "reference:conference/880"], 2027, "2025-07-15"],
    [
      "CSCW",
      ["ccfddl:HI/cscw.yml#CSCW", "pwc:conferences.yml#CSCW", "reference:conference/937"],
      2026,
      "2025-05-13",
    ],
  ])(
    "keeps the tracker's date alone for %s, the reference's a field conflict",
    async (_, ids, year, tracker) => {
      const { papers, referencePaper } = await merged(...ids);
      expect(papers(year)).toEqual([`${tracker} ccfddl`]);
      expect(referencePaper.map((c) => c.why)).toEqual([TODAYS_WHY]);
    },
  );
});

describe("referenceRoundReason", () => {
  const ref = (date: string): Deadline =>
    deadline("paper", date, { source: "reference", timezone: null, utc: null });
  const at = (year: number, start: string, papers: string[]): Edition =>
    edition(year, papers, { start_date: start });
  // Two rounds a year: about 1 February and 1 May, the conference in late August.
  const history = [
    at(2024, "2024-08-26", ["2024-02-01", "2024-05-01"]),
    at(2025, "2025-08-25", ["2025-02-03", "2025-05-02"]),
  ];

  it("keeps a date at a round of the venue's cycles that the trackers' rounds do not stand for", () => {
    const current = at(2026, "2026-08-24", ["2026-02-02"]);
    expect(referenceRoundReason([...history, current], current, ref("2026-05-04"), "2026-08-24")).toMatch(
      /^kept as another round: 91 days after the last round ccfddl lists \(2026-02-02\)/,
    );
  });

  it("keeps nothing within three weeks of the trackers' last round, before it, or from the conference on", () => {
    const current = at(2026, "2026-08-24", ["2026-02-02"]);
    const eds = [...history, current];
    expect(referenceRoundReason(eds, current, ref("2026-02-20"), null)).toBeNull();
    expect(referenceRoundReason(eds, current, ref("2026-01-10"), null)).toBeNull();
    const late = at(2026, "2026-04-30", ["2026-02-02"]);
    expect(referenceRoundReason([...history, late], late, ref("2026-05-04"), null)).toBeNull();
  });

  it("keeps nothing where the reference dates another conference, or the trackers' rounds already stand for that round", () => {
    const current = at(2026, "2026-08-24", ["2026-02-02"]);
    expect(referenceRoundReason([...history, current], current, ref("2026-05-04"), "2026-11-02")).toBeNull();
    // Three rounds a year (February, May, August); the trackers list this year's February one and its May one, on
    // 10 April: a date three weeks and more later, near May, is that round's given another day, not a fourth.
    const three = [
      at(2024, "2024-10-21", ["2024-02-01", "2024-05-01", "2024-08-01"]),
      at(2025, "2025-10-20", ["2025-02-03", "2025-05-02", "2025-08-01"]),
    ];
    const two = at(2026, "2026-10-19", ["2026-02-02", "2026-04-10"]);
    expect(referenceRoundReason([...three, two], two, ref("2026-05-04"), null)).toBeNull();
    expect(referenceRoundReason([...three, two], two, ref("2026-08-03"), null)).toMatch(
      /^kept as another round/,
    );
  });

  it("gives no venue more rounds than its recent cycles had, unless a single cycle is known", () => {
    const single = [at(2024, "2024-08-26", ["2024-03-01"]), at(2025, "2025-08-25", ["2025-03-28"])];
    const current = at(2026, "2026-08-24", ["2026-02-02"]);
    expect(referenceRoundReason([...single, current], current, ref("2026-03-20"), null)).toBeNull();
    const one = [at(2025, "2025-08-25", ["2025-03-28"])];
    expect(referenceRoundReason([...one, current], current, ref("2026-03-20"), null)).toMatch(
      /where the venue's 2025 cycle had a round/,
    );
  });

  it("leaves an edition the reference already dates to today's rule (two reference rows of one venue)", () => {
    const current = at(2026, "2026-08-24", []);
    current.deadlines.push(ref("2026-02-02"));
    expect(referenceRoundReason([...history, current], current, ref("2026-05-04"), null)).toBeNull();
  });
});
