import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fieldsFromForCode, fieldsFromForCodes } from "../../../pipeline/fields/for-codes.ts";
import { importCcfList } from "../../../pipeline/importers/ccf-list.ts";
import { importCoreHistory } from "../../../pipeline/importers/core-history.ts";
import { importCorePortal, importIcore } from "../../../pipeline/importers/icore.ts";
import { importQualis } from "../../../pipeline/importers/qualis.ts";
import { importReference } from "../../../pipeline/importers/reference.ts";
import { normalizeIssn } from "../../../pipeline/normalize/normalize.ts";
import { parseCsv, readCsv } from "../../../pipeline/sources/csv.ts";
import {
  conferenceObservation,
  type ImportResult,
  journalObservation,
  SourceError,
  type SourceId,
} from "../../../pipeline/sources/observations.ts";
import { ConferenceDetailData, type RankHistoryEntry, ResearchField } from "../../../snapshot/records.ts";
import {
  brokenFileError,
  claims,
  fixturesCopy,
  importFixtures,
  removeFixtureCopies,
  sourceError,
  UPSTREAM_FIXTURES,
} from "../../helpers/import-fixtures.ts";
import { specialIssueCall } from "../../helpers/rows.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

afterEach(removeFixtureCopies);

describe("parseCsv / readCsv", () => {
  it("strips a BOM, reads the header row and keeps cells as published", () => {
    const records = parseCsv('\ufeffname , title\r\nAAAI,"AAAI Conference, on AI"\r\n\r\n', "x.csv");
    expect(records).toEqual([{ row: 1, values: { name: "AAAI", title: "AAAI Conference, on AI" } }]);
  });

  it("uses the delimiter it is given", () => {
    expect(parseCsv("a;b\n1;2,5\n", "x.csv", { delimiter: ";" })).toEqual([
      { row: 1, values: { a: "1", b: "2,5" } },
    ]);
  });

  it("throws a SourceError naming the file and the row or line of a malformed record", () => {
    const text = "a,b\n1,2\n3,4,5\n";
    expect(() => parseCsv(text, "lists/x.csv")).toThrow(SourceError);
    expect(() => parseCsv(text, "lists/x.csv")).toThrow("lists/x.csv: row 2: malformed CSV");
    expect(() => parseCsv('a,b\n1,"open\n', "lists/x.csv")).toThrow(/lists\/x\.csv: line 2: malformed CSV/);
    expect(() => parseCsv('a,b\n1,2\n\n3,"x"y\n', "lists/x.csv")).toThrow(
      /lists\/x\.csv: line 4: malformed CSV/,
    );
  });

  it("throws on a missing required column", () => {
    expect(() => parseCsv("a,b\n1,2\n", "x.csv", { requiredColumns: ["a", "c"] })).toThrow(
      "x.csv: header: missing column(s) c",
    );
  });

  it("joins unquoted extra fields back into the last column when told to", () => {
    const text = "Venue,Rank\nSemantics|SEM,Regional: Austria, Germany, Netherlands\n";
    expect(() => parseCsv(text, "x.csv")).toThrow(SourceError);
    expect(parseCsv(text, "x.csv", { unquotedLastColumn: true })).toEqual([
      { row: 1, values: { Venue: "Semantics|SEM", Rank: "Regional: Austria, Germany, Netherlands" } },
    ]);
  });

  it("reports a file it cannot read as a SourceError", async () => {
    const error = await sourceError(readCsv(join(UPSTREAM_FIXTURES, "nope.csv"), "nope.csv"));
    expect(error.file).toBe("nope.csv");
  });
});

