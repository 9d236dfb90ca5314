import { describe, expect, it } from "vitest";
import names from "../../../snapshot/records/categories.json" with { type: "json" };
import { CCF_CATEGORY_TABLE, CORE_FOR_TABLE, checkCategoryNames } from "../../../snapshot/records.ts";

describe("the lists' category names (categories.json)", () => {
  it("are the tables, in the lists' order", () => {
    expect(Object.fromEntries(CCF_CATEGORY_TABLE.map(({ code, ...rest }) => [code, rest]))).toEqual(
      names.ccf,
    );
    expect(Object.fromEntries(CORE_FOR_TABLE.map((c) => [c.code, c.name]))).toEqual(names.core_for);
    expect(CCF_CATEGORY_TABLE.map((c) => c.code).join(" ")).toBe("DS NW SC SE DB CT CG AI HI MX");
    expect(CCF_CATEGORY_TABLE[0]).toEqual({
      code: "DS",
      name_zh: "计算机体系结构/并行与分布计算/存储系统",
      name_en: "Computer Architecture/Parallel and Distributed Computing/Storage System",
    });
    expect(CORE_FOR_TABLE.length).toBe(16);
    expect(CORE_FOR_TABLE[0]).toEqual({ code: "46", name: "Information and computing sciences" });
    expect(CORE_FOR_TABLE.at(-1)).toEqual({
      code: "CSE",
      name: "Computer systems engineering (CORE2023 panel)",
    });
  });

  it.each([
    [
      "a category without its English name",
      { ...names, ccf: { ...names.ccf, MX: { name_zh: "交叉" } } },
      /ccf\.MX\.name_en/,
    ],
    ["an empty name", { ...names, core_for: { ...names.core_for, "4699": "" } }, /core_for\.4699/],
    ["a 2008 FoR code", { ...names, core_for: { ...names.core_for, "0803": "Computer Software" } }, /0803/],
    ["a code not of CCF's form", { ...names, ccf: { ...names.ccf, ai: names.ccf.AI } }, /ai/],
    ["a field of its own", { ...names, ccf: { ...names.ccf, NW: { ...names.ccf.NW, note: "x" } } }, /note/],
  ])("refuses %s, naming the file and the entry", (_what, data, entry) => {
    expect(() => checkCategoryNames(data)).toThrow(/^snapshot\/records\/categories\.json: /);
    expect(() => checkCategoryNames(data)).toThrow(entry);
  });

  it("takes the file as it is", () => {
    expect(() => checkCategoryNames(names)).not.toThrow();
  });
});
