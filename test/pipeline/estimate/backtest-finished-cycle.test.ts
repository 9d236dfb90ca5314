/**
 * The backtest's scoring of a cycle whose rounds have all begun at the cut-off (pipeline/estimate/backtest.ts
 * restOfCycle): an estimate the outlook still publishes for it is a round the cycle never had (precision, round
 * count); a cycle the outlook gives nothing more, or only a possibility, is not one it erred on. Dates are ISSTA's
 * and IUI's (ccfddl issta.yml, iui.yml).
 */
import { describe, expect, it } from "vitest";
import { backtestVenue } from "../../../pipeline/estimate/backtest.ts";
import { edition } from "../../helpers/editions.ts";

const finished = (venue: string, eds: ReturnType<typeof edition>[], cutoff: string) =>
  backtestVenue(venue, eds, [cutoff], true, "2026-08-22").filter((c) => c.scope === "rest_of_cycle");

describe("a cycle whose rounds have all begun", () => {
  it("counts the round the outlook still published for it as invented (ISSTA 2025: one round, two expected)", () => {
    const issta = [
      edition(2022, ["2022-01-28"]),
      edition(2023, ["2022-11-10", "2023-02-16"]),
      edition(2024, ["2023-12-15", "2024-04-12"]),
      edition(2025, ["2024-10-31"]),
    ];
    const [cycle] = finished("ISSTA", issta, "2025-01-01");
    expect(cycle?.cycle_year).toBe(2025);
    expect(cycle?.real_rounds).toBe(0);
    expect(cycle?.estimates).toEqual([{ date: "2025-04-13", matched: false }]);
    expect(cycle?.count_known).toBe(true);
  });

  it("scores a moved round shown only as a possibility as right: nothing was published (IUI 2027)", () => {
    const iui = [
      edition(2024, ["2023-10-09"]),
      edition(2025, ["2024-10-09"]),
      edition(2026, ["2025-10-10"]),
      edition(2027, ["2026-08-20"]),
    ];
    const [cycle] = finished("IUI", iui, "2026-09-01");
    expect(cycle?.cycle_year).toBe(2027);
    expect(cycle?.estimates).toEqual([]);
    expect(cycle?.real_rounds).toBe(0);
  });

  it("leaves out a finished cycle the outlook gives no further round", () => {
    const single = [edition(2024, ["2023-10-09"]), edition(2025, ["2024-10-09"])];
    expect(finished("X", single, "2025-01-01")).toEqual([]);
  });
});