describe("fieldsFromForCode(s)", () => {
  it("maps 2008 and 2020 codes", () => {
    expect(fieldsFromForCode("0801")).toEqual(["ai"]);
    expect(fieldsFromForCode("0803")).toEqual(["se", "pl"]);
    expect(fieldsFromForCode("0805")).toEqual(["systems", "network"]);
    expect(fieldsFromForCode("4603")).toEqual(["vision", "multimedia"]);
    expect(fieldsFromForCode("4611")).toEqual(["ml"]);
    expect(fieldsFromForCode(" 4604 ")).toEqual(["security"]);
    expect(fieldsFromForCode("csE")).toEqual(["architecture"]);
  });

  it("gives nothing for the broad and unknown codes", () => {
    for (const code of ["08", "46", "0899", "4601", "09", "1205", "", "abc"]) {
      expect(fieldsFromForCode(code)).toEqual([]);
    }
  });

  it("combines codes without repeats", () => {
    expect(fieldsFromForCodes(["4606", "4605", "0805", "46"])).toEqual(["systems", "network", "data"]);
  });

  it("gives only research fields of the schema", () => {
    const codes = ["0801", "0802", "0803", "0804", "0805", "0806", "0807", "0903", "0906", "0910", "0913"]
      .concat(["1005", "1006", "1203", "1702", "3102", "4006", "4007", "4008", "4009", "CSE"])
      .concat([
        "4602",
        "4603",
        "4604",
        "4605",
        "4606",
        "4607",
        "4608",
        "4609",
        "4610",
        "4611",
        "4612",
        "4613",
      ]);
    for (const code of codes) {
      const fields = fieldsFromForCode(code);
      expect(fields.length, code).toBeGreaterThan(0);
      for (const field of fields)
        expect(ResearchField.safeParse(field).success, `${code} ${field}`).toBe(true);
    }
  });
});

describe("importReference (fixtures)", () => {
  const edition = "reference-2026-08-22";
  const rank = (...pairs: [RankHistoryEntry["system"], string][]) => claims("reference", edition, ...pairs);

  it("merges each venue's lists into one observation", async () => {
    const result = await importFixtures(importReference, "reference", 17);
    expect(result.conferences).toEqual([
      conferenceObservation({
        source: "reference",
        key: "conference/367",
        file: "conference-partner/core-conferences.json",
        acronym: "ACM ASIACCS",
        title: "ACM ASIA Conference on Computer and Communications Security",
        referenceId: 367,
        // QUALIS on the older scale, kept as published.
        ranks: rank(["CCF", "C"], ["CORE", "A"], ["QUALIS", "B5"]),
        reference: {
          submission_date: "2026-12-11",
          notification_date: "2027-03-31",
          conference_date: "2027-07-12",
          location: "Macau, China",
          is_extended: false,
          updated_at: "2026-07-05",
        },
      }),
      conferenceObservation({
        source: "reference",
        key: "conference/408",
        file: "conference-partner/ccf-conferences.json",
        acronym: "AAAI",
        title: "AAAI Conference on Artificial Intelligence",
        referenceId: 408,
        ranks: rank(["CCF", "A"], ["CORE", "A*"], ["QUALIS", "A1"]),
        reference: {
          submission_date: "2026-07-21",
          notification_date: "2026-11-30",
          conference_date: "2027-02-16",
          location: "Montreal, Quebec, Canada",
          is_extended: false,
          updated_at: "2026-07-14",
        },
        views: 120345,
        editionsCount: 40,
      }),
      conferenceObservation({
        source: "reference",
        key: "conference/3462",
        file: "conference-partner/upcoming-deadlines.json",
        acronym: "AI'",
        title: "International Conference on Artificial Intelligence",
        referenceId: 3462,
        reference: {
          submission_date: "2026-08-22",
          notification_date: null,
          conference_date: null,
          location: "to be updated",
          is_extended: true,
          updated_at: "2026-08-17",
        },
      }),
      conferenceObservation({
        source: "reference",
        key: "conference/9001",
        file: "conference-partner/upcoming-deadlines.json",
        acronym: null,
        title: "Workshop on Blank Acronyms",
        referenceId: 9001,
        reference: {
          submission_date: "2026-09-01",
          notification_date: "2026-10-01",
          conference_date: "2026-11-15",
          location: "Online",
          is_extended: false,
          updated_at: "2026-08-01",
        },
      }),
    ]);
    const call = (title: string, submission_date: string | null) =>
      specialIssueCall({ title, submission_date, source: "reference" });
    expect(result.journals).toEqual([
      journalObservation({
        source: "reference",
        key: "journal/63",
        file: "conference-partner/ccf-journals.json",
        title: "Information and Computation",
        // Blank in journal-special-issues.json, stated in the other lists.
        acronym: "IANDC",
        issns: ["0890-5401"],
        referenceId: 63,
        publisher: "Elsevier",
        impactFactor: "1.4",
        ccfRank: "B",
        ranks: rank(["CCF", "B"]),
        specialIssues: [call("Logic, Automata and Games", "2026-12-31")],
        views: 5120,
        updatedAt: "2026-01-09",
      }),
      journalObservation({
        source: "reference",
        key: "journal/1039",
        file: "conference-partner/top-impact-factor-journals.json",
        title: "IEEE Communications Surveys & Tutorials",
        acronym: "COMST",
        issns: ["2373-745X"],
        referenceId: 1039,
        publisher: "IEEE",
        impactFactor: "46.7",
        // "to be announced" is not a date.
        specialIssues: [call("Non-Terrestrial Networks", null)],
        views: 24415,
      }),
      journalObservation({
        source: "reference",
        key: "journal/7000",
        file: "conference-partner/ccf-journals.json",
        title: "Journal With Dummy ISSN",
        issns: [],
        referenceId: 7000,
        publisher: "Springer",
        ccfRank: "C",
        ranks: rank(["CCF", "C"]),
        updatedAt: "2025-12-28",
      }),
    ]);
    expect(result.rejected).toEqual([
      {
        file: "conference-partner/ccf-conferences.json",
        record: "conferences[1]",
        reason: expect.stringContaining("id"),
      },
      {
        file: "conference-partner/upcoming-deadlines.json",
        record: "conference/9002",
        reason: "neither acronym nor title",
      },
      {
        file: "conference-partner/journal-special-issues.json",
        record: "journal/7001",
        reason: "neither acronym nor title",
      },
    ]);
  });

  it("throws a SourceError for a list that is not JSON or lacks its array", async () => {
    const { dir } = await brokenFileError(
      importReference,
      "conference-partner/core-conferences.json",
      '{"generated_at": "2026-08-22", "conf',
    );

    writeFileSync(join(dir, "conference-partner/core-conferences.json"), '{"generated_at": "2026-08-22"}');
    expect((await sourceError(importReference(dir))).message).toContain('"conferences" array');

    rmSync(join(dir, "conference-partner/ccf-journals.json"));
    writeFileSync(
      join(dir, "conference-partner/core-conferences.json"),
      '{"generated_at":"x","conferences":[]}',
    );
    expect((await sourceError(importReference(dir))).message).toContain("generated_at is not a timestamp");
  });

  it("takes the rank edition from the file's generation time", async () => {
    const dir = fixturesCopy();
    writeFileSync(
      join(dir, "conference-partner/upcoming-deadlines.json"),
      JSON.stringify({
        generated_at: "2026-09-01T23:30:00-02:00",
        conferences: [{ id: 5, short_name: "X", full_name: null, ccf_rank: "C" }],
      }),
    );
    const result = await importReference(dir);
    expect(result.conferences.find((c) => c.referenceId === 5)?.ranks).toEqual(
      claims("reference", "reference-2026-09-02", ["CCF", "C"]),
    );
  });
});

