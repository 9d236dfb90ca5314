import { describe, expect, it } from "vitest";
import { describeConference } from "../../pipeline/describe.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type SourceId,
} from "../../pipeline/observations.ts";
import { resolve } from "../../pipeline/resolve.ts";

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

  it("matches society-prefixed acronyms and similar titles, and never puts two rows of one list together", () => {
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
    expect(r.ambiguities[0]?.reason).toMatch(/kept apart/);
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
