import { describe, expect, it } from "vitest";
import { fieldsFromCsconferencesArea, fieldsFromLixinArea } from "../../../pipeline/fields/areas.ts";
import { fieldsFromScimagoCategories, scimagoCategories } from "../../../pipeline/fields/scimago.ts";
import { importCsconferences } from "../../../pipeline/importers/csconferences.ts";
import { importLixin, lixinTrack } from "../../../pipeline/importers/lixin.ts";
import { importScimago, scimagoIssns } from "../../../pipeline/importers/scimago.ts";
import { callTitleKey, importSpecialIssues } from "../../../pipeline/importers/special-issues.ts";
import { numberCell } from "../../../pipeline/sources/csv.ts";
import {
  conferenceObservation,
  type ImportResult,
  journalObservation,
} from "../../../pipeline/sources/observations.ts";
import { AcceptanceRow, JournalMetricYear, SpecialIssue } from "../../../snapshot/records.ts";
import {
  expectSourceErrorWithoutFiles,
  importFixtures,
  UPSTREAM_FIXTURES,
} from "../../helpers/import-fixtures.ts";
import { specialIssueCall } from "../../helpers/rows.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const acceptanceRowCount = (result: ImportResult) =>
  result.conferences.reduce((n, c) => n + c.acceptance.length, 0);

describe("field mappings", () => {
  it("maps csconferences areas, two fields where the area spans two", () => {
    expect(fieldsFromCsconferencesArea("Web+IR")).toEqual(["web", "ir"]);
    expect(fieldsFromCsconferencesArea(" Arch ")).toEqual(["architecture"]);
    expect(fieldsFromCsconferencesArea("Crypt")).toEqual(["security"]);
    expect(fieldsFromCsconferencesArea("Underwater Basket Weaving")).toEqual([]);
  });

  it("maps lixin table headings", () => {
    expect(fieldsFromLixinArea("Data Mining and Information Retrieval")).toEqual(["data"]);
    expect(fieldsFromLixinArea("Machine Learning and Learning Theory")).toEqual(["ml"]);
    expect(fieldsFromLixinArea("ML")).toEqual([]);
  });

  it("hands out copies, so a caller cannot change the table", () => {
    fieldsFromCsconferencesArea("AI").push("bio");
    expect(fieldsFromCsconferencesArea("AI")).toEqual(["ai"]);
  });

  it("reads SCImago categories with quartiles, deduplicated, in RESEARCH_FIELDS order", () => {
    const cell =
      "Software (Q2); Computer Vision and Pattern Recognition (Q1); Signal Processing (Q1); " +
      "Media Technology (Q2); Nursing (miscellaneous)  (Q4); Immunology and Microbiology (miscellaneous)  (Q1)";
    const fields = (categories: string) => fieldsFromScimagoCategories(scimagoCategories(categories));
    expect(fields(cell)).toEqual(["vision", "se", "multimedia"]);
    // Non-journal rows carry no quartiles.
    expect(scimagoCategories("Computer Vision and Pattern Recognition; Software")).toEqual([
      "Computer Vision and Pattern Recognition",
      "Software",
    ]);
    expect(fields("Information Systems (Q1); Management Information Systems (Q2)")).toEqual([
      "data",
      "is",
      "management",
    ]);
    // The reference's non-computing areas, where SCImago names them.
    expect(fields("Electrical and Electronic Engineering (Q1); Applied Mathematics (Q2)")).toEqual([
      "ee",
      "math",
    ]);
    expect(fields("")).toEqual([]);
  });
});

describe("shared cell readers", () => {
  it("reads counts and decimals, blank as null, junk as undefined", () => {
    expect(numberCell(" 42 ", "count")).toBe(42);
    expect(numberCell("4.2", "count")).toBeUndefined();
    expect(numberCell("", "count")).toBeNull();
    expect(numberCell(undefined, "decimal")).toBeNull();
    expect(numberCell("13,802", "decimal")).toBe(13.802);
    expect(numberCell("13.802", "decimal")).toBe(13.802);
    expect(numberCell("?", "decimal")).toBeUndefined();
  });

  it("names lixin tracks, the main line's long papers being the main track", () => {
    expect(lixinTrack("", "Long Paper")).toBeNull();
    expect(lixinTrack("", "")).toBeNull();
    expect(lixinTrack("", "Short Paper")).toBe("Short Paper");
    expect(lixinTrack("Findings", "Long Paper")).toBe("Findings Long Paper");
  });

  it("splits and normalises SCImago ISSN cells", () => {
    expect(scimagoIssns("15505499, 00000000")).toEqual(["1550-5499"]);
    expect(scimagoIssns("23311622, 00950033, 1532093x")).toEqual(["2331-1622", "0095-0033", "1532-093X"]);
    expect(scimagoIssns("-")).toEqual([]);
  });

  it("reduces call titles to their topic", () => {
    expect(callTitleKey("Call for Papers:  Special Issue on Digital Responsibility – Social, Ethical")).toBe(
      callTitleKey("Digital Responsibility: Social, Ethical"),
    );
    expect(callTitleKey("“Regulation in the Age of Digitalization”")).toBe(
      callTitleKey("Regulation in the Age of Digitalization"),
    );
    expect(callTitleKey("Analytical Creativity")).not.toBe(callTitleKey("Compassionate AI"));
  });
});

