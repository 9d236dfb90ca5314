/**
 * Which model rounds the history supports (pipeline/estimate/rounds.ts withDoubts): a round missing from the latest
 * cycle is doubted (a possibility, never a deadline), unless the venue's rounds have skipped a cycle and come back
 * before (roundsComeBack): then the latest cycle's gap is no sign of a drop.
 */
import { describe, expect, it } from "vitest";
import { submissionOutlook } from "../../../pipeline/estimate/outlook.ts";
import { edition } from "../../helpers/editions.ts";

const outlookOf = (editions: ReturnType<typeof edition>[]) =>
  submissionOutlook({ editions, nowIso: "2024-07-01T00:00:00Z", dataAsOf: "2024-07-01" });
const estimatedPapers = (o: ReturnType<typeof outlookOf>) =>
  o.deadlines.filter((d) => d.estimated && d.type === "paper").map((d) => [d.date, d.rounds]);

describe("rounds missing from the latest cycle", () => {
  it("doubts a round the latest cycle went without when the venue never skipped a round before", () => {
    // Two rounds in 2022 and 2023; 2024 had only the summer one (a move to a single round).
    const o = outlookOf([
      edition(2022, ["2021-08-20", "2022-03-25"]),
      edition(2023, ["2022-08-22", "2023-03-17"]),
      edition(2024, ["2023-08-25"]),
    ]);
    expect(estimatedPapers(o)).toEqual([["2024-08-22", 1]]);
    expect(o.possible.map((p) => [p.cycle_year, p.reason])).toEqual([[2025, "not_in_latest_cycle"]]);
  });

  it("publishes it when a round of the venue skipped a cycle and came back before: its gaps are noise", () => {
    // The summer round is missing from 2023 and back in 2024: the spring round missing from 2024 is no drop.
    const o = outlookOf([
      edition(2022, ["2021-08-20", "2022-03-25"]),
      edition(2023, ["2023-03-17"]),
      edition(2024, ["2023-08-25"]),
    ]);
    expect(estimatedPapers(o)).toEqual([
      ["2024-08-23", 2],
      ["2025-03-21", 2],
    ]);
    expect(o.possible).toEqual([]);
  });
});
