import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importMpc } from "../../../pipeline/importers/mpc.ts";
import { namedVenue } from "../../../pipeline/importers/trackers-common.ts";
import { itMaps } from "../../helpers/maps.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const YAML = `---
- name: ACM CCS
  description: ACM Conference on Computer and Communications Security
  year: 2026
  link: https://www.sigsac.org/ccs/CCS2026/
  abdeadline: Jan 07, Apr 22
  deadline:
    - "2026-01-14 23:59"
    - "2026-04-29 23:59"
  date: November 15-19
  place: The Hague, Netherlands
  tags: [PRACT, APPLIED, CNF, COREAS]
- name: CRYPTO
  description: International Cryptology Conference
  year: 2026
  deadline: ["2026-02-12 23:59"]
  timezone: PT
  date: August 17-20
  tags: [THEORY, CNF, COREB]
- name: Journal of Cryptology
  year: 2026
  deadline: ["2026-12-31 23:59"]
  tags: [THEORY, JRN]
- name: Some Workshop
  year: 2026
  deadline: ["2026-05-01 23:59"]
  tags: [PRACT, WK]
`;

/** importMpc on a temp upstream holding `yaml` as mpc-deadlines/conferences.yml, removed after the suite. */
async function importYaml(yaml: string) {
  const dir = await mkdtemp(join(tmpdir(), "mpc-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, "mpc-deadlines"));
  await writeFile(join(dir, "mpc-deadlines/conferences.yml"), yaml);
  return importMpc(dir);
}

describe("importMpc", async () => {
  const result = await importYaml(YAML);

  it("imports conferences only, with the society prefix dropped from the acronym", () => {
    expect(result.read).toBe(4);
    expect(result.conferences.map((c) => c.acronym).sort()).toEqual(["CCS", "CRYPTO"]);
    expect(result.rejected).toEqual([]);
  });

  it("reads every round at AoE by default, abstract days before their paper deadline, and COREAS as A*", () => {
    const ccs = result.conferences.find((c) => c.acronym === "CCS");
    const deadlines = ccs?.editions[0]?.deadlines ?? [];
    expect(deadlines.filter((d) => d.type === "paper").map((d) => d.utc)).toEqual([
      "2026-01-15T11:59:00Z",
      "2026-04-30T11:59:00Z",
    ]);
    expect(deadlines.filter((d) => d.type === "abstract").map((d) => d.date)).toEqual([
      "2026-01-07",
      "2026-04-22",
    ]);
    expect(ccs?.ranks).toEqual([{ system: "CORE", edition: "mpc", rank: "A*", source: "mpc" }]);
    expect(ccs?.editions[0]?.start_date).toBe("2026-11-15");
  });

  it("keeps a stated zone", () => {
    const crypto = result.conferences.find((c) => c.acronym === "CRYPTO");
    expect(crypto?.editions[0]?.deadlines[0]).toMatchObject({ timezone: "PT", utc: "2026-02-13T07:59:00Z" });
  });
});

// The real entries of mpc-deadlines/conferences.yml (2026-07-01): two venues of one joint event, and a nickname.
const JOINT_YAML = `---
- name: ACM SIGMOD+PODS (PODS)
  description: Principles of Database Systems Symposium
  year: 2027
  link: https://2027.sigmod.org
  abdeadline: May 23, December 03
  deadline:
    - "2026-05-30 23:59"
    - "2026-12-10 23:59"
  date: June 13-19
  place: Huntington Beach, CA, USA
  comment: Notification - September 01, March 01. Data Privacy.
  tags: [THEORY, PRACT, CNF, COREAS]
- name: ACM SIGMOD+PODS (SIGMOD)
  description: ACM Special Interest Group on Management of Data Conference
  year: 2027
  link: https://2027.sigmod.org
  abdeadline: January 10, April 10, July 10, October 10
  deadline:
    - "2026-01-17 23:59"
    - "2026-04-17 23:59"
    - "2026-08-17 23:59"
    - "2026-10-17 23:59"
  date: June 13-19
  place: Huntington Beach, CA, USA
  tags: [THEORY, PRACT, CNF, COREAS]
- name: IEEE S&P (Oakland)
  description: IEEE Symposium on Security and Privacy
  year: 2027
  deadline: ["2026-06-05 23:59"]
  tags: [PRACT, CNF, COREAS]
