import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importMpc } from "../../../pipeline/importers/mpc.ts";
import { namedVenue } from "../../../pipeline/importers/trackers-common.ts";
import { itMaps } from "../../helpers/maps.ts";

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
