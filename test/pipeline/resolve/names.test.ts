import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChosenNames, chooseNames, type NameSource } from "../../../pipeline/resolve/choose-names.ts";
import { cleanAcronym, cleanTitle, nameDefects } from "../../../pipeline/resolve/names.ts";

const title = (s: string) => cleanTitle(s).text;
/** Each raw title (key) cleans to its value. */
const expectTitles = (cases: Record<string, string>) => {
  for (const [raw, clean] of Object.entries(cases)) expect(title(raw), raw).toBe(clean);
};

describe("cleanAcronym", () => {
  it("drops the reference service's collision marks from the displayed acronym", () => {
    for (const [raw, clean] of [
      ["ICIEA'", "ICIEA"],
      ["ICISS'''", "ICISS"],
      ["AI'", "AI"],
      ["SAC'", "SAC"],
    ] as const) {
      const c = cleanAcronym(raw);
      expect(c.text).toBe(clean);
      expect(c.removed[0]?.kind).toBe("collision mark");
    }
  });

  it("removes a note on a former acronym and keeps that acronym as an alias", () => {
    expect(cleanAcronym("IJCRS (was RSCTC)")).toMatchObject({ text: "IJCRS", aliases: ["RSCTC"] });
    expect(cleanAcronym("EMNLP (Industry Track)").text).toBe("EMNLP (Industry Track)");
  });
});

