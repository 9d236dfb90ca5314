/**
 * The acceptance rules (pipeline/merge/acceptance.ts) on the real rows they were written for: a year whose figure is
 * a copy of another year's, a row missing a count, a rate far from the venue's other years. Every correction names
 * its rule and the rows involved.
 */
import { expect, it } from "vitest";
import { mergeAcceptance } from "../../../pipeline/merge/acceptance.ts";
import type { AcceptanceRow } from "../../../snapshot/records.ts";
import { realObservations } from "../../helpers/real-observations.ts";
import { describeOnRealUpstream } from "../../helpers/upstream-builds.ts";

const main = (rows: AcceptanceRow[]) =>
  Object.fromEntries(
    rows.filter((r) => r.track === null).map((r) => [r.year, `${r.accepted}/${r.submitted} ${r.source}`]),
  );

describeOnRealUpstream("acceptance figures on the real upstream rows", () => {
  it("RecSys 2015: lixin's 152/35 is 2014's figure; openaccept's 131/28 for 2015 takes its place", async () => {
    const { rows, corrections } = mergeAcceptance(
      await realObservations("ccfddl:DB/recsys.yml#RecSys", "lixin:RecSys", "openaccept:RecSys"),
    );
    expect(main(rows)[2014]).toBe("35/152 openaccept");
    expect(main(rows)[2015]).toBe("28/131 openaccept");
    expect(corrections).toEqual([
      expect.objectContaining({
        year: 2015,
        rule: "copied-year",
        dropped: expect.objectContaining({ source: "lixin", submitted: 152, accepted: 35 }),
        replacement: expect.objectContaining({ source: "openaccept", submitted: 131, accepted: 28 }),
      }),
    ]);
  });

  it("FAST: 2015 is contradicted by the cross-check (133/28) and dropped; 2022 keeps 130/28, which more sources give", async () => {
    const { rows, corrections } = mergeAcceptance(
      await realObservations("ccfddl:DS/fast.yml#FAST", "csconferences:FAST", "openaccept:FAST"),
    );
    const years = main(rows);
    expect(years[2015]).toBeUndefined();
    expect(years[2021]).toBeUndefined();
    expect(years[2022]).toBe("28/130 ccfddl");
    expect(corrections.map((c) => `${c.year} ${c.rule} ${c.replacement ? "replaced" : "dropped"}`)).toEqual([
      "2015 copied-year dropped",
      "2021 copied-year dropped",
    ]);
    expect(corrections[0]?.why).toContain(
      "csconferences gives 2015 as 28/133 (cross-check only, not published)",
    );
    // The cross-check source's own figure is never published.
    expect(rows.every((r) => r.source !== "csconferences")).toBe(true);
  });

  it("ICDE 2019 = 2020 (openaccept): 2020, which csconferences gives too, keeps 568/129", async () => {
    const { rows } = mergeAcceptance(
      await realObservations("ccfddl:DB/icde.yml#ICDE", "csconferences:ICDE", "openaccept:ICDE"),
    );
    expect(main(rows)[2019]).toBeUndefined();
    expect(main(rows)[2020]).toBe("129/568 openaccept");
  });

  it("WSDM 2017 = 2022, I3D 2021 = 2022, ICME 2017 = 2019: no source tells the years apart, so both are dropped", async () => {
    const cases = [
      [
        ["ccfddl:DB/wsdm.yml#WSDM", "lixin:WSDM", "csconferences:WSDM", "openaccept:WSDM"],
        [2017, 2022],
      ],
      [["openaccept:I3D"], [2021, 2022]],
      [
        ["ccfddl:CG/icme.yml#ICME", "openaccept:ICME"],
        [2017, 2019],
      ],
    ] as const;
    for (const [ids, years] of cases) {
      const { rows, corrections } = mergeAcceptance(await realObservations(...ids));
      for (const year of years) expect(main(rows)[year], `${ids[0]} ${year}`).toBeUndefined();
      expect(corrections.filter((c) => c.rule === "copied-year").map((c) => c.year)).toEqual([...years]);
      expect(corrections[0]?.why).toContain("no source tells the years apart");
    }
  });

  it("NeurIPS 2022: lixin's row without its accepted count loses to openaccept's complete 2672/10411", async () => {
    const { rows, corrections } = mergeAcceptance(
      await realObservations("ccfddl:AI/nips.yml#NeurIPS", "lixin:NeurIPS", "openaccept:NeurIPS"),
    );
    expect(main(rows)[2022]).toBe("2672/10411 openaccept");
    expect(corrections).toContainEqual(
      expect.objectContaining({
        year: 2022,
        rule: "incomplete",
        dropped: expect.objectContaining({ accepted: null }),
      }),
    );
  });

  it("ICDM 2023: ccfddl's 200/926 (21.6 %, beside ~10 % every other year) loses to openaccept's 93/1003", async () => {
    const { rows, corrections } = mergeAcceptance(
      await realObservations("ccfddl:DB/icdm.yml#ICDM", "lixin:ICDM", "openaccept:ICDM"),
    );
    expect(main(rows)[2023]).toBe("93/1003 openaccept");
    expect(corrections.filter((c) => c.rule === "outlier")).toEqual([
      expect.objectContaining({
        year: 2023,
        dropped: expect.objectContaining({ source: "ccfddl", accepted: 200 }),
        replacement: expect.objectContaining({ source: "openaccept", accepted: 93 }),
      }),
    ]);
    // Every other year keeps the priority's choice: the rule touches the outlier only.
    expect(corrections).toHaveLength(1);
  });

  it("keeps a far rate that no other source contradicts (a venue's real change is no error)", () => {
    const row = (year: number, accepted: number, submitted: number): AcceptanceRow => ({
      year,
      submitted,
      accepted,
      rate: accepted / submitted,
      track: null,
      source: "ccfddl",
    });
    const member = {
      source: "ccfddl",
      acceptance: [row(2021, 10, 100), row(2022, 11, 100), row(2023, 9, 100), row(2024, 40, 100)],
    };
    const { rows, corrections } = mergeAcceptance([member as never]);
    expect(rows.map((r) => r.accepted)).toEqual([10, 11, 9, 40]);
    expect(corrections).toEqual([]);
  });
});
