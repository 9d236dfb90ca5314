import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acronymVariants,
  cleanNames,
  cleanText,
  dblpKeyFromUrl,
  normalizeAcronym,
  normalizeCoreRank,
  normalizeIssn,
  normalizeTitle,
  placeInNormalCase,
  splitTitleAcronym,
} from "../../../pipeline/normalize/normalize.ts";
import { itMaps } from "../../helpers/maps.ts";

describe("cleanText / cleanNames", () => {
  it("trims, collapses white space and no-break spaces, blanks to null", () => {
    expect(cleanText("  ACM \u00a0 Transactions\n on  X ")).toBe("ACM Transactions on X");
    expect(cleanText("John Wiley &amp; Sons Inc.")).toBe("John Wiley & Sons Inc.");
    expect(cleanText("Caf&#233; &#x26; Bar &bogus;")).toBe("Café & Bar &bogus;");
    expect(cleanText(" \u00a0 ")).toBeNull();
    expect(cleanText(undefined)).toBeNull();
    expect(cleanText(42)).toBeNull();
  });

  it("keeps a record named one way, refuses one named in no way", () => {
    expect(cleanNames("", "Parallel Computing")).toEqual({ acronym: null, title: "Parallel Computing" });
    expect(cleanNames(" HotSec ", null)).toEqual({ acronym: "HotSec", title: null });
    expect(cleanNames("  ", "")).toBeNull();
  });
});

describe("normalizeAcronym", () => {
  itMaps(normalizeAcronym, [
    ["EuroS&P 2024", "EUROSP"],
    ["ICSE'24", "ICSE"],
    ["ICSE’24", "ICSE"],
    ["AI'", "AI"],
    [" ccs ", "CCS"],
    ["3DV", "3DV"],
    ["IFIP WG 11.9", "IFIPWG119"],
    ["CODES+ISSS", "CODESISSS"],
    ["ICDL-EpiRob", "ICDLEPIROB"],
    ["Sémantics", "SEMANTICS"],
    // A year glued to letters is part of the name, not a year.
    ["WWW2", "WWW2"],
    ["SIGCOMM2019", "SIGCOMM2019"],
  ]);

  it("gives upper-case letters and digits only", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const out = normalizeAcronym(raw);
        expect(out).toMatch(/^[\p{L}\p{N}]*$/u);
        expect(out).toBe(out.toUpperCase());
      }),
    );
  });
});

describe("acronymVariants", () => {
  it("adds the form without a leading society name", () => {
    expect(acronymVariants("ACM ASIACCS")).toEqual(["ACMASIACCS", "ASIACCS"]);
    expect(acronymVariants("IEEE/ACM ASE")).toEqual(["IEEEACMASE", "ASE"]);
    expect(acronymVariants("IEEE VR 2024")).toEqual(["IEEEVR", "VR"]);
    expect(acronymVariants("ACM SIGOPS ATC")).toEqual(["ACMSIGOPSATC", "SIGOPSATC"]);
  });

  it("leaves other acronyms alone and drops empty forms", () => {
    expect(acronymVariants("AAAI")).toEqual(["AAAI"]);
    expect(acronymVariants("ACM")).toEqual(["ACM"]);
    expect(acronymVariants("ACMMM")).toEqual(["ACMMM"]);
    expect(acronymVariants("ACML")).toEqual(["ACML"]);
    expect(acronymVariants("IEEESCC")).toEqual(["IEEESCC", "SCC"]);
    expect(acronymVariants("AC-IADIS")).toEqual(["ACIADIS", "AC"]);
    expect(acronymVariants("IADIS AC")).toEqual(["IADISAC", "AC"]);
    expect(acronymVariants("2024")).toEqual([]);
    expect(acronymVariants("")).toEqual([]);
  });
});

