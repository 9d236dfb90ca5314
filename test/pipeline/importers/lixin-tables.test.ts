/**
 * The lixin4ever tables read from the README the origin publishes give, row for row, the CSV once converted from it
 * by hand and shipped in the real upstream folder (acceptance_rates_parsed.csv), which the build no longer reads.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIXIN_TABLES_FILE, parseLixinTables } from "../../../pipeline/importers/lixin-tables.ts";
import { parseCsv } from "../../../pipeline/sources/csv.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describe("parseLixinTables", () => {
  it("reads areas, editions, tracks and the counts that are exact", () => {
    const rows = parseLixinTables(
      [
        "### Natural Language Processing and Computational Linguistics",
        "| Conference        | Long Paper           | Short Paper  |",
        "| ------------- | :------------- | :----- |",
        "|COLING'12 | 27% (311/1000+) | - |",
        "|ACL'21 Findings | 14.6% (339/2327) | ~47% (?/?) |",
      ].join("\n"),
    ).map((r) => r.values);
    expect(rows).toEqual([
      expect.objectContaining({
        venue: "COLING",
        year: "2012",
        track: "",
        category: "Long Paper",
        rate_pct: "27",
        accepted: "311",
        submitted: "",
      }),
      expect.objectContaining({
        venue: "ACL",
        year: "2021",
        track: "Findings",
        rate_pct: "14.6",
        accepted: "339",
        submitted: "2327",
      }),
      expect.objectContaining({
        category: "Short Paper",
        rate_pct: "",
        accepted: "",
        submitted: "",
        raw: "~47% (?/?)",
      }),
    ]);
    expect(rows[0]?.area).toBe("Natural Language Processing and Computational Linguistics");
  });
});

describeOnRealUpstream("parseLixinTables on the real README", () => {
  it("gives exactly the rows of the hand-converted CSV, in order", () => {
    const derived = parseLixinTables(readFileSync(join(REAL_UPSTREAM, LIXIN_TABLES_FILE), "utf8"));
    const csvFile = join(REAL_UPSTREAM, "lixin4ever-acceptance/acceptance_rates_parsed.csv");
    const shipped = parseCsv(readFileSync(csvFile, "utf8"), "csv");
    expect(derived).toHaveLength(284);
    expect(derived.map((r) => r.values)).toEqual(shipped.map((r) => r.values));
  });
});
