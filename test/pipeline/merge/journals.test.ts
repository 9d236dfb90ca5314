import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Conflict } from "../../../pipeline/merge/merge-conferences.ts";
import { mergeJournal } from "../../../pipeline/merge/merge-journals.ts";
import { describeJournal } from "../../../pipeline/resolve/describe.ts";
import { resolve } from "../../../pipeline/resolve/resolve.ts";
import {
  type JournalObservation,
  journalObservation,
  type SourceId,
} from "../../../pipeline/sources/observations.ts";

let seq = 0;
function j(source: SourceId, title: string, extra: Partial<JournalObservation> = {}): JournalObservation {
  seq += 1;
  return journalObservation({ source, key: `${source}#${seq}#${title}`, file: "x", title, ...extra });
}

/** Journals of a small catalogue, so that common title words weigh little, as they do in the real one. */
const CATALOGUE = [
  j("scimago", "IEEE Transactions on Computers", { issns: ["0018-9340"] }),
  j("scimago", "IEEE Transactions on Software Engineering", { issns: ["0098-5589"] }),
  j("scimago", "IEEE Transactions on Parallel and Distributed Systems", { issns: ["1045-9219"] }),
  j("scimago", "ACM Computing Surveys", { issns: ["0360-0300"] }),
  j("scimago", "Journal of Parallel and Distributed Computing", { issns: ["0743-7315"] }),
  j("scimago", "Future Generation Computer Systems", { issns: ["0167-739X"] }),
  j("scimago", "Computer Networks", { issns: ["1389-1286"] }),
  j("scimago", "Journal of Systems and Software", { issns: ["0164-1212"] }),
  j("scimago", "Journal of Biomedical Informatics", { issns: ["1532-0464"] }),
];

const resolveJournals = (list: JournalObservation[]) =>
  resolve([...CATALOGUE, ...list], describeJournal, { acronymThreshold: 0.6 });

/** The groups holding one of the given observations, each as "source:title" sorted. */
function groups(list: JournalObservation[]) {
  const own = new Set(list.map((o) => o.key));
  return resolveJournals(list)
    .clusters.filter((c) => c.members.some((m) => own.has(m.key)))
    .map((c) => c.members.map((m) => `${m.source}:${m.title}`).sort())
    .sort();
}

