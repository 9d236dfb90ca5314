/**
 * The plausibility rules on the real tracker rows they were written for (ccfddl and mpc as in UPSTREAM_DIR): every
 * round a tracker publishes for its edition stays unless the venue's own data contradicts it, and every drop
 * names its rule.
 */
import { describe, expect, it } from "vitest";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { importMpc } from "../../../pipeline/importers/mpc.ts";
import { dropImplausible, PLAUSIBILITY_RULES } from "../../../pipeline/merge/plausibility.ts";
import type { Edition } from "../../../snapshot/records.ts";
import { deadline, edition } from "../../helpers/editions.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("plausibility rules on the real tracker rows", async () => {
  const trackers = [
    ...(await importCcfddl(REAL_UPSTREAM)).conferences,
    ...(await importMpc(REAL_UPSTREAM)).conferences,
  ];
  /** One series' editions as the merge sees them (a copy: the rules work in place). */
  const seriesOf = (source: string, acronym: string): Edition[] => {
    const found = trackers.find((o) => o.source === source && o.acronym === acronym);
    if (!found) throw new Error(`${source} has no series ${acronym}`);
    return structuredClone(found.editions);
  };
  const dropsOf = (source: string, acronym: string) =>
    dropImplausible(seriesOf(source, acronym)).map((d) => `${d.rule} ${d.year} ${d.field} ${d.value}`);
  const papers = (eds: Edition[], year: number) =>
    eds
      .find((e) => e.year === year)
      ?.deadlines.filter((d) => d.type === "paper")
      .map((d) => d.date);

  it("keeps SIGMOD's January round of every edition, 17 months before its conference", () => {
    const eds = seriesOf("ccfddl", "SIGMOD");
    const dropped = dropImplausible(eds);
    expect(dropped.filter((d) => d.field.endsWith("deadline"))).toEqual([]);
    for (const year of [2024, 2025, 2026, 2027])
      expect(papers(eds, year)?.[0]?.slice(5)).toMatch(/^01-1[57]$/);
    expect(papers(eds, 2027)).toEqual(["2026-01-17", "2026-04-17", "2026-07-17", "2026-10-17"]);
  });

  it("keeps rounds the venue repeats every edition: VLDB's monthly ones, UbiComp's after its conference", () => {
    expect(dropsOf("ccfddl", "VLDB").filter((d) => !d.startsWith("start-outside-year"))).toEqual([]);
    const ubicomp = seriesOf("ccfddl", "UbiComp/ISWC");
    expect(dropImplausible(ubicomp)).toEqual([]);
    expect(papers(ubicomp, 2026)).toContain("2026-11-01");
  });

  it("keeps a long-lead round no other data contradicts (GROUP's first wave, CSCW's May cycle)", () => {
    expect(dropsOf("ccfddl", "GROUP")).toEqual([]);
    expect(dropsOf("ccfddl", "CSCW")).toEqual([]);
  });

  it("corrects a date whole years off beside its own round: the row's other date says the year (ISSRE, EuroVis)", () => {
    const issre = seriesOf("ccfddl", "ISSRE");
    const corrected = dropImplausible(issre).map((d) => `${d.year} ${d.value} → ${d.corrected ?? "dropped"}`);
    expect(corrected).toEqual(["2023 2021-06-01 → 2023-06-01", "2026 2025-04-17 → 2026-04-17"]);
    const paper2026 = issre.find((e) => e.year === 2026)?.deadlines.find((d) => d.type === "paper");
    expect(paper2026).toMatchObject({ date: "2026-04-17", source: "ccfddl" });
    expect(paper2026?.utc?.slice(0, 10)).toBe("2026-04-18");
    expect(papers(seriesOf("ccfddl", "EuroVis"), 2026)).toEqual(["2024-12-03"]);
    const eurovis = seriesOf("ccfddl", "EuroVis");
    dropImplausible(eurovis);
    expect(papers(eurovis, 2026)).toEqual(["2025-12-03"]);
    // Beside another edition's round only (COCOON 2026's copy of its 2025 date), nothing says this edition's: dropped.
    const cocoon = seriesOf("ccfddl", "COCOON");
    expect(dropImplausible(cocoon).map((d) => d.corrected ?? "dropped")).toEqual(["dropped"]);
    expect(papers(cocoon, 2026)).toEqual([]);
  });

  it("drops a date whole years off its own round or its neighbours' (a mistyped or copied-forward year)", () => {
    expect(dropsOf("ccfddl", "ISSRE")).toEqual([
      "year-slip 2023 paper deadline 2021-06-01",
      "year-slip 2026 paper deadline 2025-04-17",
    ]);
    expect(dropsOf("ccfddl", "EuroVis")).toEqual(["year-slip 2026 paper deadline 2024-12-03"]);
    expect(dropsOf("ccfddl", "COCOON")).toEqual(["year-slip 2026 paper deadline 2025-03-04"]);
    // mpc's TRUST 2027 abstract day ("October 24.") was once paired with its June deadline and read a year off; the
    // importer now pairs it with the October deadline it precedes (test/pipeline/importers/importer-mpc.test.ts).
    expect(dropsOf("mpc", "TRUST")).toEqual([]);
  });

  it("drops the later steps of a row whose year slipped with its submission deadline (ICFP 2022)", () => {
    const eds = seriesOf("ccfddl", "ICFP");
    expect(dropImplausible(eds).map((d) => `${d.rule} ${d.year} ${d.field} ${d.value}`)).toEqual([
      "year-slip 2022 paper deadline 2021-03-02",
      "slipped-step 2022 other deadline 2021-06-16",
    ]);
    expect(eds.find((e) => e.year === 2022)?.deadlines).toEqual([]);
    // The same steps of editions whose submission deadline stands are kept (ICFP 2025's revised papers).
    expect(eds.find((e) => e.year === 2025)?.deadlines.map((d) => d.date)).toEqual([
      "2025-02-27",
      "2025-06-12",
    ]);
  });

  it("reads NSPW's final version (after its conference) as a camera-ready date, so no round of it is dropped", () => {
    expect(dropsOf("ccfddl", "NSPW")).toEqual([]);
    const eds = seriesOf("ccfddl", "NSPW");
    const finals = eds.find((e) => e.year === 2021)?.deadlines.filter((d) => d.date === "2021-11-24");
    expect(finals?.map((d) => d.type)).toEqual(["camera_ready"]);
  });

  it("drops a submission deadline after its own conference that no other edition repeats", () => {
    // NSPW's rows as a tracker that calls its final version a paper deadline would give them.
    const eds = [
      edition(2021, ["2021-06-04", "2021-11-24"], { start_date: "2021-10-25" }),
      edition(2024, ["2024-04-12"], { start_date: "2024-09-16" }),
    ];
    expect(dropImplausible(eds).map((d) => `${d.rule} ${d.year} ${d.field} ${d.value}`)).toEqual([
      "after-its-conference 2021 paper deadline 2021-11-24",
    ]);
  });

  it("names a known rule and a reason for every drop over all tracker series", () => {
    const drops = trackers.flatMap((o) => dropImplausible(structuredClone(o.editions)));
    expect(drops.length).toBeGreaterThan(0);
    for (const d of drops) {
      expect(Object.keys(PLAUSIBILITY_RULES)).toContain(d.rule);
      expect(d.why.length).toBeGreaterThan(0);
    }
  });
});