describe("importCsconferences on fixtures", () => {
  const file = "csconferences/csconferences.csv";
  const row = (year: number, submitted: number, accepted: number, rate: number | null) => ({
    year,
    submitted,
    accepted,
    rate,
    track: null,
    source: "csconferences",
  });
  const venue = (
    acronym: string,
    fields: ReturnType<typeof fieldsFromCsconferencesArea>,
    acceptance: unknown[],
  ) =>
    conferenceObservation({
      source: "csconferences",
      key: acronym,
      file,
      acronym,
      title: null,
      fields,
      acceptance: acceptance as AcceptanceRow[],
    });

  it("gives one observation per conference, submission cycles of a year summed", async () => {
    const result = await importFixtures(importCsconferences, "csconferences", 11);
    expect(result.journals).toEqual([]);
    expect(result.conferences).toEqual([
      venue("AAAI", ["ai"], [row(2019, 1200, 300, 0.25), row(2020, 2050, 410, 0.2)]),
      venue("CCS", ["security"], [row(2023, 600, 100, 100 / 600)]),
      venue("SIGMETRICS", ["network", "systems"], [row(2020, 200, 30, 0.15)]),
      venue("WWW", ["web", "ir"], [row(2021, 1000, 150, 0.15)]),
      venue("VLDB", ["data"], [row(2022, 0, 0, null)]),
    ]);
    for (const c of result.conferences) for (const r of c.acceptance) AcceptanceRow.parse(r);
  });

  it("rejects rows it cannot count, with the reason", async () => {
    const { rejected } = await importCsconferences(UPSTREAM_FIXTURES);
    expect(rejected).toEqual([
      { file, record: "row 9", reason: "Year, Accepted or Submitted missing or not a whole number" },
      { file, record: "row 10", reason: "no Conference" },
      { file, record: "row 11", reason: "50 accepted of 40 submitted" },
    ]);
  });

  it("fails the source when the file is missing", async () => {
    await expectSourceErrorWithoutFiles(importCsconferences);
  });
});

describe("importLixin on fixtures", () => {
  const file = "lixin4ever-acceptance/README_source_tables.md";
  const venue = (
    acronym: string,
    fields: ReturnType<typeof fieldsFromLixinArea>,
    acceptance: AcceptanceRow[],
  ) =>
    conferenceObservation({ source: "lixin", key: acronym, file, acronym, title: null, fields, acceptance });
  const row = (
    year: number,
    submitted: number | null,
    accepted: number | null,
    rate: number,
    track: string | null,
  ): AcceptanceRow => ({ year, submitted, accepted, rate, track, source: "lixin" });

  it("gives one observation per venue with its tracks, the published rate as a fraction", async () => {
    const result = await importFixtures(importLixin, "lixin", 10);
    expect(result.conferences).toEqual([
      venue(
        "ACL",
        ["nlp"],
        [
          row(2021, 2000, 500, 0.25, null),
          row(2021, 2000, 292, 0.146, "Findings Long Paper"),
          row(2021, 1000, 100, 0.1, "Findings Short Paper"),
          row(2021, 1000, 155, 0.155, "Short Paper"),
        ],
      ),
      // "?" and "~700" counts beside a known rate become null.
      venue("ICML", ["ml"], [row(2016, null, 320, 0.24, null)]),
      venue("KDD", ["data"], [row(2016, 1100, 140, 0.137, null)]),
      venue("CVPR", ["vision"], [row(2019, 3484, 1000, 0.287, null)]),
      venue("INTERSPEECH", ["multimedia"], [row(2015, null, null, 0.51, null)]),
    ]);
  });

  it("rejects rows without a rate and rows with junk numbers", async () => {
    const { rejected } = await importLixin(UPSTREAM_FIXTURES);
    expect(rejected).toEqual([
      { file, record: "line 8 (ACL 2022)", reason: 'rate not given ("? (600/?)")' },
      {
        file,
        record: "line 33 (AAAI 2020)",
        reason: "rate_pct, accepted or submitted is not a valid number",
      },
    ]);
  });
});

