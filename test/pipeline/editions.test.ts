import { describe, expect, it } from "vitest";
import { currentEdition, dropImplausible } from "../../pipeline/merge/editions.ts";
import { edition } from "../helpers/editions.ts";

describe("edition choice and plausibility", () => {
  it("an announced edition without dates does not hide the last known deadline", () => {
    const eds = [edition(2025, ["2025-02-15"]), edition(2026, ["2026-01-05"]), edition(2027, [])];
    expect(currentEdition(eds, "2026-11-24T00:00:00Z")?.year).toBe(2026);
    const open = [...eds, edition(2028, ["2027-02-01"])];
    expect(currentEdition(open, "2026-11-24T00:00:00Z")?.year).toBe(2028);
  });

  it("drops a conference start in the wrong year and deadlines after the conference, and says why", () => {
    const eds = [
      edition(2026, ["2026-05-10"], { start_date: "2025-10-01" }),
      edition(2022, ["2022-01-15"], { start_date: "2022-01-01" }),
      edition(2025, ["2023-09-01", "2024-10-29"], { start_date: "2025-10-18" }),
    ];
    const dropped = dropImplausible(eds);
    expect(dropped.map((d) => `${d.year} ${d.field} ${d.value}`)).toEqual([
      "2026 conference start 2025-10-01",
      "2022 paper deadline 2022-01-15",
      "2025 paper deadline 2023-09-01",
    ]);
    expect(eds[0]?.deadlines.map((d) => d.date)).toEqual(["2026-05-10"]);
    expect(eds[2]?.deadlines.map((d) => d.date)).toEqual(["2024-10-29"]);
  });
});
