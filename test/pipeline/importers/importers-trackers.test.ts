import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { importHf } from "../../../pipeline/importers/hf.ts";
import { importPwc } from "../../../pipeline/importers/pwc.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  SourceError,
} from "../../../pipeline/sources/observations.ts";
import type { Deadline, Edition } from "../../../snapshot/records.ts";
import { brokenFileError, removeFixtureCopies, UPSTREAM_FIXTURES } from "../../helpers/import-fixtures.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

function deadline(
  source: string,
  type: Deadline["type"],
  label: string,
  local: string,
  timezone: string | null,
  utc: string | null,
): Deadline {
  const [date = "", time = null] = local.split(" ");
  return { type, label, date, time, timezone, utc, source };
}

function edition(source: string, fields: Omit<Edition, "sources">): Edition {
  return { ...fields, sources: [source] };
}

function bySeries(result: ImportResult, acronym: string): ConferenceObservation | undefined {
  return result.conferences.find((c) => c.acronym === acronym);
}

describe("importCcfddl on fixtures", async () => {
  const result = await importCcfddl(UPSTREAM_FIXTURES);
  const d = (...args: Parameters<typeof deadline> extends [string, ...infer R] ? R : never) =>
    deadline("ccfddl", ...args);
  const rank = (system: "CCF" | "CORE" | "THCPL", value: string) => ({
    system,
    edition: "ccfddl",
    rank: value,
    source: "ccfddl",
  });

  it("reads one observation per series, in directory order, and counts every entry read", () => {
    expect(result.source).toBe("ccfddl");
    expect(result.conferences.map((c) => c.key)).toEqual([
      "AI/aaai.yml#AAAI",
      "CG/prcv.yml#PRCV",
      "DB/sigmod.yml#SIGMOD",
      "DB/sigmod.yml#PODS",
      "DS/micro.yml#MICRO",
    ]);
    expect(result.journals).toEqual([]);
    // 6 series entries (one untitled) + 4 accept-rate entries.
    expect(result.read).toBe(10);
  });

  it("rejects the untitled series and the accept rates of an unknown series", () => {
    expect(result.rejected).toEqual([
      { file: "ccfddl/conference/DS/micro.yml", record: "entry 2", reason: "series has no title" },
      {
        file: "ccfddl/accept_rates/HI/ghost.yml",
        record: "GHOST",
        reason: "no conference series with this title",
      },
    ]);
  });

  it("builds AAAI: editions by year, AoE deadlines, ranks, dblp, accept rates, newest link", () => {
    expect(bySeries(result, "AAAI")).toEqual(
      conferenceObservation({
        source: "ccfddl",
        key: "AI/aaai.yml#AAAI",
        file: "ccfddl/conference/AI/aaai.yml",
        acronym: "AAAI",
        title: "AAAI Conference on Artificial Intelligence",
        dblp: "conf/aaai",
        ranks: [rank("CCF", "A"), rank("CORE", "A*"), rank("THCPL", "A")],
        fields: ["ai"],
        ccfCategories: ["AI"],
        editions: [
          edition("ccfddl", {
            year: 2026,
            start_date: "2026-01-20",
            end_date: "2026-01-27",
            date_text: "January 20 - 27, 2026",
            place: "Singapore EXPO",
            country: null,
            deadlines: [d("paper", "paper", "2025-08-01 23:59:59", "AoE", "2025-08-02T11:59:59Z")],
          }),
          edition("ccfddl", {
            year: 2027,
            start_date: "2027-02-16",
            end_date: "2027-02-23",
            date_text: "February 16-23, 2027",
            place: "Montréal, Québec, Canada",
            country: "Canada",
            deadlines: [
              d("abstract", "abstract", "2026-07-21 23:59:59", "UTC-12", "2026-07-22T11:59:59Z"),
              d("paper", "paper", "2026-07-28 23:59:59", "UTC-12", "2026-07-29T11:59:59Z"),
            ],
          }),
        ],
        acceptance: [
          { year: 2024, submitted: 9862, accepted: 2342, rate: 0.2375, track: null, source: "ccfddl" },
          {
            year: 2025,
            submitted: 12957,
            accepted: 3032,
            rate: 0.234,
            track: null,
            source: "ccfddl",
          },
        ],
        website: "https://aaai.org/conference/aaai/aaai-27/",
      }),
    );
  });

  it("reads the misspelt `abstract deadline` key and a UTC+8 zone (PRCV)", () => {
    expect(bySeries(result, "PRCV")).toEqual(
      conferenceObservation({
        source: "ccfddl",
        key: "CG/prcv.yml#PRCV",
        file: "ccfddl/conference/CG/prcv.yml",
        acronym: "PRCV",
        title: "Chinese Conference on Pattern Recognition and Computer Vision",
        dblp: "conf/prcv",
        ranks: [rank("CCF", "C")],
        tentativeFields: ["graphics", "multimedia"],
        ccfCategories: ["CG"],
        editions: [
          edition("ccfddl", {
            year: 2024,
            start_date: "2024-10-18",
            end_date: "2024-10-20",
            date_text: "Oct 18-20, 2024",
            place: "Urumqi, China",
            country: "China",
            deadlines: [
              d("abstract", "abstract", "2024-04-18 23:59:59", "UTC+8", "2024-04-18T15:59:59Z"),
              d("paper", "paper", "2024-04-28 23:59:59", "UTC+8", "2024-04-28T15:59:59Z"),
            ],
          }),
        ],
        website: "http://www.prcv.cn/",
      }),
    );
  });

  it("reads both series of one file; a multi-cycle PT timeline keeps its comments across daylight saving", () => {
    expect(bySeries(result, "SIGMOD")?.editions).toEqual([
      edition("ccfddl", {
        year: 2026,
        start_date: "2026-05-31",
        end_date: "2026-06-05",
        date_text: "May 31-June 5, 2026",
        place: "Bengaluru, India",
        country: "India",
        deadlines: [
          d("abstract", "abstract (first cycle)", "2025-01-10 17:00:00", "PT", "2025-01-11T01:00:00Z"),
          d("paper", "paper (first cycle)", "2025-01-17 17:00:00", "PT", "2025-01-18T01:00:00Z"),
          d("abstract", "abstract (second cycle)", "2025-07-03 17:00:00", "PT", "2025-07-04T00:00:00Z"),
          d("paper", "paper (second cycle)", "2025-07-10 17:00:00", "PT", "2025-07-11T00:00:00Z"),
        ],
      }),
    ]);
    expect(bySeries(result, "PODS")).toEqual(
      conferenceObservation({
        source: "ccfddl",
        key: "DB/sigmod.yml#PODS",
        file: "ccfddl/conference/DB/sigmod.yml",
        acronym: "PODS",
        title: "ACM Symposium on Principles of Database Systems",
        dblp: "conf/pods",
        ranks: [rank("CCF", "B"), rank("CORE", "A*")],
        fields: ["data"],
        tentativeFields: ["ir"],
        ccfCategories: ["DB"],
        editions: [
          edition("ccfddl", {
            year: 2026,
            // The text has no year: the edition's supplies it. The TBD deadline is no deadline.
            start_date: "2026-05-31",
            end_date: "2026-06-05",
            date_text: "May 31 - June 5",
            place: "Bengaluru, India",
            country: "India",
            deadlines: [],
          }),
        ],
        acceptance: [
          {
            year: 2023,
            submitted: null,
            accepted: null,
            rate: 0.25,
            track: null,
            source: "ccfddl",
          },
        ],
        website: "https://2026.sigmod.org/pods",
      }),
    );
  });

  it("types a lone `deadline` by its comment, reads date-only deadlines, joins renamed accept rates by file", () => {
    expect(bySeries(result, "MICRO")).toEqual(
      conferenceObservation({
        source: "ccfddl",
        key: "DS/micro.yml#MICRO",
        file: "ccfddl/conference/DS/micro.yml",
        acronym: "MICRO",
        title: "IEEE/ACM International Symposium on Microarchitecture",
        dblp: null,
        ranks: [rank("CCF", "A"), rank("CORE", "A"), rank("THCPL", "A")],
        tentativeFields: ["architecture", "systems"],
        ccfCategories: ["DS"],
        editions: [
          edition("ccfddl", {
            year: 2025,
            start_date: "2025-10-18",
            end_date: "2025-10-22",
            date_text: "Oct. 18-22, 2025",
            place: "Seoul, S. Korea",
            country: "South Korea",
            deadlines: [
              d("abstract", "abstract (abstract deadline)", "2025-04-04", "AoE", "2025-04-05T11:59:59Z"),
              d("paper", "paper (full paper deadline)", "2025-04-11 23:59:00", "AoE", "2025-04-12T11:59:00Z"),
            ],
          }),
        ],
        // Published with accepted and submitted swapped; no rate given.
        acceptance: [
          { year: 2024, submitted: 420, accepted: 100, rate: 100 / 420, track: null, source: "ccfddl" },
        ],
        website: "https://microarch.org/micro58/",
      }),
    );
  });
});