describe("importScimago on fixtures", () => {
  const file2020 = "scimago-sjr-cs/scimagojr_2020_computer_science.csv";
  const file2021 = "scimago-sjr-cs/scimagojr_2021_computer_science.csv";

  it("gathers a journal's years under its Sourceid, names from the newest year", async () => {
    const result = await importFixtures(importScimago, "scimago", 6);
    expect(result.conferences).toEqual([]);
    expect(result.journals).toEqual([
      journalObservation({
        source: "scimago",
        key: "scimago/1001",
        file: file2021,
        title: "Journal of Fixture Vision and Interaction",
        issns: ["1550-5499", "1550-550X"],
        publisher: "Fixture Press International",
        tentativeFields: ["vision", "hci"],
        metrics: [
          // 2020 is written with decimal commas.
          { year: 2020, sjr: 2.345, quartile: "Q1", h_index: 120, cites_per_doc_2y: 6.12 },
          { year: 2021, sjr: 3.1, quartile: "Q2", h_index: 125, cites_per_doc_2y: 7 },
        ],
      }),
      journalObservation({
        source: "scimago",
        key: "scimago/3003",
        file: file2020,
        title: "Fixture Letters in Teaching",
        issns: ["1234-567X"],
        publisher: null,
        tentativeFields: ["education"],
        metrics: [{ year: 2020, sjr: null, quartile: null, h_index: 5, cites_per_doc_2y: 0 }],
      }),
    ]);
    for (const j of result.journals) for (const m of j.metrics) JournalMetricYear.parse(m);
  });

  it("skips proceedings and book series without rejecting them, rejects bad journal rows", async () => {
    const { rejected } = await importScimago(UPSTREAM_FIXTURES);
    expect(rejected).toEqual([
      {
        file: file2021,
        record: "row 2 (Sourceid 4004)",
        reason: "SJR, SJR Best Quartile, H index or Cites / Doc. (2years) is not a valid value",
      },
    ]);
  });

  it("fails the source when no year file is there", async () => {
    await expectSourceErrorWithoutFiles(importScimago);
  });
});

describe("importSpecialIssues on fixtures", () => {
  const union = "journal-special-issues/calls_all_history_union.json";
  const call = (si: Partial<SpecialIssue> & Pick<SpecialIssue, "title">) =>
    specialIssueCall({ source: "special_issues", ...si });
  const isrPage = "https://isr.example.org/calls-for-papers";

  it("gives one observation per journal with its calls, versions of one call merged", async () => {
    const result = await importFixtures(importSpecialIssues, "special_issues", 11);
    // Ten union entries and one call only the current list has.
    expect(result.journals).toEqual([
      journalObservation({
        source: "special_issues",
        key: "special_issues/isr",
        file: union,
        title: "Information Systems Research",
        acronym: "ISR",
        specialIssues: [
          // No flagged date, no dueDate: the latest date.
          call({ title: "Analytical Creativity", submission_date: "2024-06-15", url: isrPage }),
          // Two flagged dates: the earlier is the first full-paper deadline.
          call({
            title: "Compassionate AI",
            submission_date: "2026-04-15",
            editors: ["Bo Example"],
            url: isrPage,
          }),
          call({ title: "Human-AI Teams", submission_date: "2027-03-01", url: isrPage }),
        ],
      }),
      journalObservation({
        source: "special_issues",
        key: "special_issues/jais",
        file: union,
        title: "Journal of the Association for Information Systems",
        acronym: "JAIS",
        // Same title, different pages and deadlines: two calls.
        specialIssues: [
          call({
            title: "Innovation in Information Infrastructures (III)",
            submission_date: "2014-04-01",
            url: "https://jais.example.org/vol15/iss4/",
          }),
          call({
            title: "Innovation in Information Infrastructures (III)",
            submission_date: "2014-05-01",
            url: "https://jais.example.org/vol15/iss5/",
          }),
        ],
      }),
      journalObservation({
        source: "special_issues",
        key: "special_issues/jit",
        file: union,
        title: "Journal of Information Technology",
        acronym: "JIT",
        // The current list's text wins over the union's older copy and the old-schema entry.
        specialIssues: [
          call({
            title: "Regulation in the Age of Digitalization",
            submission_date: "2021-01-31",
            description: "Digital regulation is changing.\n\nWe invite papers on it.",
            topics: ["Regulating platforms", "Compliance automation"],
            editors: ["Ada Example (Fixture University)"],
            url: "https://jit.example.org/cfp/regulation.pdf",
          }),
        ],
      }),
      journalObservation({
        source: "special_issues",
        key: "special_issues/misq",
        file: union,
        title: "MIS Quarterly",
        acronym: "MISQ",
        // The newer entry has only a metaTitle and no url: the old entry supplies the url.
        specialIssues: [
          call({
            title: "Digital Technologies and Social Justice",
            url: "https://misq.example.org/pdf/SI_DigitalTechnologies.pdf",
          }),
        ],
      }),
    ]);
    for (const j of result.journals) for (const si of j.specialIssues) SpecialIssue.parse(si);
  });

  it("rejects entries of the wrong shape or without a title", async () => {
    const { rejected } = await importSpecialIssues(UPSTREAM_FIXTURES);
    expect(rejected).toHaveLength(2);
    expect(rejected[0]).toMatchObject({ file: union, record: "https://bad.example.org/" });
    expect(rejected[0]?.reason).toMatch(/^unexpected shape: .*journal/);
    expect(rejected[1]).toEqual({ file: union, record: "dss-untitled", reason: "no title" });
  });

  it("fails the source when a file is missing", async () => {
    await expectSourceErrorWithoutFiles(importSpecialIssues);
  });
});