describe("cleanTitle", () => {
  it("removes CORE notes and keeps the former names they give", () => {
    const icsa = cleanTitle("International Conference on Software Architecture (was previously WICSA)");
    expect(icsa.text).toBe("International Conference on Software Architecture");
    expect(icsa.aliases).toEqual(["WICSA"]);
    expect(title("European Conference on Machine Learning (Joined with PKDD from 2008)")).toBe(
      "European Conference on Machine Learning",
    );
    const wi = cleanTitle(
      "IEEE/WIC/ACM International Conference on Web Intelligence (previously joint with Intelligent Agent Technology WI-IAT)",
    );
    expect(wi.text).toBe("IEEE/WIC/ACM International Conference on Web Intelligence");
    expect(wi.aliases).toEqual([]); // a partner venue, not a former name
    expect(
      cleanTitle("International Conference on Advanced Information Networking and Applications (was ICOIN)")
        .aliases,
    ).toEqual(["ICOIN"]);
    expect(
      cleanTitle(
        "IEEE International Conference on Visual Communications and Image Processing (was SPIE ... pre 2011)",
      ).text,
    ).toBe("IEEE International Conference on Visual Communications and Image Processing");
    const cnsm = cleanTitle(
      "International Conference on Network and Service Management (amalgamation of DSOM and related workshops from 2010)",
    );
    expect(cnsm).toMatchObject({
      text: "International Conference on Network and Service Management",
      aliases: [],
    });
    const vecpar = cleanTitle(
      "International Meeting on High Performance Computing for Computational Science (previously International Meeting Vector and Parallel Processing, changed in 2002)",
    );
    expect(vecpar.text).toBe("International Meeting on High Performance Computing for Computational Science");
    expect(vecpar.aliases).toEqual(["International Meeting Vector and Parallel Processing"]);
    expect(cleanTitle("Conference on Games (was Computational Intelligence and Games CIG)").aliases).toEqual([
      "Computational Intelligence and Games",
      "CIG",
    ]);
    // Parentheses that are part of the name stay.
    expect(title("IFIP Congress (Information Processing)")).toBe("IFIP Congress (Information Processing)");
  });

  it("removes years and edition numbers, but not a century", () => {
    expectTitles({
      "The 2024 Joint Conference on Digital Libraries": "Joint Conference on Digital Libraries",
      "5th International Workshop on Natural Language-based Software Engineering":
        "International Workshop on Natural Language-based Software Engineering",
      "Proceedings of the 12th International Conference on Autonomous Agents":
        "International Conference on Autonomous Agents",
      "Sixth International Conference on Hydroinformatics 2004":
        "International Conference on Hydroinformatics",
      "International Conference on Leading Edge Manufacturing in 21st Century":
        "International Conference on Leading Edge Manufacturing in 21st Century",
      "Proceedings of the IEEE": "Proceedings of the IEEE",
      "IFIP WG 11.9 International Conference on Digital Forensics":
        "IFIP WG 11.9 International Conference on Digital Forensics",
    });
  });

  it("drops a leading The, except where it is part of the name", () => {
    expectTitles({
      "The International Symposium on Code Generation and Optimization":
        "International Symposium on Code Generation and Optimization",
      "The Web Conference": "The Web Conference",
      "The VLDB Journal": "The VLDB Journal",
    });
  });

  it("splits glued words and fixes spacing, never a real name", () => {
    expectTitles({
      "Conference on Uncertainty in ArtificialIntelligence":
        "Conference on Uncertainty in Artificial Intelligence",
      "North American Chapter of the Associationfor Computational Linguistics":
        "North American Chapter of the Association for Computational Linguistics",
      "IEEE\\RSJ International Conference on Intelligent Robots and Systems":
        "IEEE/RSJ International Conference on Intelligent Robots and Systems",
      "Pacific Conference onComputer Graphics and Applications":
        "Pacific Conference on Computer Graphics and Applications",
      "AustralasiaConferenceonInformation SecurityandPrivacy":
        "Australasia Conference on Information Security and Privacy",
      "IEEE International Conference on Acoustics,Speech and Signal Processing":
        "IEEE International Conference on Acoustics, Speech and Signal Processing",
      "International Conference on Human- Computer Interaction":
        "International Conference on Human-Computer Interaction",
    });
    for (const name of [
      "SIGKDD",
      "IoT",
      "eScience",
      "JavaScript",
      "PostgreSQL",
      "HotStorage",
      "JointCloud Computing",
      "International Workshop on OpenMP",
      "RuleML: International Web Rule Symposium",
      "ACM SIGPLAN Symposium on Principles & Practice of Parallel Programming",
      "IEEE/RSJ International Conference on Intelligent Robots and Systems",
      "International Conference on Information Technology: IoT and Smart City",
    ])
      expect(title(name), name).toBe(name);
  });

  it("title-cases all-caps titles, keeping known acronyms upper case", () => {
    expectTitles({
      "CONFERENCE ON COMPUTER SCIENCE AND INTELLIGENCE SYSTEMS":
        "Conference on Computer Science and Intelligence Systems",
      "IEEE INTERNATIONAL SYMPOSIUM ON PERVASIVE DISPLAYS":
        "IEEE International Symposium on Pervasive Displays",
      "PACES & ICIL": "PACES & ICIL",
    });
  });

  it("is idempotent", () => {
    const words = fc.constantFrom(
      "The",
      "the",
      "2024",
      "5th",
      "Fifth",
      "International",
      "Conference",
      "on",
      "ArtificialIntelligence",
      "Associationfor",
      "(was",
      "ICOIN)",
      "(Joined",
      "with",
      "PKDD",
      "from",
      "2008)",
      "CONFERENCE",
      "ON",
      "SYSTEMS",
      "IEEE\\RSJ",
      "Proceedings",
      "of",
      "SIGKDD",
      "IoT",
      "-",
      ",",
      "&",
      "(",
      ")",
    );
    const titles = fc.oneof(
      fc.array(words, { minLength: 1, maxLength: 12 }).map((w) => w.join(" ")),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(titles, (t) => {
        const once = cleanTitle(t).text;
        expect(cleanTitle(once).text).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe("chooseNames", () => {
  const order = ["ccf2026", "ccf", "ccfddl", "reference", "icore", "core", "qualis"] as const;
  /** A source's name row: source, acronym, title. */
  type Row = [NameSource["source"], string, string | null];
  const sources = (rows: Row[]): NameSource[] =>
    rows.map(([source, acronym, title]) => ({ source, acronym, title }));
  /** The chosen short and full name, and the source they were taken from where given. */
  const expectNames = (n: ChosenNames, short: string | null, full: string, source?: NameSource["source"]) =>
    expect(n).toMatchObject(source ? { short, full, source } : { short, full });
  /** The names chosen from rows in the default source order. */
  const choose = (...rows: Row[]) => chooseNames(sources(rows), [...order]);

  it("takes short and full name from one row", () => {
    const n = choose(
      ["ccf", "RTA", "International Conference on Rewriting Techniques and Applications"],
      ["ccf2026", "FSCD", "International Conference on Formal Structures for Computation and Deduction"],
    );
    expectNames(
      n,
      "FSCD",
      "International Conference on Formal Structures for Computation and Deduction",
      "ccf2026",
    );
    expect(n.aliases).toContain("RTA");
    expect(n.aliases).toContain("International Conference on Rewriting Techniques and Applications");
  });

  it("keeps a near title with a word of its own as an alias, so search finds a former name by it", () => {
    // The reference's row of journal 55 still has its former title (ccf-journals.csv, IMCS).
    const n = choose(
      ["ccf2026", "IMCS", "Information and Computer Security"],
      ["reference", "IMCS", "Information Management & Computer Security"],
      ["qualis", "IMCS", "Information & Computer Security"],
    );
    expectNames(n, "IMCS", "Information and Computer Security", "ccf2026");
    // "Management" is a word the name lacks; "Information & Computer Security" adds none: a mere spelling.
    expect(n.aliases).toEqual(["Information Management & Computer Security"]);
  });

  it("replaces a full name that is only the acronym with another row's title", () => {
    const n = choose(
      ["ccf2026", "HotStorage", "HotStorage"],
      ["ccfddl", "HotStorage", "ACM Workshop on Hot Topics in Storage and File Systems"],
    );
    expectNames(n, "HotStorage", "ACM Workshop on Hot Topics in Storage and File Systems");
    expect(n.changes.map((c) => c.kind)).toContain("acronym as full name");
  });

  it("takes the acronym from another row when a row's acronym field holds a title, else none", () => {
    const core: Row = ["core", "Information Processing", "IFIP Congress (Information Processing)"];
    expect(choose(core).short).toBeNull();
    expect(choose(core, ["qualis", "IFIP", null]).short).toBe("IFIP");
  });

  it("keeps the 2022 spelling of the same acronym and drops a collision mark", () => {
    const n = chooseNames(
      sources([
        ["ccf2026", "INTER-SPEECH", "Conference of the International Speech Communication Association"],
        ["ccf", "INTERSPEECH", "Conference of the International Speech Communication Association"],
      ]),
      [...order],
      ["ccf", "ccf2026", "ccfddl", "reference"],
    );
    expect(n.short).toBe("INTERSPEECH");
    expect(choose(["reference", "SAC'", "ACM Symposium on Applied Computing"]).short).toBe("SAC");
  });

  it("gives way to the row whose note calls another row's name former (CSFW → CSF)", () => {
    const n = choose(
      ["ccf2026", "CSFW", "IEEE Computer Security Foundations Workshop"],
      ["icore", "CSF", "IEEE Computer Security Foundations Symposium (was CSFW)"],
    );
    expectNames(n, "CSF", "IEEE Computer Security Foundations Symposium", "icore");
    expect(n.changes.map((c) => c.kind)).toContain("former name");
    expect(n.aliases).toContain("CSFW");
  });

  it("reads another row's title in the acronym field as a title (Discovery Science → DS)", () => {
    const n = choose(
      ["reference", "Discovery Science", "International Conference on Discovery Science"],
      ["icore", "DS", "Discovery Science"],
    );
    expectNames(n, "DS", "Discovery Science");
    expect(n.changes.map((c) => c.kind)).toContain("title in acronym field");
    // A name of its own in the acronym field stays ("Koli Calling").
    expect(choose(["core", "Koli Calling", "Koli Calling Conference"]).short).toBe("Koli Calling");
  });

  it("never names a journal after a conference", () => {
    const rows: Row[] = [
      ["ccf2026", "WWW", "The Web Conference"],
      ["ccf", "WWW", "World Wide Web"],
    ];
    expectNames(chooseNames(sources(rows), [...order], [...order], "journal"), "WWW", "World Wide Web");
    expect(choose(...rows).full).toBe("The Web Conference");
  });

  it("drops an acronym that only repeats the full name", () => {
    const n = choose(["reference", "Algorithmica", "Algorithmica"]);
    expectNames(n, null, "Algorithmica");
  });
});

describe("nameDefects", () => {
  it("finds what is left to clean", () => {
    expect(
      nameDefects("ICIEA'", "International Conference on Industrial Engineering and Applications"),
    ).toEqual(["collision mark"]);
    expect(nameDefects("WWW", "The Web Conference")).toEqual([]);
    expect(nameDefects("X", "The 2024 Joint Conference")).toEqual(["year or edition", "leading The"]);
    expect(nameDefects(null, "Conference on Uncertainty in ArtificialIntelligence")).toEqual([
      "glued words",
      "missing acronym",
    ]);
  });
});
