import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeConference } from "../../pipeline/resolve/describe.ts";
import { resolve } from "../../pipeline/resolve/resolve.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type SourceId,
} from "../../pipeline/sources/observations.ts";

function obs(
  source: SourceId,
  acronym: string | null,
  title: string | null,
  extra: Partial<ConferenceObservation> = {},
) {
  return conferenceObservation({
    source,
    key: `${source}#${acronym}#${title}`,
    file: "x",
    acronym,
    title,
    ...extra,
  });
}

const groups = (list: ConferenceObservation[]) =>
  resolve(list, describeConference).clusters.map((c) =>
    c.members.map((m) => `${m.source}:${m.acronym}`).sort(),
  );

describe("entity resolution", () => {
  it("joins by dblp key even when names differ", () => {
    expect(
      groups([
        obs("ccf", "FSE", "ACM International Conference on the Foundations of Software Engineering", {
          dblp: "conf/sigsoft",
        }),
        obs("ccfddl", "ESEC/FSE", "Foundations of Software Engineering", { dblp: "conf/sigsoft" }),
      ]),
    ).toEqual([["ccf:FSE", "ccfddl:ESEC/FSE"]]);
  });

  it("keeps the FSE, ITC and SEC collisions apart and joins each side across lists", () => {
    const g = groups([
      obs("ccf", "FSE", "Fast Software Encryption"),
      obs("ccf", "FSE", "ACM International Conference on the Foundations of Software Engineering"),
      obs("icore", "FSE", "International Workshop on Fast Software Encryption"),
      obs("qualis", "FSE", "Fast Software Encryption"),
      obs("icore", "ITC", "IEEE International Test Conference"),
      obs("core", "ITC", "International Teletraffic Congress"),
      obs("qualis", "ITC", "International Test Conference"),
      obs("ccf", "SEC", "IFIP International Information Security Conference"),
      obs("core", "SEC", "ACM/IEEE Symposium on Edge Computing"),
      obs("qualis", "SEC", "International Conference on ICT Systems Security and Privacy Protection"),
    ]);
    expect(g).toEqual([
      ["ccf:FSE", "icore:FSE", "qualis:FSE"],
      ["ccf:FSE"],
      ["icore:ITC", "qualis:ITC"],
      ["core:ITC"],
      ["ccf:SEC", "qualis:SEC"],
      ["core:SEC"],
    ]);
  });

  it("ties renamed venues together through the alias table (MobiHoc, EuroSys, RAID, SIGMOD)", () => {
    const g = groups([
      obs(
        "ccf",
        "MobiHoc",
        "International Symposium on Theory, Algorithmic Foundations, and Protocol Design for Mobile Networks and Mobile Computing",
      ),
      obs("core", "MOBIHOC", "ACM Symposium on Mobile Ad Hoc Networking and Computing"),
      obs("ccf", "EuroSys", "European Conference on Computer Systems"),
      obs("core", "EuroSys", "Eurosys Conference"),
      obs("ccf", "RAID", "International Symposium on Recent Advances in Intrusion Detection"),
      obs("icore", "RAID", "The International Symposium on Research in Attacks, Intrusions and Defenses"),
      obs("ccf", "SIGMOD", "ACM SIGMOD Conference"),
      obs("core", "SIGMOD", "ACM Special Interest Group on Management of Data Conference"),
      obs("qualis", "SIGMOD", "ACM Conference on Management of Data"),
    ]);
    expect(g).toEqual([
      ["ccf:MobiHoc", "core:MOBIHOC"],
      ["ccf:EuroSys", "core:EuroSys"],
      ["ccf:RAID", "icore:RAID"],
      ["ccf:SIGMOD", "core:SIGMOD", "qualis:SIGMOD"],
    ]);
  });

  it("matches society-prefixed acronyms and similar titles, and never puts two distinct rows of one list together", () => {
    const g = groups([
      obs("ccf", "ASIACCS", "ACM Asia Conference on Computer and Communications Security"),
      obs("reference", "ACM ASIACCS", "ACM ASIA Conference on Computer and Communications Security"),
      obs("qualis", "ICCS", "International Conference on Computational Science"),
      obs("qualis", "ICCS", "International Conference on Conceptual Structures"),
    ]);
    expect(g).toEqual([["ccf:ASIACCS", "reference:ACM ASIACCS"], ["qualis:ICCS"], ["qualis:ICCS"]]);
  });

  it("reports an acronym shared by venues with unrelated titles and keeps them apart", () => {
    const r = resolve(
      [
        obs("ccf", "ICCS", "International Conference on Computational Science"),
        obs("icore", "ICCS", "International Conference on Conceptual Structures"),
      ],
      describeConference,
    );
    expect(r.clusters).toHaveLength(2);
    expect(r.decisions.counts).toEqual({});
  });

  it("gives the same venues whatever order the observations come in", () => {
    const list = [
      obs("ccf", "SIGKDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining", {
        dblp: "conf/kdd",
      }),
      obs("qualis", "KDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
      obs("qualis", "SIGKDD", "ACM International Conference on Knowledge Discovery and Data Mining"),
      obs("qualis", "PACT", "International Conference on Parallel Computing Technologies"),
      obs("qualis", "PACTT", "International Conference on Parallel Architectures and Compilation Techniques"),
      obs("ccf", "PACT", "International Conference on Parallel Architectures and Compilation Techniques"),
      obs("icore", "ICCSA", "International Conference on Communication Systems and Applications"),
      obs("icore", "ICCSA", "International Conference on Computational Science and its Applications"),
      obs("qualis", "ICCSA", "International Conference on Computational Science and Its Applications"),
      obs("pwc", "KDD", "KDD"),
      obs("hf", "NAACL", "Annual Conference of the Nations of the Americas Chapter of the ACL"),
      obs("ccf", "NAACL", "North American Chapter of the Association for Computational Linguistics"),
      obs("ccfddl", "IJCAI-ECAI", "International Joint Conference on Artificial Intelligence"),
      obs("core", "IJCAI", "International Joint Conference on Artificial Intelligence"),
      obs("core", "ECAI", "European Conference on Artificial Intelligence"),
    ];
    const canonical = (l: ConferenceObservation[]) =>
      resolve(l, describeConference)
        .clusters.map((c) =>
          c.members
            .map((m) => `${m.source}:${m.key}`)
            .sort()
            .join(" + "),
        )
        .sort();
    const expected = canonical(list);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
        (shuffled) => {
          expect(canonical(shuffled)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps distinct rows of one curated list apart and merges its duplicate rows (cannot-links)", () => {
    const g = groups([
      obs("ccf", "SIGKDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
      obs("qualis", "KDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
      obs("qualis", "SIGKDD", "ACM International Conference on Knowledge Discovery and Data Mining"),
      obs("ccf", "PACT", "International Conference on Parallel Architectures and Compilation Techniques"),
      obs("qualis", "PACTT", "International Conference on Parallel Architectures and Compilation Techniques"),
      obs("qualis", "PACT", "International Conference on Parallel Computing Technologies"),
      obs("ccf", "Inscrypt", "International Conference on Information Security and Cryptology"),
      obs("reference", "AI'", "International Conference on Artificial Intelligence and Applications"),
      obs("core", "AI", "Australasian Joint Conference on Artificial Intelligence"),
    ]);
    expect(g).toEqual([
      ["ccf:SIGKDD", "qualis:KDD", "qualis:SIGKDD"],
      ["ccf:PACT", "qualis:PACTT"],
      ["qualis:PACT"],
      ["ccf:Inscrypt"],
      ["reference:AI'"],
      ["core:AI"],
    ]);
  });

  it("attaches a joint edition's tracker series to its parent venue, never both", () => {
    const g = groups([
      obs("core", "IJCAI", "International Joint Conference on Artificial Intelligence"),
      obs("core", "ECAI", "European Conference on Artificial Intelligence"),
      obs("ccfddl", "IJCAI-ECAI", "International Joint Conference on Artificial Intelligence"),
      obs("pwc", "UAI", "Conference on Uncertainty in Artificial Intelligence"),
    ]);
    expect(g).toEqual([["ccfddl:IJCAI-ECAI", "core:IJCAI"], ["core:ECAI"]]);
  });

  it("joins an acronym with a publisher before, after or glued to it (IEEESCC, AC-IADIS)", () => {
    const r = resolve(
      [
        obs("reference", "SCC", "International Conference on Services Computing"),
        obs("qualis", "IEEESCC", "IEEE International Conference on Services Computing"),
        obs("core", "SCC", "Southern Conference on Computing"),
        obs("icore", "IADIS AC", "IADIS International Conference Applied Computing"),
        obs("qualis", "AC-IADIS", "IADIS International Conference on Applied Computing"),
        obs("qualis", "ACMMM", "ACM International Conference on Multimedia"),
      ],
      describeConference,
    );
    expect(r.clusters.map((c) => c.members.map((m) => m.acronym).sort())).toEqual([
      ["IEEESCC", "SCC"],
      ["SCC"],
      ["AC-IADIS", "IADIS AC"],
      ["ACMMM"],
    ]);
    const counted = (rule: string) =>
      Object.entries(r.decisions.counts)
        .filter(([k]) => k.startsWith(`${rule} `))
        .reduce((n, [, c]) => n + c, 0);
    expect(counted("publisher-prefix")).toBe(2);
  });

  it("reads acronyms and titles without CORE's notes (IJCRS (was RSCTC))", () => {
    const g = groups([
      obs("reference", "IJCRS", "International Joint Conference on Rough Sets"),
      obs(
        "core",
        "IJCRS (was RSCTC)",
        "International Joint Conference on Rough Sets (2014 International Conference on Rough Sets and Current Trends in Computing joined with 3 others)",
      ),
    ]);
    expect(g).toEqual([["core:IJCRS (was RSCTC)", "reference:IJCRS"]]);
  });

  it("makes a joint edition one venue with the series it continues, over an older list's two rows", () => {
    const joint =
      "International Conference on Artificial Reality and Telexistence & Eurographics Symposium on Virtual Environments";
    const g = groups([
      obs("icore", "EGVE", joint),
      obs("core", "EGVE", joint),
      obs("core", "ICAT", "International Conference on Artificial Reality and Telexistence"),
      obs("reference", "ICAT-EGVE", joint),
      obs("core", "ISGT", "IEEE PES Innovative Smart Grid Technologies"),
      obs("core", "ISGT-LA", "IEEE PES Innovative Smart Grid Technologies Latin America"),
    ]);
    expect(g).toEqual([
      ["core:EGVE", "core:ICAT", "icore:EGVE", "reference:ICAT-EGVE"],
      ["core:ISGT"],
      ["core:ISGT-LA"],
    ]);
  });

  it("never joins two venues a current list ranks apart, whatever a joint name says", () => {
    const g = groups([
      obs("icore", "IJCAI", "International Joint Conference on Artificial Intelligence"),
      obs("icore", "ECAI", "European Conference on Artificial Intelligence"),
      obs(
        "hf",
        "IJCAI-ECAI",
        "International Joint Conference on Artificial Intelligence and European Conference on Artificial Intelligence",
      ),
    ]);
    expect(g.filter((x) => x.length > 1).length).toBeLessThanOrEqual(1);
    expect(g.some((x) => x.includes("icore:IJCAI") && x.includes("icore:ECAI"))).toBe(false);
  });

  it("joins a row bearing the former title a note gives, under the former acronym (SCC → IEEE SSE)", () => {
    const g = groups([
      obs(
        "icore",
        "IEEE SSE",
        "IEEE International Conference on Software Services Engineering (previously IEEE International Conference on Services Computing SCC)",
      ),
      obs("qualis", "IEEESCC", "IEEE International Conference on Services Computing"),
      obs("qualis", "SCC", "Southern Conference on Computing"),
    ]);
    expect(g).toEqual([["icore:IEEE SSE", "qualis:IEEESCC"], ["qualis:SCC"]]);
  });

  it("joins a row of a former acronym and a like title, unless its list ranks the old name apart (WICSA, ICOIN)", () => {
    const g = groups([
      obs("icore", "ICSA", "International Conference on Software Architecture (was previously WICSA)"),
      obs("ccf2026", "WICSA", "Working IEEE/IFIP Conference on Software Architecture"),
      obs(
        "icore",
        "AINA",
        "International Conference on Advanced Information Networking and Applications (was ICOIN)",
      ),
      obs(
        "qualis",
        "AINA",
        "IEEE International Conference on Advanced Information Networking and Applications",
      ),
      obs("qualis", "ICOIN", "International Conference on Information Networking"),
    ]);
    expect(g).toEqual([["ccf2026:WICSA", "icore:ICSA"], ["icore:AINA", "qualis:AINA"], ["qualis:ICOIN"]]);
  });

  it("joins a series to the venue its note says it goes on as (RTA → FSCD)", () => {
    const g = groups([
      obs("core", "FSCD", "International Conference on Formal Structures for Computation and Deduction"),
      obs(
        "core",
        "RTA",
        "International Conference on Rewriting Techniques and Applications (now merged with FSCD Formal Structures for Computation and Deduction)",
      ),
    ]);
    expect(g).toEqual([["core:FSCD", "core:RTA"]]);
  });

  it("keeps a row off a series whose title its own contradicts (AES-ICSA is not ICSA)", () => {
    const r = resolve(
      [
        obs("core", "ICSA", "International Conference on Software Architecture"),
        obs("qualis", "AES-ICSA", "AES International Conference on Semantic Audio"),
        obs(
          "qualis",
          "ICNC-FSKD",
          "International Conference on Natural Computation, Fuzzy Systems and Knowledge Discovery",
        ),
        obs("core", "ICNC", "International Conference on Natural Computation"),
      ],
      describeConference,
    );
    expect(r.clusters.map((c) => c.members.map((m) => m.acronym).sort())).toEqual([
      ["ICSA"],
      ["AES-ICSA"],
      ["ICNC", "ICNC-FSKD"],
    ]);
    expect(r.decisions.counts["title-contradicts qualis~core"]).toBe(1);
  });

  it("attaches a row titled as one venue under another venue's acronym nowhere", () => {
    const r = resolve(
      [
        obs("core", "CHI", "International Conference on Human Factors in Computing Systems"),
        obs("core", "AAAI", "AAAI Conference on Artificial Intelligence"),
        obs("pwc", "CHI", "AAAI Conference on Artificial Intelligence"),
        obs("qualis", "KDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
        obs("qualis", "CHI", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining"),
      ],
      describeConference,
    );
    expect(r.events.map((e) => `${e.source}:${e.rule}`)).toContain("pwc:unmatched");
    // A list naming one venue twice still joins its own rows.
    expect(r.clusters.map((c) => c.members.map((m) => `${m.source}:${m.acronym}`).sort())).toContainEqual([
      "qualis:CHI",
      "qualis:KDD",
    ]);
    expect(r.decisions.counts["title-conflict pwc~core"]).toBe(1);
  });

  it("attaches acceptance-only rows but never lets them create a venue", () => {
    const r = resolve(
      [
        obs("ccf", "OSDI", "Operating Systems Design and Implementation"),
        obs("csconferences", "OSDI", null),
        obs("csconferences", "NOPE", null),
      ],
      describeConference,
    );
    expect(r.clusters.map((c) => c.members.length)).toEqual([2]);
    expect(r.events.map((e) => e.rule)).toEqual(["new", "acronym", "unmatched"]);
  });
});