describeOnRealUpstream("metric importers on the real upstream data", () => {
  it("csconferences: 1,282 rows, 66 venues, every area mapped", async () => {
    const result = await importCsconferences(REAL_UPSTREAM);
    expect(result.read).toBe(1282);
    expect(result.rejected).toEqual([]);
    expect(result.conferences).toHaveLength(66);
    // 30 rows are second to fourth submission cycles, summed into their year.
    expect(acceptanceRowCount(result)).toBe(1252);
    for (const c of result.conferences) expect(c.fields.length, c.acronym ?? "").toBeGreaterThan(0);
    const ccs2019 = result.conferences
      .find((c) => c.acronym === "CCS")
      ?.acceptance.find((r) => r.year === 2019);
    expect(ccs2019).toMatchObject({ accepted: 32 + 117, submitted: 225 + 722 });
  });

  it("lixin: 284 rows, the ones without a rate rejected, every area mapped", async () => {
    const result = await importLixin(REAL_UPSTREAM);
    expect(result.read).toBe(284);
    expect(acceptanceRowCount(result) + result.rejected.length).toBe(284);
    expect(result.rejected.every((r) => r.reason.startsWith("rate not given"))).toBe(true);
    expect(result.conferences).toHaveLength(24);
    for (const c of result.conferences) expect(c.fields.length, c.acronym ?? "").toBeGreaterThan(0);
    const tracks = new Set(result.conferences.flatMap((c) => c.acceptance.map((r) => r.track)));
    expect(tracks).toEqual(new Set([null, "Short Paper", "Findings Long Paper", "Findings Short Paper"]));
  });

  it("scimago: journals per year as SOURCES.md counts them, one observation per Sourceid", async () => {
    const result = await importScimago(REAL_UPSTREAM);
    expect(result.rejected).toEqual([]);
    const perYear = new Map<number, number>();
    for (const j of result.journals)
      for (const m of j.metrics) perYear.set(m.year, (perYear.get(m.year) ?? 0) + 1);
    expect(Object.fromEntries(perYear)).toEqual({
      2017: 1667,
      2018: 1712,
      2019: 1772,
      2020: 1760,
      2021: 1753,
    });
    expect(result.read).toBe(7547 + 6559 + 4698 + 6529 + 1886);
    expect(new Set(result.journals.map((j) => j.key)).size).toBe(result.journals.length);
    expect(result.journals.filter((j) => j.issns.length > 0).length).toBeGreaterThan(1800);
    for (const j of result.journals) for (const m of j.metrics) JournalMetricYear.parse(m);
  });

  it("special issues: 101 entries over 13 journals, duplicates merged", async () => {
    const result = await importSpecialIssues(REAL_UPSTREAM);
    expect(result.read).toBe(101);
    expect(result.rejected).toEqual([]);
    expect(result.journals).toHaveLength(13);
    const calls = result.journals.flatMap((j) => j.specialIssues);
    // 10 calls appear twice (old and new schema); ISR's three calls share one url and stay apart.
    expect(calls).toHaveLength(91);
    const identities = calls.map((c) => `${c.url}|${callTitleKey(c.title)}`);
    expect(new Set(identities).size).toBe(calls.length);
    expect(
      calls.filter((c) => c.url === "https://pubsonline.informs.org/page/isre/calls-for-papers"),
    ).toHaveLength(3);
    for (const si of calls) SpecialIssue.parse(si);
  });
});
