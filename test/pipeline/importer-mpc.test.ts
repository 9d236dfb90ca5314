import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importMpc } from "../../pipeline/importers/mpc.ts";

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

describe("importMpc", async () => {
  const dir = await mkdtemp(join(tmpdir(), "mpc-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, "mpc-deadlines"));
  await writeFile(join(dir, "mpc-deadlines/conferences.yml"), YAML);
  const result = await importMpc(dir);

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
