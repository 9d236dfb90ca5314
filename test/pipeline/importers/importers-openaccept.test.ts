import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenAccept } from "../../../pipeline/importers/openaccept.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/upstream");
const REAL = join(import.meta.dirname, "../../../../shared/data/upstream");

describe("OpenAccept importer", () => {
  it("reads acceptance rows with their source, the website and the dblp key; rejects rows with no rate", async () => {
    const result = await importOpenAccept(FIXTURES);
    expect(result.read).toBe(1);
    const [acl] = result.conferences;
    expect(acl).toMatchObject({
      source: "openaccept",
      acronym: "ACL",
      title: "Annual Meeting of the Association for Computational Linguistics",
      dblp: "conf/acl",
      website: "https://www.aclweb.org/portal/acl",
    });
    expect(acl?.acceptance).toEqual([
      { year: 2021, submitted: 3350, accepted: 710, rate: 0.211940298507, track: null, source: "openaccept" },
      { year: 2022, submitted: 3378, accepted: 701, rate: 0.207519242155, track: null, source: "openaccept" },
    ]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ record: "ACL 2020", reason: expect.stringContaining("no acceptance rate") }),
    ]);
  });

  it("reads the whole shipped copy: 97 conferences with websites and dblp links", async () => {
    const result = await importOpenAccept(REAL);
    expect(result.conferences).toHaveLength(97);
    expect(result.conferences.filter((c) => c.website !== null).length).toBeGreaterThan(90);
    expect(result.conferences.filter((c) => c.dblp !== null).length).toBeGreaterThan(90);
    const years = result.conferences.flatMap((c) => c.acceptance.map((r) => r.year));
    expect(Math.min(...years)).toBe(2012);
    expect(Math.max(...years)).toBe(2026);
  });
});