describe("plausibility rules on reference dates and conference starts", () => {
  /** The reference's one row, placed in the edition of its year. */
  const reference = (year: number, date: string, start: string) =>
    edition(year, [], {
      start_date: start,
      sources: ["reference"],
      deadlines: [deadline("paper", date, { source: "reference" })],
    });

  it("drops a conference start in the wrong year and checks the deadlines without it", () => {
    const eds = [edition(2026, ["2026-05-10"], { start_date: "2025-10-01" })];
    expect(dropImplausible(eds).map((d) => `${d.rule} ${d.field} ${d.value}`)).toEqual([
      "start-outside-year conference start 2025-10-01",
    ]);
    expect(eds[0]?.deadlines.map((d) => d.date)).toEqual(["2026-05-10"]);
  });

  it("holds the reference, which names no edition, to the plain bounds", () => {
    // CMC's reference row: a 2020 submission date beside a 2012 conference date.
    expect(dropImplausible([reference(2012, "2020-11-21", "2012-05-21")]).map((d) => d.rule)).toEqual([
      "reference-out-of-edition",
    ]);
    expect(dropImplausible([reference(2027, "2025-12-01", "2027-06-13")]).map((d) => d.rule)).toEqual([
      "reference-out-of-edition",
    ]);
    // The same lead from a tracker, in no contradiction, stays.
    expect(dropImplausible([edition(2027, ["2025-12-01"], { start_date: "2027-06-13" })])).toEqual([]);
  });
});