describe("normalizeTitle", () => {
  itMaps(normalizeTitle, [
    [
      "Proceedings of the 25th ACM Conference on Computer & Communications Security",
      "acm conference on computer and communications security",
    ],
    ["The Journal of Grid computing", "journal of grid computing"],
    ["Journal of the ACM", "journal of acm"],
    ["Workshop de Visão Computacional", "workshop de visao computacional"],
    ["1st Workshop on Testing, 2024", "workshop on testing"],
    ["International Conference on People’s Web", "international conference on peoples web"],
    ["Theory of Computing", "theory of computing"],
    ["Mathematics of the 3D World", "mathematics of 3d world"],
    ["Other (the 2nd edition)", "other edition"],
  ]);

  it("makes the spellings lists disagree on equal", () => {
    expect(normalizeTitle("ACM Transactions on Multimedia Computing, Communications and Applications")).toBe(
      normalizeTitle("ACM Transactions on Multimedia Computing,Communications and Applications"),
    );
    expect(normalizeTitle("IEEE Communications Surveys & Tutorials")).toBe(
      normalizeTitle("IEEE Communications Surveys and Tutorials"),
    );
  });

  it("is idempotent and gives single-spaced lower-case words", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (raw) => {
        const once = normalizeTitle(raw);
        expect(normalizeTitle(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s\s/);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });
});

describe("normalizeIssn", () => {
  itMaps(normalizeIssn, [
    ["0890-5401 ", "0890-5401"],
    ["2373-745x", "2373-745X"],
    ["1234567X", "1234-567X"],
    ["\u00a00098-5589", "0098-5589"],
    // Not an ISSN.
    ["0000-0000", null],
    ["00000000", null],
    ["1234-56", null],
    ["1234-56789", null],
    ["X234-5678", null],
    ["ISSN 1234-5678", null],
    ["", null],
  ]);

  it("takes null and undefined", () => {
    expect(normalizeIssn(null)).toBeNull();
    expect(normalizeIssn(undefined)).toBeNull();
  });
});

describe("dblpKeyFromUrl", () => {
  itMaps(dblpKeyFromUrl, [
    ["http://dblp.uni-trier.de/db/conf/aaai/", "conf/aaai"],
    ["http://dblp.uni-trier.de/db/journals/tocs/index.html", "journals/tocs"],
    ["https://dblp.org/db/journals/tsmc/tsmc12.html", "journals/tsmc"],
    ["https://dblp.org/db/conf/itc-asia/index.html", "conf/itc-asia"],
    ["https://dblp.org/db/journals/tcasI/index.html", "journals/tcasI"],
    ["http://dblp.uni-trier.de/db/conf/cf", "conf/cf"],
    ["http://dblp2.uni-trier.de/db/conf/vrst/", "conf/vrst"],
    ["ttps://dblp.org/db/journals/pacmhci/index.html", "journals/pacmhci"],
    ["\u00a0http://dblp.uni-trier.de/db/journals/tist/", "journals/tist"],
    // Not a DBLP venue page.
    ["http://www.usenix.org/events/", null],
    ["http://link.springer.com/journal/10723", null],
    ["https://dblp.org/pid/12/345.html", null],
    ["https://example.org/db/conf/aaai/", null],
    ["", null],
  ]);

  it("takes null", () => {
    expect(dblpKeyFromUrl(null)).toBeNull();
  });
});

describe("splitTitleAcronym", () => {
  it("splits at the last bar and trims", () => {
    expect(splitTitleAcronym("AAAI Conference on Human Computation and Crowdsourcing|HCOMP")).toEqual({
      title: "AAAI Conference on Human Computation and Crowdsourcing",
      acronym: "HCOMP",
    });
    expect(splitTitleAcronym(" Odd | Title | ODD ")).toEqual({ title: "Odd | Title", acronym: "ODD" });
  });

  it("reads a cell without a bar as a title, and blank parts as null", () => {
    expect(splitTitleAcronym("American Society of Mechanical Engineering")).toEqual({
      title: "American Society of Mechanical Engineering",
      acronym: null,
    });
    expect(splitTitleAcronym("Title Only|")).toEqual({ title: "Title Only", acronym: null });
    expect(splitTitleAcronym("|ACR")).toEqual({ title: null, acronym: "ACR" });
    expect(splitTitleAcronym("|")).toEqual({ title: null, acronym: null });
  });
});

describe("normalizeCoreRank", () => {
  itMaps(normalizeCoreRank, [
    ["A*", "A*"],
    ["A", "A"],
    ["B", "B"],
    ["C", "C"],
    [" a* ", "A*"],
    ["Australasian B", "B"],
    ["Australasian C", "C"],
    ["australasian  c", "C"],
  ]);

  it.each([
    ["Australasian"],
    ["National: China"],
    ["National"],
    ["Regional - Baltic"],
    ["Unranked"],
    ["unranked: not primarily CS"],
    ["Journal Published"],
    ["TBR"],
    ["NEW"],
    ["L"],
    ["Multiconference"],
    ["B (needs review)"],
    [""],
  ])("%s → empty", (raw) => {
    expect(normalizeCoreRank(raw)).toBe("");
  });
});

describe("placeInNormalCase", () => {
  itMaps(placeInNormalCase, [
    ["MONTREAL, CANADA", "Montreal, Canada"],
    ["SAN FRANCISCO, CA", "San Francisco, CA"],
    ["BOSTON, MA, USA", "Boston, MA, USA"],
    ["HYATT MAUI, HAWAII, USA", "Hyatt Maui, Hawaii, USA"],
    ["TBD", "TBD"],
    ["Montréal, Canada", "Montréal, Canada"],
    ["Rio De Janeiro, Brazil", "Rio De Janeiro, Brazil"],
  ]);

  it("keeps a missing place missing", () => {
    expect(placeInNormalCase(null)).toBeNull();
  });
});
