/**
 * The outlook's `other_dates` (pipeline/estimate/outlook.ts) are of the cycle of the deadline they stand beside:
 * S&P-like rounds whose 2027 cycle has passed, with its notification, must not lend that notification to the 2028
 * estimate shown as next.
 */
import { describe, expect, it } from "vitest";
import { submissionOutlook } from "../../../pipeline/estimate/outlook.ts";
import { deadline, edition } from "../../helpers/editions.ts";

/** Two rounds a cycle (June and November of the year before), each cycle with a notification in March. */
const SP_LIKE = [2025, 2026, 2027].map((year) =>
  edition(year, [`${year - 1}-06-06`, `${year - 1}-11-14`], {
    deadlines: [
      deadline("paper", `${year - 1}-06-06`),
      deadline("paper", `${year - 1}-11-14`),
      deadline("notification", `${year}-03-05`, { timezone: null, utc: null, source: "reference" }),
    ],
  }),
);

describe("other dates of the cycle of next", () => {
  it("shows no earlier cycle's notification beside a later cycle's estimate", () => {
    const o = submissionOutlook({
      editions: SP_LIKE,
      nowIso: "2026-12-07T12:00:00Z",
      dataAsOf: "2026-11-20",
    });
    expect(o.next).toMatchObject({ cycle_year: 2028, estimated: true });
    expect(o.other_dates).toEqual([]);
  });

  it("shows the notification of the cycle whose round is next", () => {
    const o = submissionOutlook({
      editions: SP_LIKE,
      nowIso: "2026-10-01T12:00:00Z",
      dataAsOf: "2026-09-20",
    });
    expect(o.next).toMatchObject({ cycle_year: 2027, date: "2026-11-14", estimated: false });
    expect(o.other_dates.map((d) => [d.type, d.date])).toEqual([["notification", "2027-03-05"]]);
  });
});