describe("importCcfList (fixtures)", () => {
  const rank = (level: string) => claims("ccf", "CCF2022", ["CCF", level]);
  const file = "ccf-list/ccf_venues.csv";

  it("reads conferences and journals with dblp keys, fields and one observation per venue", async () => {
    const result = await importCcfList(UPSTREAM_FIXTURES);
    expect(result.read).toBe(14);
    expect(result.journals).toEqual([
      journalObservation({
        source: "ccf",
        key: "CCF2022#journal/acm transactions on computer systems",
        file,
        title: "ACM Transactions on Computer Systems",
        acronym: "TOCS",
        dblp: "journals/tocs",
        publisher: "ACM",
        ccfRank: "A",
        ranks: rank("A"),
        tentativeFields: ["architecture", "systems"],
        ccfCategories: ["DS"],
      }),
      journalObservation({
        source: "ccf",
        key: "CCF2022#journal/parallel computing",
        file,
        title: "Parallel Computing",
        acronym: null,
        dblp: "journals/pc",
        publisher: "Elsevier",
        ccfRank: "B",
        ranks: rank("B"),
        tentativeFields: ["architecture", "systems"],
        ccfCategories: ["DS"],
      }),
      // Listed under two subject areas, spelled two ways: one venue with both areas' fields.
      journalObservation({
        source: "ccf",
        key: "CCF2022#journal/acm transactions on multimedia computing communications and applications",
        file,
        title: "ACM Transactions on Multimedia Computing, Communications and Applications",
        acronym: "TOMM",
        dblp: "journals/tomccap",
        publisher: "ACM",
        ccfRank: "B",
        ranks: rank("B"),
        fields: ["network"],
        tentativeFields: ["graphics", "multimedia"],
        ccfCategories: ["NW", "CG"],
      }),
      journalObservation({
        source: "ccf",
        key: "CCF2022#journal/acm on human computer interaction",
        file,
        title: "Proceedings of the ACM on Human-Computer Interaction",
        acronym: "PACMHCI",
        dblp: "journals/pacmhci",
        publisher: "ACM",
        ccfRank: "C",
        ranks: rank("C"),
        fields: ["hci"],
        ccfCategories: ["HI"],
      }),
      journalObservation({
        source: "ccf",
        key: "CCF2022#journal/computational visual media",
        file,
        title: "Computational Visual Media",
        acronym: "CVMJ",
        dblp: "journals/cvm",
        publisher: "Tsinghua University; Springer",
        ccfRank: "C",
        ranks: rank("C"),
        tentativeFields: ["graphics", "multimedia"],
        ccfCategories: ["CG"],
      }),
    ]);
    expect(result.conferences).toEqual([
      // conf/ccs is given to both CCS and AsiaCCS: dropped from both.
      conferenceObservation({
        source: "ccf",
        key: "CCF2022#conference/acm conference on computer and communications security",
        file,
        acronym: "CCS",
        title: "ACM Conference on Computer and Communications Security",
        ranks: rank("A"),
        fields: ["security"],
        ccfCategories: ["SC"],
      }),
      conferenceObservation({
        source: "ccf",
        key: "CCF2022#conference/acm asia conference on computer and communications security",
        file,
        acronym: "AsiaCCS",
        title: "ACM Asia Conference on Computer and Communications Security",
        ranks: rank("C"),
        fields: ["security"],
        ccfCategories: ["SC"],
      }),
      conferenceObservation({
        source: "ccf",
        key: "CCF2022#conference/HOTSEC",
        file,
        acronym: "HotSec",
        title: null,
        ranks: rank("C"),
        fields: ["security"],
        ccfCategories: ["SC"],
      }),
      conferenceObservation({
        source: "ccf",
        key: "CCF2022#conference/computational visual media",
        file,
        acronym: "CVM",
        title: "Computational Visual Media",
        dblp: "conf/cvm",
        ranks: rank("C"),
        tentativeFields: ["graphics", "multimedia"],
        ccfCategories: ["CG"],
      }),
      conferenceObservation({
        source: "ccf",
        key: "CCF2022#conference/aaai conference on artificial intelligence",
        file,
        acronym: "AAAI",
        title: "AAAI Conference on Artificial Intelligence",
        dblp: "conf/aaai",
        ranks: rank("A"),
        fields: ["ai"],
        ccfCategories: ["AI"],
      }),
    ]);
    expect(result.rejected).toEqual([
      { file, record: "row 7", reason: "neither acronym nor title" },
      { file, record: "row 13", reason: 'unknown CCF level "N"' },
      { file, record: "row 14", reason: 'unknown type "workshop"' },
    ]);
  });

  it("rejects a repeated venue whose level differs", async () => {
    const dir = fixturesCopy();
    writeFileSync(
      join(dir, file),
      "name,full_name,publisher,url,level,field,type\nIPL,Information Processing Letters,Elsevier,,C,计算机科学理论,journal\n" +
        "IPL,Information Processing Letters,Elsevier,,B,人工智能,journal\n",
    );
    const result = await importCcfList(dir);
    expect(result.journals.map((j) => [j.ccfRank, j.fields])).toEqual([["C", ["theory"]]]);
    expect(result.rejected).toEqual([
      { file, record: "row 2", reason: "same venue as row 1 with another level" },
    ]);
  });

  it("throws a SourceError when a column is missing", async () => {
    const dir = fixturesCopy();
    writeFileSync(join(dir, file), "name,full_name,level\nX,Y,A\n");
    expect((await sourceError(importCcfList(dir))).message).toContain(
      "missing column(s) publisher, url, field, type",
    );
  });
});

