/** The name index's match tiers (docs/api.md, "Search order") on hand-made venues. */
import { describe, expect, it } from "vitest";
import { NameIndex } from "../../../read/query/search-index.ts";
import type { VenueNames } from "../../../read/query/search-index-builder.ts";
import { foldWords } from "../../../read/query/search-text.ts";

const venue = (
  id: string,
  short: string | null,
  full: string,
  more: Partial<VenueNames> = {},
): VenueNames => ({
  id,
  short,
  full,
  aliases: [],
  issns: [],
  ...more,
});

const index = NameIndex.of([
  venue("1", "S&P", "IEEE Symposium on Security and Privacy", { aliases: ["Oakland"] }),
  venue("2", "SPAA", "ACM Symposium on Parallelism in Algorithms and Architectures"),
  venue("3", "USENIX ATC", "USENIX Annual Technical Conference"),
  venue("4", "SIGKDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
  venue("5", "ECML-PKDD", "European Conference on Machine Learning and Knowledge Discovery in Databases"),
  venue("6", "TPAMI", "IEEE Transactions on Pattern Analysis and Machine Intelligence", {
    issns: ["0162-8828"],
  }),
  venue("7", "CLEI", "Conferência Latinoamericana de Informática"),
]);

/** Venue id → tier of what `q` matched. Each result is released, so later queries reuse its tier array. */
const tiers = (q: string) => {
  const matches = index.match(q);
  const found = Object.fromEntries([...matches].map(([pos, tier]) => [String(index.idOf(pos)), tier]));
  matches.release();
  return found;
};

describe("name index", () => {
  it("folds case, diacritics and punctuation", () => {
    expect(foldWords("  ECML-PKDD ")).toBe("ecml pkdd");
    expect(foldWords("Conferência")).toBe("conferencia");
    expect(foldWords("S&P")).toBe("s p");
  });

  it("an acronym with punctuation, a bare acronym without its qualifier or SIG prefix, an alias: exact", () => {
    expect(tiers("SP")).toEqual({ "1": 0, "2": 1 });
    expect(tiers("s&p")).toEqual({ "1": 0, "2": 1 });
    expect(tiers("oakland")).toEqual({ "1": 0 });
    expect(tiers("ATC")).toEqual({ "3": 0 });
    expect(tiers("kdd")).toEqual({ "4": 0, "5": 2 });
    expect(tiers("ECML PKDD")).toEqual({ "5": 0 });
  });

  it("every query word a whole word of a name, in any order: the word tier; otherwise a substring", () => {
    expect(tiers("privacy security")).toEqual({ "1": 1 });
    expect(tiers("knowledge discovery")).toEqual({ "4": 1, "5": 1 });
    expect(tiers("nowledge disc")).toEqual({ "4": 2, "5": 2 });
    expect(tiers("informatica")).toEqual({ "7": 1 });
  });

  it("a several-word query nothing else answers: most of its weight, plurals meeting singulars, is the last tier", () => {
    expect(tiers("usenix annual technical conferences")).toEqual({ "3": 3 });
    expect(tiers("international symposium on security and privacy")).toEqual({ "1": 3 });
    // Common words alone carry too little weight to reach the share.
    expect(tiers("acm ieee conference on databases")).toEqual({});
    // Not looked for when the word tier already answers.
    expect(tiers("knowledge discovery")).toEqual({ "4": 1, "5": 1 });
  });

  it("an ISSN with or without its hyphen is exact; nothing and blank queries match nothing", () => {
    expect(tiers("0162-8828")).toEqual({ "6": 0 });
    expect(tiers("01628828")).toEqual({ "6": 0 });
    expect(tiers("no such venue")).toEqual({});
    expect(tiers(" -- ")).toEqual({});
  });
});