describe("journal resolution (issue 10 §5)", () => {
  const tmc = () => [
    j("reference", "IEEE Transactions on Mobile Computing", {
      acronym: "TMC",
      issns: ["1536-1233"],
      ccfRank: "A",
    }),
    j("reference", "IEEE Transactions on Sustainable Computing", {
      acronym: "TSUSC",
      issns: ["1536-1233"],
      ccfRank: "C",
    }),
    j("scimago", "IEEE Transactions on Mobile Computing", { issns: ["1536-1233"] }),
    j("scimago", "IEEE Transactions on Sustainable Computing", { issns: ["2377-3782"] }),
    j("ccf2026", "IEEE Transactions on Sustainable Computing", { acronym: "TSUSC", ccfRank: "C" }),
  ];

  it("gives an ISSN two journals claim to the one whose title SCImago gives it, and reports the loss", () => {
    const res = resolveJournals(tmc());
    const holders = res.clusters.filter((c) => c.members.some((m) => m.issns.includes("1536-1233")));
    expect(holders.map((c) => c.members.map((m) => `${m.source}:${m.acronym ?? m.title}`).sort())).toEqual([
      ["reference:TMC", "scimago:IEEE Transactions on Mobile Computing"],
    ]);
    expect([...(holders[0]?.exactKeys ?? [])]).toContain("issn:1536-1233");
    const tsusc = res.clusters.find((c) => c.members.some((m) => m.acronym === "TSUSC"));
    expect(tsusc?.members.map((m) => m.source).sort()).toEqual(["ccf2026", "reference", "scimago"]);
    expect(tsusc?.exactKeys.has("issn:1536-1233")).toBe(false);

    const conflicts: Conflict[] = [];
    const { draft } = mergeJournal(tsusc?.members ?? [], conflicts);
    expect(draft.issns).toEqual(["2377-3782"]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      field: "journal issn",
      others: [{ value: "1536-1233", source: "reference" }],
    });
    expect(conflicts[0]?.why).toContain('scimago gives it to "IEEE Transactions on Mobile Computing"');
    // The journal that keeps it reports nothing.
    const kept: Conflict[] = [];
    mergeJournal(holders[0]?.members ?? [], kept);
    expect(kept.filter((c) => c.field === "journal issn")).toEqual([]);
  });

  it("takes two rows of one list sharing an ISSN under close titles for one journal", () => {
    expect(
      groups([
        j("reference", "Sustainable Computing", { issns: ["2210-5379"] }),
        j("reference", "Sustainable Computing: Informatics and Systems", { issns: ["2210-5379"] }),
        j("scimago", "Sustainable Computing: Informatics and Systems", { issns: ["2210-5379"] }),
        // A renamed journal SCImago lists under both titles.
        j("scimago", "GIS-Zeitschrift fur Geoinformatik", { issns: ["1869-9391"] }),
        j("scimago", "gis.Science - Die Zeitschrift fur Geoinformatik", { issns: ["1869-9391"] }),
      ]),
    ).toEqual([
      [
        "reference:Sustainable Computing",
        "reference:Sustainable Computing: Informatics and Systems",
        "scimago:Sustainable Computing: Informatics and Systems",
      ],
      [
        "scimago:GIS-Zeitschrift fur Geoinformatik",
        "scimago:gis.Science - Die Zeitschrift fur Geoinformatik",
      ],
    ]);
  });

  it("joins a ranked CCF record without ISSN to the ISSN record of the same title (Performance Evaluation, IR)", () => {
    expect(
      groups([
        j("ccf2026", "Performance Evaluation: An International Journal", {
          ccfRank: "B",
          dblp: "journals/pe",
        }),
        j("ccf", "Performance Evaluation: An International Journal", { ccfRank: "B", dblp: "journals/pe" }),
        j("reference", "Performance Evaluation", { issns: ["0166-5316"], ccfRank: "B" }),
        j("scimago", "Performance Evaluation", { issns: ["0166-5316"] }),
        // Information Retrieval Journal, renamed Discover Computing: CCF 2022 has the old title.
        j("ccf", "Information Retrieval Journal", { acronym: "IR", ccfRank: "C", dblp: "journals/ir" }),
        j("ccf2026", "Discover Computing", { ccfRank: "C", dblp: "journals/ir" }),
        j("reference", "Discover Computing", { issns: ["2948-2992"], ccfRank: "C", dblp: "journals/ir" }),
        j("scimago", "Information Retrieval", { issns: ["1386-4564", "1573-7659"] }),
      ]),
    ).toEqual([
      [
        "ccf2026:Discover Computing",
        "ccf:Information Retrieval Journal",
        "reference:Discover Computing",
        "scimago:Information Retrieval",
      ],
      [
        "ccf2026:Performance Evaluation: An International Journal",
        "ccf:Performance Evaluation: An International Journal",
        "reference:Performance Evaluation",
        "scimago:Performance Evaluation",
      ],
    ]);
  });

  it("keeps apart journals a generic word tells apart when lists or ranks disagree", () => {
    expect(
      groups([
        j("reference", "Information Systems", { acronym: "IS", issns: ["0306-4379"], ccfRank: "B" }),
        j("ccf2026", "Information Systems", { acronym: "IS", ccfRank: "B" }),
        j("scimago", "Information Systems", { issns: ["0306-4379"] }),
        j("reference", "Information Systems Journal", { issns: ["1350-1917"] }),
        j("scimago", "Information Systems Journal", { issns: ["1350-1917", "1365-2575"] }),
        // Ranks that disagree: not one journal.
        j("ccf2026", "Quantum Computing Letters: An International Journal", { ccfRank: "A" }),
        j("reference", "Quantum Computing Letters", { issns: ["9999-0001"], ccfRank: "C" }),
      ]),
    ).toEqual([
      ["ccf2026:Information Systems", "reference:Information Systems", "scimago:Information Systems"],
      ["ccf2026:Quantum Computing Letters: An International Journal"],
      ["reference:Information Systems Journal", "scimago:Information Systems Journal"],
      ["reference:Quantum Computing Letters"],
    ]);
  });

  it("joins a journal whose acronym is its title (Bioinformatics) to the journal of that title", () => {
    expect(
      groups([
        j("ccf2026", "Bioinformatics", { acronym: "Bioinformatics", ccfRank: "A" }),
        j("ccf", "Bioinformatics", { ccfRank: "B" }),
        j("reference", "Bioinformatics", { issns: ["1367-4803"], ccfRank: "A" }),
        j("scimago", "Bioinformatics", { issns: ["1367-4803", "1367-4811"] }),
      ]),
    ).toEqual([
      ["ccf2026:Bioinformatics", "ccf:Bioinformatics", "reference:Bioinformatics", "scimago:Bioinformatics"],
    ]);
  });

  it("links print and electronic ISSNs into one journal with both", () => {
    const list = [
      j("reference", "ACM Transactions on Architecture and Code Optimization", {
        acronym: "TACO",
        issns: ["1544-3566"],
      }),
      j("scimago", "ACM Transactions on Architecture and Code Optimization", {
        issns: ["1544-3973", "1544-3566"],
      }),
      j("ccf2026", "ACM Transactions on Architecture and Code Optimization", {
        acronym: "TACO",
        ccfRank: "A",
      }),
      j("ccf", "ACM Transactions on Architecture and Code Optimization", { acronym: "TACO", ccfRank: "A" }),
    ];
    const [cluster, ...rest] = resolveJournals(list).clusters.filter((c) =>
      c.members.some((m) => m.acronym === "TACO"),
    );
    expect(rest).toEqual([]);
    expect(cluster?.members).toHaveLength(4);
    const { draft } = mergeJournal(cluster?.members ?? [], []);
    expect(draft.issn).toBe("1544-3566");
    expect(draft.issns.sort()).toEqual(["1544-3566", "1544-3973"]);
  });

  it("decides ISSN ownership and split journals the same whatever the input order", () => {
    const list = [
      ...tmc(),
      j("reference", "Sustainable Computing", { issns: ["2210-5379"] }),
      j("reference", "Sustainable Computing: Informatics and Systems", { issns: ["2210-5379"] }),
      j("scimago", "Sustainable Computing: Informatics and Systems", { issns: ["2210-5379"] }),
      j("ccf", "Performance Evaluation: An International Journal", { ccfRank: "B" }),
      j("reference", "Performance Evaluation", { issns: ["0166-5316"], ccfRank: "B" }),
    ];
    const canonical = (obs: JournalObservation[]) =>
      resolve(obs, describeJournal, { acronymThreshold: 0.6 })
        .clusters.map((c) =>
          c.members
            .map((m) => `${m.key}[${m.issns.join(",")}]`)
            .sort()
            .join(" "),
        )
        .sort();
    const expected = canonical([...CATALOGUE, ...list]);
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...CATALOGUE, ...list], { minLength: CATALOGUE.length + list.length }),
        (xs) => {
          expect(canonical(xs)).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