describe("importHf on fixtures", async () => {
  const result = await importHf(UPSTREAM_FIXTURES);
  const d = (...args: Parameters<typeof deadline> extends [string, ...infer R] ? R : never) =>
    deadline("hf", ...args);
  const rank = (system: "CCF" | "CORE" | "THCPL", value: string) => ({
    system,
    edition: "hf",
    rank: value,
    source: "hf",
  });

  it("groups editions into series and rejects what it cannot read", () => {
    expect(result.conferences.map((c) => c.key)).toEqual(["aaai.yml#AAAI", "cvpr.yml#CVPR", "icra.yml#ICRA"]);
    expect(result.read).toBe(6);
    expect(result.rejected).toEqual([
      {
        file: "hf-ai-deadlines/data/conferences/cvpr.yml",
        record: "cvpr26",
        reason: 'unreadable notification deadline "soon"',
      },
      { file: "hf-ai-deadlines/data/conferences/icra.yml", record: "icra26", reason: "edition has no title" },
    ]);
  });

  it("reads typed deadlines, tags, city/country and the newest edition's rankings (AAAI)", () => {
    expect(bySeries(result, "AAAI")).toEqual(
      conferenceObservation({
        source: "hf",
        key: "aaai.yml#AAAI",
        file: "hf-ai-deadlines/data/conferences/aaai.yml",
        acronym: "AAAI",
        title: "AAAI Conference on Artificial Intelligence",
        ranks: [rank("CCF", "A"), rank("CORE", "A*"), rank("THCPL", "B")],
        tentativeFields: ["ml", "ai", "vision"],
        editions: [
          edition("hf", {
            year: 2026,
            start_date: "2026-01-20",
            end_date: "2026-01-27",
            date_text: "January 20 - 27, 2026",
            place: "Singapore, Singapore",
            country: "Singapore",
            deadlines: [
              d(
                "abstract",
                "Abstract submission deadline",
                "2025-07-25 23:59:59",
                "AoE",
                "2025-07-26T11:59:59Z",
              ),
              d("paper", "Paper submission deadline", "2025-08-01 23:59:59", "AoE", "2025-08-02T11:59:59Z"),
              d(
                "rebuttal",
                "Author feedback window start",
                "2025-10-07 23:59:59",
                "AoE",
                "2025-10-08T11:59:59Z",
              ),
              d(
                "notification",
                "Final acceptance/rejection notices",
                "2025-11-08",
                "AoE",
                "2025-11-09T11:59:59Z",
              ),
              d(
                "camera_ready",
                "Camera-ready deadline",
                "2025-11-13 23:59:59",
                "AoE",
                "2025-11-14T11:59:59Z",
              ),
            ],
          }),
          edition("hf", {
            year: 2027,
            start_date: "2027-02-16",
            end_date: "2027-02-23",
            date_text: "February 16 - 23, 2027",
            place: "Montréal, Canada",
            country: "Canada",
            deadlines: [],
          }),
        ],
        website: "https://aaai.org/conference/aaai/aaai-27/",
      }),
    );
  });

  it("reads the legacy entry-level deadlines, falls back to the entry zone, fixes a state given as country", () => {
    expect(bySeries(result, "CVPR")).toEqual(
      conferenceObservation({
        source: "hf",
        key: "cvpr.yml#CVPR",
        file: "hf-ai-deadlines/data/conferences/cvpr.yml",
        acronym: "CVPR",
        title: "IEEE/CVF Conference on Computer Vision and Pattern Recognition",
        tentativeFields: ["vision", "robotics"],
        editions: [
          edition("hf", {
            year: 2025,
            start_date: "2025-06-10",
            end_date: "2025-06-17",
            date_text: "June 10-17, 2025",
            place: "Nashville, Tennessee",
            country: "USA",
            deadlines: [
              d("abstract", "abstract", "2024-11-07 23:59:00", "UTC-8", "2024-11-08T07:59:00Z"),
              d("paper", "paper", "2024-11-14 23:59:00", "UTC-8", "2024-11-15T07:59:00Z"),
            ],
          }),
          edition("hf", {
            year: 2026,
            // start/end say 2025; the text's 2026 matches the edition.
            start_date: "2026-06-03",
            end_date: "2026-06-07",
            date_text: "June 3-7, 2026",
            place: "Denver, USA",
            country: "USA",
            deadlines: [
              d(
                "paper",
                "Paper Submission",
                "2025-11-13 23:59:59",
                "America/Los_Angeles",
                "2025-11-14T07:59:59Z",
              ),
              d(
                "other",
                "Reviews Released",
                "2026-01-22 23:59:59",
                "Europe/Luxembourg",
                "2026-01-22T22:59:59Z",
              ),
            ],
          }),
        ],
        website: "https://cvpr.thecvf.com/Conferences/2026",
      }),
    );
  });

  it("reads PST as UTC-8 even in September (ICRA) and skips THCPL N", () => {
    const icra = bySeries(result, "ICRA");
    expect(icra?.ranks).toEqual([rank("CCF", "B"), rank("CORE", "A*")]);
    expect(icra?.tentativeFields).toEqual(["robotics"]);
    expect(icra?.editions.map((e) => e.deadlines)).toEqual([
      [d("paper", "Paper submission", "2024-09-15 23:59:59", "PST", "2024-09-16T07:59:59Z")],
    ]);
  });
});

