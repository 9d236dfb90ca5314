import { describe, expect, it } from "vitest";
import {
  backtestSeries,
  estimateEdition,
  nextDeadlineEstimates,
  summarizeBacktest,
} from "../../pipeline/estimate/estimates.ts";
import { currentEdition, dropImplausible } from "../../pipeline/merge/editions.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";

const deadline = (type: Deadline["type"], date: string): Deadline => ({
  type,
  label: type,
  date,
  time: null,
  timezone: null,
  utc: `${date}T23:59:59Z`,
  source: "ccfddl",
});

const edition = (
  year: number,
  papers: string[],
  extra: Partial<Edition> = {},
  abstracts: string[] = [],
): Edition => ({
  year,
  start_date: null,
  end_date: null,
  date_text: null,
  place: null,
  country: null,
  deadlines: [...abstracts.map((d) => deadline("abstract", d)), ...papers.map((d) => deadline("paper", d))],
  sources: ["ccfddl"],
  ...extra,
});

describe("deadline estimates", () => {
  it("projects a yearly series onto its next edition with a window, the editions used and a confidence", () => {
    const eds = [
      edition(2024, ["2024-01-24"], {}, ["2024-01-17"]),
      edition(2025, ["2025-01-23"], {}, ["2025-01-16"]),
      edition(2026, ["2026-01-22"], {}, ["2026-01-15"]),
    ];
    const out = nextDeadlineEstimates(eds, "2026-11-24T00:00:00Z");
    const paper = out.find((e) => e.type === "paper");
    if (!paper) throw new Error("no paper estimate");
    expect(paper).toMatchObject({ edition_year: 2027, rhythm: "yearly", based_on: [2024, 2025, 2026] });
    expect(paper.date).toBe("2027-01-23");
    expect(paper.earliest <= paper.date && paper.date <= paper.latest).toBe(true);
    expect(paper.confidence).toBeGreaterThan(0.8);
    expect(out.find((e) => e.type === "abstract")?.date).toBe("2027-01-16");
  });

  it("keeps a biennial series on its own years", () => {
    const eds = [edition(2021, ["2021-03-17"]), edition(2023, ["2023-03-08"]), edition(2025, ["2025-03-08"])];
    const [paper] = nextDeadlineEstimates(eds, "2026-11-24T00:00:00Z");
    expect(paper).toMatchObject({ edition_year: 2027, rhythm: "biennial" });
    expect(paper?.date.startsWith("2027-03")).toBe(true);
  });

  it("gives the next open round of a series with monthly rounds", () => {
    const rounds = (y: number) => ["08", "09", "10", "11", "12"].map((m) => `${y - 1}-${m}-01`);
    const eds = [edition(2024, rounds(2024)), edition(2025, rounds(2025))];
    const [paper] = nextDeadlineEstimates(eds, "2025-10-15T00:00:00Z");
    expect(paper).toMatchObject({ rhythm: "rounds", edition_year: 2026, date: "2025-11-01" });
  });

  it("disappears once an open paper deadline is announced, and needs two past editions", () => {
    const eds = [edition(2025, ["2025-01-23"]), edition(2026, ["2026-01-22"]), edition(2027, ["2027-01-21"])];
    expect(nextDeadlineEstimates(eds, "2026-11-24T00:00:00Z")).toEqual([]);
    expect(nextDeadlineEstimates([edition(2026, ["2026-01-22"])], "2026-11-24T00:00:00Z")).toEqual([]);
    expect(estimateEdition([edition(2025, ["2025-01-23"])], 2026)).toBeNull();
  });

  it("backtests each edition from the editions before it only", () => {
    const eds = [
      edition(2021, ["2021-05-28"]),
      edition(2022, ["2022-05-19"]),
      edition(2023, ["2023-05-17"]),
      edition(2024, ["2024-05-22"]),
    ];
    const cases = backtestSeries("X", eds, [2023, 2024], true);
    expect(cases.map((c) => c.year)).toEqual([2023, 2024]);
    // 2023 from 2021 and 2022 only: offsets 147 and 138 days, median 143 → 2023-05-24.
    expect(cases[0]).toMatchObject({ estimated: "2023-05-24", errorDays: 7 });
    expect(summarizeBacktest(cases)).toMatchObject({ cases: 2 });
    expect(summarizeBacktest([])).toEqual({ cases: 0, median: null, p90: null });
  });
});

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