describeOnRealUpstream("list importers on the real upstream data", () => {
  const tally = (values: string[]) => {
    const counts: Record<string, number> = {};
    for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
    return counts;
  };
  const rankOf = (o: { ranks: RankHistoryEntry[] }) => o.ranks[0]?.rank ?? "";
  const wellFormed = (result: ImportResult, source: SourceId) => {
    expect(result.source).toBe(source);
    const keys = [...result.conferences, ...result.journals].map((o) => o.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const o of [...result.conferences, ...result.journals]) {
      expect(o.source).toBe(source);
      expect(o.acronym ?? o.title).toBeTruthy();
      expect(ConferenceDetailData.shape.rank_history.safeParse(o.ranks).success).toBe(true);
      expect(o.website).toBeNull();
    }
  };

  it("reference: 1,670 conferences and 533 journals, one per id", async () => {
    const result = await importReference(REAL_UPSTREAM);
    wellFormed(result, "reference");
    expect(result.read).toBe(695 + 388 + 734 + 705 + 137 + 292 + 299 + 96);
    expect(result.conferences).toHaveLength(1670);
    expect(result.journals).toHaveLength(533);
    expect(result.rejected).toEqual([]);
    expect(result.journals.filter((j) => j.specialIssues.length > 0)).toHaveLength(96);
    expect(result.conferences.filter((c) => c.editionsCount !== null)).toHaveLength(137);
    for (const j of result.journals) for (const issn of j.issns) expect(normalizeIssn(issn)).toBe(issn);
    const qualis = result.conferences.flatMap((c) => c.ranks.filter((r) => r.system === "QUALIS"));
    expect(qualis.filter((r) => r.rank === "B5").length).toBeGreaterThan(0);
    expect(new Set(result.conferences.flatMap((c) => c.ranks.map((r) => r.edition)))).toEqual(
      new Set(["reference-2026-08-22"]),
    );
  });

  it("ccf-list: 364 conferences and 281 journal rows (277 venues: 4 listed in two areas)", async () => {
    const result = await importCcfList(REAL_UPSTREAM);
    wellFormed(result, "ccf");
    expect(result.read).toBe(645);
    expect(result.rejected).toEqual([]);
    expect(tally(result.conferences.map(rankOf))).toEqual({ A: 58, B: 126, C: 180 });
    expect(result.journals).toHaveLength(277);
    expect(tally(result.journals.map((j) => j.ccfRank))).toEqual({ A: 35, B: 108, C: 134 });
    expect(result.journals.filter((j) => j.acronym === null).length).toBeGreaterThan(40);
    const inTwoAreas = result.journals.filter((j) =>
      ["TOMM", "DKE", "IPL", "IJIS"].includes(j.acronym ?? ""),
    );
    expect(inTwoAreas).toHaveLength(4);
    // Every subject area name is known: every venue but the interdisciplinary ones has a field.
    const fieldless = (v: { fields: unknown[]; tentativeFields: unknown[] }) =>
      v.fields.length === 0 && v.tentativeFields.length === 0;
    expect([...result.conferences, ...result.journals].filter(fieldless)).toHaveLength(51);
  });

  it("core-history: rows per edition as published, one observation per CORE id", async () => {
    const result = await importCoreHistory(REAL_UPSTREAM);
    wellFormed(result, "core");
    expect(result.rejected).toEqual([]);
    const editions = tally(result.conferences.flatMap((c) => c.ranks.map((r) => r.edition)));
    expect(editions).toEqual({
      CORE2014: 1628,
      CORE2017: 1592,
      CORE2018: 1625,
      CORE2020: 882,
      CORE2021: 955,
      CORE2023: 955,
    });
    expect(result.read).toBe(1628 + 1592 + 1625 + 882 + 955 + 955);
    expect(result.conferences).toHaveLength(new Set(result.conferences.map((c) => c.coreId)).size);
    // Every FoR code is a tentative claim (pipeline/fields/for-codes.ts).
    expect(result.conferences.filter((c) => c.fields.length > 0)).toEqual([]);
    expect(result.conferences.filter((c) => c.tentativeFields.length > 0).length).toBeGreaterThan(1600);
  });

  it("icore: 971 ICORE2026 rows with the published distribution", async () => {
    const result = await importIcore(REAL_UPSTREAM);
    wellFormed(result, "icore");
    expect(result.conferences).toHaveLength(971);
    const ranks = tally(result.conferences.map(rankOf));
    expect([ranks["A*"], ranks.A, ranks.B, ranks.C]).toEqual([62, 108, 249, 381]);
  });

  it("core_portal: 2,259 rows", async () => {
    const result = await importCorePortal(REAL_UPSTREAM);
    wellFormed(result, "core_portal");
    expect(result.conferences).toHaveLength(2259);
    expect(result.conferences.filter((c) => c.acronym === null)).toHaveLength(179);
  });

  it("qualis: every row, with the published tier counts", async () => {
    const result = await importQualis(REAL_UPSTREAM);
    wellFormed(result, "qualis");
    // SOURCES.md says 1,404 rows but its own tier counts add up to 1,405, as does the file.
    expect(result.conferences).toHaveLength(1405);
    expect(tally(result.conferences.map(rankOf))).toEqual({
      A1: 127,
      A2: 126,
      A3: 238,
      A4: 187,
      B1: 157,
      B2: 159,
      B3: 163,
      B4: 248,
    });
  });
});