`;

describe("importMpc, an entry of one venue of a joint event", async () => {
  const result = await importYaml(JOINT_YAML);
  const byAcronym = (a: string) => result.conferences.find((c) => c.acronym === a);

  it("files it under the venue in parentheses, with that venue's rounds only", () => {
    expect(result.conferences.map((c) => c.acronym).sort()).toEqual(["PODS", "S&P", "SIGMOD"]);
    const pods = byAcronym("PODS")?.editions.flatMap((e) => e.deadlines) ?? [];
    expect(pods.map((d) => `${d.type} ${d.date}`)).toEqual([
      "abstract 2026-05-23",
      "paper 2026-05-30",
      "abstract 2026-12-03",
      "paper 2026-12-10",
    ]);
    expect(byAcronym("PODS")?.title).toBe("Principles of Database Systems Symposium");
    expect(byAcronym("SIGMOD")?.editions).toHaveLength(1);
  });
});

describeOnRealUpstream("importMpc on the real list: abstract days and side tracks", async () => {
  const result = await importMpc(REAL_UPSTREAM);
  /** An edition's steps; "VLDB (Industrial Track)" is a second VLDB 2027 entry, so every entry of the year. */
  const steps = (acronym: string, year: number) =>
    result.conferences
      .find((c) => c.acronym === acronym)
      ?.editions.filter((e) => e.year === year)
      .flatMap((e) => e.deadlines.map((d) => `${d.type} ${d.date} ${d.label}`));
  const reasons = (record: string) => result.rejected.filter((r) => r.record === record).map((r) => r.reason);

  it("pairs an abstract day with the paper deadline it lies shortly before, not by position (TRUST 2027)", () => {
    // `abdeadline: October 24.` beside deadlines 2026-06-15 and 2026-10-31: the October one's, not 2025-10-24.
    expect(steps("TRUST", 2027)).toEqual([
      "other 2026-06-15 Emerging Area Track: Paper submission",
      "abstract 2026-10-24 Abstract",
      "paper 2026-10-31 Paper submission",
    ]);
  });

  it("rejects, with its reason, an abstract day that lies shortly before no paper deadline (SIGKDD 2027)", () => {
    // "July 19, February 03" beside 2026-07-26 and 2027-01-28: February 3 comes after the January paper deadline.
    expect(steps("KDD", 2027)).toEqual([
      "abstract 2026-07-19 Abstract",
      "paper 2026-07-26 Paper submission",
      "paper 2027-01-28 Paper submission",
    ]);
    expect(reasons("KDD 2027")).toEqual([
      'abstract day "February 03" lies within 60 days before no paper deadline (2026-07-26, 2027-01-28)',
    ]);
  });

  it("reads every abstract day as a step shortly before a paper deadline of its own round, never a year off", () => {
    const editions = result.conferences.flatMap((c) => c.editions.map((e) => ({ c, e })));
    let abstracts = 0;
    for (const { c, e } of editions) {
      for (const d of e.deadlines.filter((x) => x.type === "abstract" || x.label.endsWith(": Abstract"))) {
        abstracts++;
        const paperType = d.type === "abstract" ? "paper" : "other";
        const leads = e.deadlines
          .filter((p) => p.type === paperType && !p.label.endsWith(": Abstract"))
          .map((p) => (Date.parse(p.date) - Date.parse(d.date)) / 86_400_000);
        expect(
          leads.some((days) => days >= 0 && days <= 60),
          `${c.acronym} ${e.year} ${d.date}`,
        ).toBe(true);
      }
    }
    expect(abstracts).toBeGreaterThan(30);
  });

  it("reads a deadline a comment gives to a side track, its abstract day too, as that track's other date", () => {
    // ISCA 2027: "December deadline for Industrial Track." Its paper deadline is the November one alone.
    expect(steps("ISCA", 2027)).toEqual([
      "abstract 2026-11-10 Abstract",
      "paper 2026-11-17 Paper submission",
      "other 2026-12-05 Industrial Track: Abstract",
      "other 2026-12-12 Industrial Track: Paper submission",
    ]);
    // Every comment of the list that gives one deadline to a track: ACML, ISCA, SECRYPT and TRUST.
    const sideTracked = result.conferences.flatMap((c) =>
      c.editions.flatMap((e) =>
        e.deadlines.filter((d) => d.type === "other" && d.label.endsWith(": Paper submission")),
      ),
    );
    expect(sideTracked.map((d) => `${d.date} ${d.label}`).sort()).toEqual([
      "2026-04-16 Position Papers: Paper submission",
      "2026-04-26 Industrial: Paper submission",
      "2026-06-06 Journal track: Paper submission",
      "2026-06-15 Emerging Area Track: Paper submission",
      "2026-12-12 Industrial Track: Paper submission",
      "2027-03-02 Industrial Track: Paper submission",
    ]);
  });

  it("reads an entry named for a side track as that track's dates, no round of the venue (VLDB (Industrial Track))", () => {
    const vldb = steps("VLDB", 2027) ?? [];
    expect(vldb).toContain("other 2027-03-02 Industrial Track: Paper submission");
    expect(vldb.filter((d) => d.startsWith("paper "))).toHaveLength(12);
    expect(steps("ECMLPKDD", 2026)).toContain("other 2026-04-26 Industrial: Paper submission");
  });

  it("keeps a comment naming tracks for no one deadline as it is (SIGMOD: four rounds, ECML-PKDD's main round)", () => {
    expect(steps("SIGMOD", 2027)?.filter((d) => d.startsWith("paper "))).toHaveLength(4);
    expect(steps("ECMLPKDD", 2026)).toContain("paper 2026-03-12 Paper submission");
  });
});

describe("namedVenue", () => {
  itMaps(namedVenue, [
    ["ACM SIGMOD+PODS (PODS)", "PODS"],
    ["ACM SIGMOD+PODS (SIGMOD)", "SIGMOD"],
    ["ESEC/FSE (FSE)", "FSE"],
    ["IJCNLP & AACL (AACL)", "AACL"],
    // A nickname, a track, or a name joining nothing stays as written.
    ["IEEE S&P (Oakland)", "IEEE S&P (Oakland)"],
    ["EMNLP (Industry Track)", "EMNLP (Industry Track)"],
    ["CODES+ISSS (ESWEEK)", "CODES+ISSS (ESWEEK)"],
    ["UbiComp/ISWC", "UbiComp/ISWC"],
  ]);
});
