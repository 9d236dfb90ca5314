import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCcf2026, parseDataGen } from "../../../pipeline/importers/ccf-2026.ts";
import type { Rejection } from "../../../pipeline/sources/observations.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/upstream", import.meta.url));

describe("parseDataGen", () => {
  it("reads the rows of the string literal as text, with tabs or spaces before the dblp paths", () => {
    const rejected: Rejection[] = [];
    const rows = parseDataGen(
      [
        "const ccfRankList =",
        '  "A\tTOCS\tACM Transactions on Computer Systems\t/journals/tocs\t/journals/tocs/tocs\\n" +',
        '  "C\tTIOT\tACM Transactions on Internet of Things /journals/tiot /journals/tiot/tiot\\n" +',
        '  "B\t\tParallel Computing\t/journals/pc\t/journals/pc/pc";',
        'for (x of ccfRankList.split("\\n")) {}',
      ].join("\n"),
      rejected,
    );
    expect(rejected).toEqual([]);
    expect(rows.map(({ rank, acronym, title, dblp }) => ({ rank, acronym, title, dblp }))).toEqual([
      { rank: "A", acronym: "TOCS", title: "ACM Transactions on Computer Systems", dblp: "journals/tocs" },
      { rank: "C", acronym: "TIOT", title: "ACM Transactions on Internet of Things", dblp: "journals/tiot" },
      { rank: "B", acronym: null, title: "Parallel Computing", dblp: "journals/pc" },
    ]);
  });

  it("fails clearly on a file without the list", () => {
    expect(() => parseDataGen("var x = 1;", [])).toThrow(/no ccfRankList/);
  });
});

describe("importCcf2026 (fixtures)", () => {
  it("joins dataGen.js and the jsonl: ranks as CCF2026, type, fields and publisher from the jsonl", async () => {
    const result = await importCcf2026(FIXTURES);
    const byAcronym = (a: string) =>
      [...result.conferences, ...result.journals].filter((o) => o.acronym === a).map((o) => o.key);
    // CVM (conference, C) and CVMJ (journal, B) share a title: the rank keeps them apart.
    expect(byAcronym("CVM")).toEqual(["CCF2026#conference/computational visual media"]);
    expect(byAcronym("CVMJ")).toEqual(["CCF2026#journal/computational visual media"]);
    const tocs = result.journals.find((o) => o.acronym === "TOCS");
    expect(tocs).toMatchObject({
      source: "ccf2026",
      dblp: "journals/tocs",
      publisher: "ACM",
      ccfRank: "A",
      ranks: [{ system: "CCF", edition: "CCF2026", rank: "A", source: "ccf2026" }],
      fields: [],
      tentativeFields: ["architecture", "systems"],
    });
    // The garbled PDF copy "TOCS ACM" is the same venue, not a second one.
    expect(result.journals.filter((o) => o.title.includes("Computer Systems"))).toHaveLength(1);
    const ijcai = result.conferences.find((o) => o.acronym === "IJCAI");
    expect(ijcai?.ranks).toEqual([{ system: "CCF", edition: "CCF2026", rank: "B", source: "ccf2026" }]);
    // A dblp key two venues share is dropped from both (AsiaCCS is filed under conf/ccs).
    expect(result.conferences.filter((o) => o.dblp === "conf/ccs")).toEqual([]);
    // A jsonl row dataGen.js lacks is still a venue of the list.
    expect(result.conferences.find((o) => o.acronym === "ICLR")?.ranks[0]?.rank).toBe("A");
    expect(result.rejected).toEqual([
      {
        file: "ccf-list-2026/dataGen.js",
        record: expect.stringMatching(/^line /),
        reason: 'unknown CCF level "P"',
      },
    ]);
  });
});

describeOnRealUpstream("importCcf2026 (real upstream)", () => {
  it("holds every list venue once with the 2026 ranks", async () => {
    const result = await importCcf2026(REAL_UPSTREAM);
    const all = [...result.conferences, ...result.journals];
    // The list has 682 rows (387 conferences, 295 journals); the PDF parse repeats four journals with a publisher
    // word glued on ("TODAES ACM"), and a second dblp path is never a venue of its own.
    expect(result.conferences).toHaveLength(387);
    expect(all.length).toBeGreaterThanOrEqual(678);
    expect(all.length).toBeLessThanOrEqual(682);
    const rank = (a: string) => all.find((o) => o.acronym === a)?.ranks[0]?.rank;
    expect([rank("IJCAI"), rank("WINE"), rank("HPDC"), rank("FMCAD"), rank("ISCAS"), rank("WISE")]).toEqual([
      "B",
      "B",
      "A",
      "B",
      "B",
      "B",
    ]);
    expect(rank("ICLR")).toBe("A");
  });

  it("reads a row repeated for a second dblp path as the same venue, the path one more key (VLDB, SIGSPATIAL)", async () => {
    const result = await importCcf2026(REAL_UPSTREAM);
    // dataGen.js lines 364-365: VLDB's /conf/vldb and /journals/pvldb; lines 723-724: SIGSPATIAL's /conf/gis and
    // /journals/sigspatial. Each is one conference of the list, never a journal of its own.
    for (const [acronym, dblp, other] of [
      ["VLDB", "conf/vldb", "journals/pvldb"],
      ["SIGSPATIAL", "conf/gis", "journals/sigspatial"],
    ] as const) {
      expect(result.journals.filter((o) => o.acronym === acronym)).toEqual([]);
      const conferences = result.conferences.filter((o) => o.acronym === acronym);
      expect(conferences.map((o) => [o.dblp, o.otherDblp])).toEqual([[dblp, [other]]]);
    }
    // The list (ccf_2026.jsonl) ranks 37 journals A: as many as the importer gives.
    expect(result.journals.filter((o) => o.ranks[0]?.rank === "A")).toHaveLength(37);
  });

  it("gives a journal a journals/ key first, the one the list's url names (Parallel Computing, IET Software)", async () => {
    const result = await importCcf2026(REAL_UPSTREAM);
    // dataGen.js lines 21-22: /conf/parco, then /journals/pc; lines 237-238: /journals/iee (IEE Proceedings -
    // Software, the predecessor), then /journals/iet-sen, which ccf_2026.jsonl's url names.
    for (const [title, dblp, other] of [
      ["Parallel Computing", "journals/pc", "conf/parco"],
      ["IET Software", "journals/iet-sen", "journals/iee"],
    ] as const) {
      const journals = result.journals.filter((o) => o.title === title);
      expect(journals.map((o) => [o.dblp, o.otherDblp])).toEqual([[dblp, [other]]]);
    }
    expect(result.journals.filter((o) => o.dblp && !o.dblp.startsWith("journals/"))).toEqual([]);
    // A conference keeps its conf/ path first (CODES+ISSS: conf/codes, then conf/codesisss).
    expect(result.conferences.filter((o) => o.dblp && !o.dblp.startsWith("conf/"))).toEqual([]);
  });
});
