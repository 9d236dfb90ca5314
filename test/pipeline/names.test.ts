import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseNames } from "../../pipeline/resolve/choose-names.ts";
import { cleanAcronym, cleanTitle, nameDefects } from "../../pipeline/resolve/names.ts";

const title = (s: string) => cleanTitle(s).text;

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
    expect(title("The 2024 Joint Conference on Digital Libraries")).toBe(
      "Joint Conference on Digital Libraries",
    );
    expect(title("5th International Workshop on Natural Language-based Software Engineering")).toBe(
      "International Workshop on Natural Language-based Software Engineering",
    );
    expect(title("Proceedings of the 12th International Conference on Autonomous Agents")).toBe(
      "International Conference on Autonomous Agents",
    );
    expect(title("Sixth International Conference on Hydroinformatics 2004")).toBe(
      "International Conference on Hydroinformatics",
    );
    expect(title("International Conference on Leading Edge Manufacturing in 21st Century")).toBe(
      "International Conference on Leading Edge Manufacturing in 21st Century",
    );
    expect(title("Proceedings of the IEEE")).toBe("Proceedings of the IEEE");
    expect(title("IFIP WG 11.9 International Conference on Digital Forensics")).toBe(
      "IFIP WG 11.9 International Conference on Digital Forensics",
    );
  });

  it("drops a leading The, except where it is part of the name", () => {
    expect(title("The International Symposium on Code Generation and Optimization")).toBe(
      "International Symposium on Code Generation and Optimization",
    );
    expect(title("The Web Conference")).toBe("The Web Conference");
    expect(title("The VLDB Journal")).toBe("The VLDB Journal");
  });

  it("splits glued words and fixes spacing, never a real name", () => {
    expect(title("Conference on Uncertainty in ArtificialIntelligence")).toBe(
      "Conference on Uncertainty in Artificial Intelligence",
    );
    expect(title("North American Chapter of the Associationfor Computational Linguistics")).toBe(
      "North American Chapter of the Association for Computational Linguistics",
    );
    expect(title("IEEE\\RSJ International Conference on Intelligent Robots and Systems")).toBe(
      "IEEE/RSJ International Conference on Intelligent Robots and Systems",
    );
    expect(title("Pacific Conference onComputer Graphics and Applications")).toBe(
      "Pacific Conference on Computer Graphics and Applications",
    );
    expect(title("AustralasiaConferenceonInformation SecurityandPrivacy")).toBe(
      "Australasia Conference on Information Security and Privacy",
    );
    expect(title("IEEE International Conference on Acoustics,Speech and Signal Processing")).toBe(
      "IEEE International Conference on Acoustics, Speech and Signal Processing",
    );
    expect(title("International Conference on Human- Computer Interaction")).toBe(
      "International Conference on Human-Computer Interaction",
    );
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
    expect(title("CONFERENCE ON COMPUTER SCIENCE AND INTELLIGENCE SYSTEMS")).toBe(
      "Conference on Computer Science and Intelligence Systems",
    );
    expect(title("IEEE INTERNATIONAL SYMPOSIUM ON PERVASIVE DISPLAYS")).toBe(
      "IEEE International Symposium on Pervasive Displays",
    );
    expect(title("PACES & ICIL")).toBe("PACES & ICIL");
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

  it("takes short and full name from one row", () => {
    const n = chooseNames(
      [
        {
          source: "ccf",
          acronym: "RTA",
          title: "International Conference on Rewriting Techniques and Applications",
        },
        {
          source: "ccf2026",
          acronym: "FSCD",
          title: "International Conference on Formal Structures for Computation and Deduction",
        },
      ],
      [...order],
    );
    expect(n).toMatchObject({
      short: "FSCD",
      full: "International Conference on Formal Structures for Computation and Deduction",
      source: "ccf2026",
    });
    expect(n.aliases).toContain("RTA");
    expect(n.aliases).toContain("International Conference on Rewriting Techniques and Applications");
  });

  it("replaces a full name that is only the acronym with another row's title", () => {
    const n = chooseNames(
      [
        { source: "ccf2026", acronym: "HotStorage", title: "HotStorage" },
        {
          source: "ccfddl",
          acronym: "HotStorage",
          title: "ACM Workshop on Hot Topics in Storage and File Systems",
        },
      ],
      [...order],
    );
    expect(n).toMatchObject({
      short: "HotStorage",
      full: "ACM Workshop on Hot Topics in Storage and File Systems",
    });
    expect(n.changes.map((c) => c.kind)).toContain("acronym as full name");
  });

  it("takes the acronym from another row when a row's acronym field holds a title, else none", () => {
    const core = {
      source: "core" as const,
      acronym: "Information Processing",
      title: "IFIP Congress (Information Processing)",
    };
    expect(chooseNames([core], [...order]).short).toBeNull();
    expect(chooseNames([core, { source: "qualis", acronym: "IFIP", title: null }], [...order]).short).toBe(
      "IFIP",
    );
  });

  it("keeps the 2022 spelling of the same acronym and drops a collision mark", () => {
    const n = chooseNames(
      [
        {
          source: "ccf2026",
          acronym: "INTER-SPEECH",
          title: "Conference of the International Speech Communication Association",
        },
        {
          source: "ccf",
          acronym: "INTERSPEECH",
          title: "Conference of the International Speech Communication Association",
        },
      ],
      [...order],
      ["ccf", "ccf2026", "ccfddl", "reference"],
    );
    expect(n.short).toBe("INTERSPEECH");
    expect(
      chooseNames(
        [{ source: "reference", acronym: "SAC'", title: "ACM Symposium on Applied Computing" }],
        [...order],
      ).short,
    ).toBe("SAC");
  });

  it("gives way to the row whose note calls another row's name former (CSFW → CSF)", () => {
    const n = chooseNames(
      [
        { source: "ccf2026", acronym: "CSFW", title: "IEEE Computer Security Foundations Workshop" },
        { source: "icore", acronym: "CSF", title: "IEEE Computer Security Foundations Symposium (was CSFW)" },
      ],
      [...order],
    );
    expect(n).toMatchObject({
      short: "CSF",
      full: "IEEE Computer Security Foundations Symposium",
      source: "icore",
    });
    expect(n.changes.map((c) => c.kind)).toContain("former name");
    expect(n.aliases).toContain("CSFW");
  });

  it("reads another row's title in the acronym field as a title (Discovery Science → DS)", () => {
    const n = chooseNames(
      [
        {
          source: "reference",
          acronym: "Discovery Science",
          title: "International Conference on Discovery Science",
        },
        { source: "icore", acronym: "DS", title: "Discovery Science" },
      ],
      [...order],
    );
    expect(n).toMatchObject({ short: "DS", full: "Discovery Science" });
    expect(n.changes.map((c) => c.kind)).toContain("title in acronym field");
    // A name of its own in the acronym field stays ("Koli Calling").
    const koli = [{ source: "core" as const, acronym: "Koli Calling", title: "Koli Calling Conference" }];
    expect(chooseNames(koli, [...order]).short).toBe("Koli Calling");
  });

  it("never names a journal after a conference", () => {
    const rows = [
      { source: "ccf2026" as const, acronym: "WWW", title: "The Web Conference" },
      { source: "ccf" as const, acronym: "WWW", title: "World Wide Web" },
    ];
    expect(chooseNames(rows, [...order], [...order], "journal")).toMatchObject({
      short: "WWW",
      full: "World Wide Web",
    });
    expect(chooseNames(rows, [...order]).full).toBe("The Web Conference");
  });

  it("drops an acronym that only repeats the full name", () => {
    const n = chooseNames(
      [{ source: "reference", acronym: "Algorithmica", title: "Algorithmica" }],
      [...order],
    );
    expect(n).toMatchObject({ short: null, full: "Algorithmica" });
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