describe("importPwc on fixtures", async () => {
  const result = await importPwc(UPSTREAM_FIXTURES);
  const d = (...args: Parameters<typeof deadline> extends [string, ...infer R] ? R : never) =>
    deadline("pwc", ...args);

  it("groups editions by series name, merging spellings that differ in punctuation", () => {
    expect(result.conferences.map((c) => c.key)).toEqual([
      "conferences.yml#IROS",
      "conferences.yml#NeurIPS",
      "conferences.yml#ECML-PKDD",
      "conferences.yml#ICPRAI",
    ]);
    expect(result.read).toBe(7);
    expect(result.rejected).toEqual([
      { file: "pwc-ai-deadlines/conferences.yml", record: "untitled21", reason: "edition has no title" },
    ]);
  });

  it("reads PT deadlines in winter and summer, full name from an older edition, the text over bad start/end", () => {
    expect(bySeries(result, "NeurIPS")).toEqual(
      conferenceObservation({
        source: "pwc",
        key: "conferences.yml#NeurIPS",
        file: "pwc-ai-deadlines/conferences.yml",
        acronym: "NeurIPS",
        title: "Conference on Neural Information Processing Systems",
        fields: ["ml", "ai", "vision"],
        editions: [
          edition("pwc", {
            year: 2022,
            start_date: "2022-11-28",
            end_date: "2022-12-09",
            date_text: "November 28 - December 9, 2022",
            place: "New Orleans, Louisiana, USA; and virtual",
            country: "USA",
            deadlines: [
              d("abstract", "abstract", "2022-05-16 13:00:00", "America/Los_Angeles", "2022-05-16T20:00:00Z"),
              d("paper", "paper", "2022-05-19 13:00:00", "America/Los_Angeles", "2022-05-19T20:00:00Z"),
            ],
          }),
          edition("pwc", {
            year: 2023,
            start_date: "2023-12-10",
            end_date: "2023-12-16",
            date_text: "December 10 - December 16, 2023",
            place: "New Orleans, USA",
            country: "USA",
            deadlines: [d("paper", "paper", "2023-05-17 13:00:00", "PDT", "2023-05-17T20:00:00Z")],
          }),
        ],
        website: "https://nips.cc/Conferences/2023",
      }),
    );
    expect(bySeries(result, "IROS")?.editions[0]?.deadlines).toEqual([
      d("paper", "paper", "2024-03-01 23:59:59", "America/Los_Angeles", "2024-03-02T07:59:59Z"),
    ]);
  });

  it("reads the `data:` typo, short times, one-digit months and GMT offsets (ECML-PKDD)", () => {
    expect(bySeries(result, "ECML-PKDD")).toEqual(
      conferenceObservation({
        source: "pwc",
        key: "conferences.yml#ECML-PKDD",
        file: "pwc-ai-deadlines/conferences.yml",
        acronym: "ECML-PKDD",
        title: null,
        fields: ["ml", "ai", "data"],
        editions: [
          edition("pwc", {
            year: 2022,
            start_date: "2022-09-19",
            end_date: "2022-09-23",
            date_text: "September 19-23, 2022",
            place: "Grenoble, France",
            country: "France",
            deadlines: [
              d("abstract", "abstract", "2022-03-31 23:59:59", "GMT+2", "2022-03-31T21:59:59Z"),
              d("paper", "paper", "2022-04-07 23:59:00", "GMT+2", "2022-04-07T21:59:00Z"),
            ],
          }),
          edition("pwc", {
            year: 2023,
            start_date: "2023-09-18",
            end_date: "2023-09-22",
            date_text: "September, 18-22, 2023",
            place: "Turin, Italy",
            country: "Italy",
            deadlines: [d("paper", "paper", "2023-03-30 23:59:59", "UTC-12", "2023-03-31T11:59:59Z")],
          }),
        ],
        website: "https://2023.ecmlpkdd.org/",
      }),
    );
    expect(bySeries(result, "ICPRAI")?.editions[0]?.deadlines).toEqual([
      d("paper", "paper", "2022-01-10 23:59:59", "GMT+8", "2022-01-10T15:59:59Z"),
    ]);
  });
});

