/**
 * The CORE editions as the origin publishes them (the first row lost to the keys, integer keys hoisted first) read
 * back into the export's rows: every real edition, converted to that form here, comes back identical.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coreRowsFromJson } from "../../../pipeline/importers/core-json.ts";
import { parseCsv } from "../../../pipeline/sources/csv.ts";
import { publishedCoreObjects } from "../../helpers/core-published.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

/** A CSV export in the published JSON form (what the origin's converter wrote), as JSON.parse gives it back. */
function published(rows: Record<string, string>[]): unknown {
  return JSON.parse(JSON.stringify(publishedCoreObjects(rows.map((r) => Object.values(r)))));
}

describe("coreRowsFromJson", () => {
  it("restores the first row and the columns whatever the key order", () => {
    // CORE_2023.json as published: "46" (a FoR code, repeating) and "2172" (the id, distinct) hoisted first.
    const rows = coreRowsFromJson([
      {
        "46": 4606,
        "2172": 2189,
        "International Conference X": "Ambient Systems",
        INFOCOMP: "ANT",
        CORE2023: "CORE2023",
        Unranked: "Unranked",
        Yes: "Yes",
        "": "",
        __1: "",
      },
      {
        "46": 4608,
        "2172": 2264,
        "International Conference X": "Crowdsourcing",
        INFOCOMP: "HCOMP",
        CORE2023: "CORE2023",
        Unranked: "B",
        Yes: "Yes",
        "": 4605,
        __1: "",
      },
      {
        "46": 4606,
        "2172": 11,
        "International Conference X": "Communication",
        INFOCOMP: "SIGCOMM",
        CORE2023: "CORE2023",
        Unranked: "B",
        Yes: "Yes",
        "": 4605,
        __1: "",
      },
    ]);
    expect(rows[0]).toEqual({
      id: "2172",
      title: "International Conference X",
      acronym: "INFOCOMP",
      source: "CORE2023",
      rank: "Unranked",
      has_data: "Yes",
      for1: "46",
      for2: "",
      for3: "",
    });
    expect(rows[2]).toMatchObject({
      id: "2264",
      acronym: "HCOMP",
      rank: "B",
      for1: "4608",
      for2: "4605",
      for3: "",
    });
  });

  it("refuses a file of another shape with a message", () => {
    expect(() => coreRowsFromJson({})).toThrow("expected a non-empty JSON array of objects");
    expect(() => coreRowsFromJson([{ a: 1 }])).toThrow("expected 9 keys per object, found 1");
  });
});

describeOnRealUpstream("coreRowsFromJson on every real edition", () => {
  it("gives back each CORE<year>.csv row for row", () => {
    const dir = join(REAL_UPSTREAM, "core-history");
    const files = readdirSync(dir).filter((f) => /^CORE\d{4}\.csv$/.test(f));
    expect(files).toHaveLength(6);
    for (const file of files) {
      const rows = parseCsv(readFileSync(join(dir, file), "utf8"), file).map((r) => r.values);
      expect(coreRowsFromJson(published(rows)), file).toEqual(rows);
    }
  });
});
