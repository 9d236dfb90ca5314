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