describe("unreadable sources", () => {
  afterEach(removeFixtureCopies);

  it.each([
    ["ccfddl", importCcfddl, "ccfddl/conference/AI/aaai.yml"],
    ["hf", importHf, "hf-ai-deadlines/data/conferences/aaai.yml"],
    ["pwc", importPwc, "pwc-ai-deadlines/conferences.yml"],
  ] as const)("%s: a file that is not YAML throws SourceError naming it", async (_, importer, file) => {
    const { error } = await brokenFileError(importer, file, "- title: AAAI\n  confs: [unclosed\n");
    expect(error.message).toContain("not valid YAML");
  });

  it("a file that is YAML but not a list throws SourceError", async () => {
    const { error } = await brokenFileError(importPwc, "pwc-ai-deadlines/conferences.yml", "title: AAAI\n");
    expect(error.message).toContain("pwc-ai-deadlines/conferences.yml: (file): expected a list");
  });

  it("a missing source directory throws SourceError", async () => {
    await expect(importCcfddl(join(UPSTREAM_FIXTURES, "nowhere"))).rejects.toBeInstanceOf(SourceError);
  });
});

describeOnRealUpstream("tracker importers on the real data", async () => {
  const [ccfddl, hf, pwc] = await Promise.all([
    importCcfddl(REAL_UPSTREAM),
    importHf(REAL_UPSTREAM),
    importPwc(REAL_UPSTREAM),
  ]);
  const editions = (r: ImportResult) => r.conferences.flatMap((c) => c.editions);
  const deadlines = (r: ImportResult) => editions(r).flatMap((e) => e.deadlines);
  const find = (r: ImportResult, acronym: string, year: number, type: Deadline["type"]) =>
    bySeries(r, acronym)
      ?.editions.find((e) => e.year === year)
      ?.deadlines.filter((x) => x.type === type);

  it("matches the published counts", () => {
    // SOURCES.md: ccfddl 352 series / 1,160 editions; hf 68 series / 122 editions; pwc 169 editions.
    expect([ccfddl.conferences.length, editions(ccfddl).length]).toEqual([352, 1160]);
    expect([hf.conferences.length, editions(hf).length]).toEqual([68, 122]);
    // pwc lists 96 titles; "ECML/PKDD" and "ECML-PKDD" are one series.
    expect([pwc.conferences.length, editions(pwc).length]).toEqual([95, 169]);
    expect(new Set(ccfddl.conferences.map((c) => c.key)).size).toBe(352);
  });

  it("reads every record and deadline, and finds the instant of every deadline", () => {
    for (const r of [ccfddl, hf, pwc]) {
      expect(r.rejected).toEqual([]);
      expect(deadlines(r).filter((x) => x.utc === null)).toEqual([]);
    }
    expect(ccfddl.conferences.reduce((n, c) => n + c.acceptance.length, 0)).toBe(142);
  });

  it("gives known instants", () => {
    expect(find(ccfddl, "AAAI", 2027, "paper")).toEqual([
      deadline("ccfddl", "paper", "paper", "2026-07-28 23:59:59", "UTC-12", "2026-07-29T11:59:59Z"),
    ]);
    expect(find(ccfddl, "PRCV", 2024, "paper")?.map((x) => x.utc)).toEqual(["2024-04-28T15:59:59Z"]);
    const vldb = find(ccfddl, "VLDB", 2026, "paper") ?? [];
    expect(vldb.find((x) => x.date === "2025-07-01")?.utc).toBe("2025-07-02T00:00:00Z");
    expect(vldb.find((x) => x.date === "2025-12-01")?.utc).toBe("2025-12-02T01:00:00Z");
    expect(find(hf, "AAAI", 2026, "paper")?.map((x) => x.utc)).toEqual(["2025-08-02T11:59:59Z"]);
    expect(find(pwc, "IROS", 2024, "paper")?.map((x) => x.utc)).toEqual(["2024-03-02T07:59:59Z"]);
    expect(find(pwc, "NeurIPS", 2022, "paper")?.map((x) => x.utc)).toEqual(["2022-05-19T20:00:00Z"]);
  });

  it("joins accept rates published under another name (USENIX ATC, UbiComp)", () => {
    expect(bySeries(ccfddl, "SIGOPS ATC")?.acceptance.length).toBeGreaterThan(0);
    expect(bySeries(ccfddl, "UbiComp/ISWC")?.acceptance.length).toBeGreaterThan(0);
  });
});
