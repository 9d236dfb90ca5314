/**
 * A cycle's announced round the model does not know, where the model still has a round to come that would give the
 * cycle more rounds than any recent cycle had (pipeline/estimate/rounds.ts movedRounds): that round is a possibility
 * (reason "moved"), never a second deadline; a round added far from the others stays published; and a latest cycle
 * known from the reference alone (one date per venue) is no evidence that the venue dropped its other rounds. Dates
 * are the upstream rows' (ccfddl iui.yml, icst.yml, tosc/fse.yml; the reference's 2026-08-22 listing).
 */
import { describe, expect, it } from "vitest";
import { submissionOutlook } from "../../../pipeline/estimate/outlook.ts";
import { deadline, edition } from "../../helpers/editions.ts";

const outlookAt = (editions: ReturnType<typeof edition>[], now: string, dataAsOf = "2026-08-22") =>
  submissionOutlook({ editions, nowIso: `${now}T00:00:00Z`, dataAsOf });
const papers = (o: ReturnType<typeof outlookAt>) =>
  o.deadlines
    .filter((d) => d.type === "paper")
    .map((d) => `${d.cycle_year} ${d.round}/${d.rounds} ${d.date}${d.estimated ? " ~" : ""}`);
const possible = (o: ReturnType<typeof outlookAt>) =>
  o.possible.map((p) => `${p.cycle_year} ${p.date} ${p.reason}`);

describe("a round announced where the model expected none", () => {
  it("takes IUI's October round as moved to August for 2027: no second round, the next cycle estimated", () => {
    const iui = [
      edition(2024, ["2023-10-09"], { start_date: "2024-03-18" }),
      edition(2025, ["2024-10-09"], { start_date: "2025-03-24" }),
      edition(2026, ["2025-10-10"], { start_date: "2026-03-23" }),
      edition(2027, ["2026-08-20"], { start_date: "2027-02-08" }),
    ];
    const o = outlookAt(iui, "2026-12-08");
    expect(papers(o)).toEqual(["2027 1/1 2026-08-20", "2028 1/1 2027-10-10 ~"]);
    expect(o.state).toBe("estimated");
    // Before the change: "2027 2/2 2026-10-09 ~", passed unconfirmed, and the venue's state with it.
    expect(o.deadlines.some((d) => d.status === "passed_unconfirmed")).toBe(false);
  });

  it("shows the moved round as a possibility while its window is open (ICST's 2027 cycle, from 22 Dec to 2 Nov)", () => {
    const icst = [
      edition(2026, ["2025-12-22"], { start_date: "2026-05-18" }),
      edition(2027, [], {
        start_date: "2027-05-17",
        deadlines: [deadline("paper", "2026-11-02", { source: "reference" })],
      }),
    ];
    const o = outlookAt(icst, "2026-12-08");
    expect(papers(o)).toEqual(["2027 1/1 2026-11-02", "2028 1/1 2027-11-02 ~"]);
    expect(possible(o)).toEqual(["2027 2026-12-22 moved"]);
  });

  it("keeps a round added half a year from the others (SIGKDD's August round beside its February one)", () => {
    const kdd = [
      edition(2022, ["2022-02-10"]),
      edition(2023, ["2023-02-02"]),
      edition(2024, ["2024-02-08"]),
      edition(2025, ["2024-08-01"]),
    ];
    const o = outlookAt(kdd, "2024-09-01", "2024-09-01");
    expect(papers(o)).toEqual(["2025 1/2 2024-08-01", "2025 2/2 2025-02-08 ~"]);
    expect(o.possible).toEqual([]);
  });
});

describe("a latest cycle known from the reference alone", () => {
  // Fast Software Encryption (ToSC): four rounds a cycle; for 2027 the reference lists only its next one.
  const fse = [
    edition(2025, ["2024-03-01", "2024-06-01", "2024-09-01", "2024-11-23"]),
    edition(2026, ["2025-03-01", "2025-06-01", "2025-09-01", "2025-11-23"]),
    edition(2027, [], { deadlines: [deadline("paper", "2026-12-01", { source: "reference" })] }),
  ];

  it("says nothing of the rounds it lacks: the next cycle keeps all four", () => {
    const o = outlookAt(fse, "2026-12-08");
    expect(papers(o).filter((p) => p.startsWith("2028"))).toEqual([
      "2028 1/4 2027-03-01 ~",
      "2028 2/4 2027-06-01 ~",
      "2028 3/4 2027-09-01 ~",
      "2028 4/4 2027-11-23 ~",
    ]);
    expect(o.possible).toEqual([]);
  });

  it("while a tracker's listing of that cycle without them does (the venue dropped them)", () => {
    const listed = fse.map((e) =>
      e.year === 2027 ? { ...e, deadlines: [deadline("paper", "2026-12-01", { source: "ccfddl" })] } : e,
    );
    const o = outlookAt(listed, "2026-12-08");
    expect(papers(o).filter((p) => p.startsWith("2028"))).toHaveLength(1);
    expect(o.possible.map((p) => p.reason)).toEqual([
      "not_in_latest_cycle",
      "not_in_latest_cycle",
      "not_in_latest_cycle",
    ]);
  });
});
