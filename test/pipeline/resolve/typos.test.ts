import { describe, expect, it } from "vitest";
import { titleTokens } from "../../../pipeline/resolve/similarity.ts";
import { oneSlip, typoCorrections } from "../../../pipeline/resolve/typos.ts";

/** Real titles of the upstream lists, each once, as resolution reads their words. */
const catalogue = (titles: string[]) => typoCorrections(titles.map(titleTokens));

describe("typo corrections", () => {
  it("reads a word of one title one slip from a word three titles use as that word (QUALIS's Forntiers)", () => {
    const fixes = catalogue([
      "International Conference on Forntiers of Information Technology",
      "International Conference on Frontiers of Information Technology",
      "Frontiers in Education Conference",
      "International Frontiers of Algorithmics Workshop",
      "Engineering Applications of Artifical Intelligence",
      "International Joint Conference on Artificial Intelligence",
      "AAAI Conference on Artificial Intelligence",
      "European Conference on Artificial Intelligence",
    ]);
    expect(Object.fromEntries(fixes)).toEqual({ forntier: "frontier", artifical: "artificial" });
  });

  it("leaves a known word with a letter more or less at an end, a letter changed, or a word two titles use", () => {
    const fixes = catalogue([
      "eHealth Conference",
      "International Conference on Health Informatics",
      "Health Informatics Symposium",
      "Workshop on Health Data",
      "Secured Systems Workshop",
      "Secure Systems Symposium",
      "Conference on Secure Computing",
      "Secure Software Conference",
      "Commuting Patterns Workshop",
      "Computing Frontiers",
      "Computing Education Conference",
      "Computing Research Symposium",
      "Frontiers of Computing",
      "Forntiers of Science",
      "Forntiers of Art",
    ]);
    expect(fixes).toEqual(new Map());
  });

  it("counts a slip as a letter missing or added inside the word, or two neighbours swapped", () => {
    expect([
      oneSlip("forntier", "frontier"),
      oneSlip("artifical", "artificial"),
      oneSlip("telecommuncation", "telecommunication"),
      oneSlip("commuting", "computing"),
      oneSlip("healthy", "health"),
      oneSlip("ehealth", "health"),
    ]).toEqual([true, true, true, false, false, false]);
  });
});
