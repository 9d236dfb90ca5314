/**
 * The lists' categories of a venue (issue 42): the CCF categories of the list whose rank it shows, CORE's FoR codes
 * of a CORE-ranked one, and what the importers read of them on the fixtures.
 */
import { describe, expect, it } from "vitest";
import { importCoreHistory } from "../../../pipeline/importers/core-history.ts";
import { ccfCategories, coreForCodes } from "../../../pipeline/merge/list-categories.ts";
import type { SourceId } from "../../../pipeline/sources/observations.ts";
import type { CcfCategory, CoreForCode } from "../../../snapshot/records.ts";
import { UPSTREAM_FIXTURES } from "../../helpers/import-fixtures.ts";

const member = (source: SourceId, ccf: CcfCategory[], forCodes: CoreForCode[] = []) => ({
  source,
  ccfCategories: ccf,
  forCodes,
});

describe("ccfCategories", () => {
  it("takes the categories of the list whose rank the venue shows, every row of it united", () => {
    const members = [member("ccf", ["DS"]), member("ccf2026", ["SE"]), member("ccf2026", ["SE", "CT"])];
    expect(ccfCategories(members, "CCF2026")).toEqual({ categories: ["SE", "CT"], source: "ccf2026" });
    expect(ccfCategories(members, "CCF2022")).toEqual({ categories: ["DS"], source: "ccf" });
    expect(ccfCategories([member("ccfddl", ["NW"]), ...members], "ccfddl")).toEqual({
      categories: ["NW"],
      source: "ccfddl",
    });
  });

  it("falls back to any CCF list naming the venue (the reference gives ranks, never categories)", () => {
    expect(ccfCategories([member("reference", []), member("ccf", ["AI"])], "reference-2026-08-22")).toEqual({
      categories: ["AI"],
      source: "ccf",
    });
    expect(ccfCategories([member("reference", [])], "reference-2026-08-22")).toEqual({
      categories: [],
      source: null,
    });
  });

  it("gives an unranked venue none, whatever its rows say", () => {
    expect(ccfCategories([member("ccf2026", ["SE"])], null)).toEqual({ categories: [], source: null });
  });
});

describe("coreForCodes", () => {
  it("keeps every code of a CORE-ranked venue's CORE rows, once, and none when unranked", () => {
    const members = [member("core", [], ["4612", "4613"]), member("core", [], ["4612"]), member("icore", [])];
    expect(coreForCodes(members, true)).toEqual(["4612", "4613"]);
    expect(coreForCodes(members, false)).toEqual([]);
  });

  it("reads the newest CORE edition's 2020 codes from the history (08xx codes are not carried)", async () => {
    const { conferences } = await importCoreHistory(UPSTREAM_FIXTURES);
    const codes = new Set(conferences.flatMap((c) => c.forCodes));
    expect(codes.size).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^(46(\d\d)?|CSE)$/);
    // A venue last ranked in CORE2018 (2008 codes only) carries none.
    const threeDim = conferences.find((c) => c.key === "core/4");
    expect(threeDim?.forCodes).toEqual([]);
  });
});
