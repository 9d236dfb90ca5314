/**
 * The CORE history, ICORE / CORE portal and QUALIS importers on the fixtures: one observation per listed venue with
 * its rank claims, rows they cannot use rejected with a reason, broken files failing their source.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importCoreHistory } from "../../../pipeline/importers/core-history.ts";
import { importCorePortal, importIcore } from "../../../pipeline/importers/icore.ts";
import { importQualis } from "../../../pipeline/importers/qualis.ts";
import { type ConferenceObservation, conferenceObservation } from "../../../pipeline/sources/observations.ts";
import {
  brokenFileError,
  claims,
  rankedConference,
  removeFixtureCopies,
  sourceError,
  UPSTREAM_FIXTURES,
} from "../../helpers/import-fixtures.ts";

afterEach(removeFixtureCopies);

describe("importCoreHistory (fixtures)", () => {
  const core = (...pairs: [string, string][]) =>
    pairs.map(([edition, rank]) => ({ system: "CORE" as const, edition, rank, source: "core" }));

  it("gives one observation per CORE id with its rank history", async () => {
    const result = await importCoreHistory(UPSTREAM_FIXTURES);
    expect(result.read).toBe(28);
    expect(result.journals).toEqual([]);
    // The FoR codes carried (issue 42) are held by test/pipeline/merge/list-categories.test.ts.
    const withoutForCodes = (list: ConferenceObservation[]) => list.map(({ forCodes: _, ...o }) => o);
    expect(withoutForCodes(result.conferences)).toEqual(
      withoutForCodes([
        conferenceObservation({
          source: "core",
          key: "core/4",
          file: "core-history/CORE2018.csv",
          acronym: "3DIM",
          title: "3-D Digital Imaging and Modelling",
          coreId: "4",
          ranks: core(["CORE2014", "C"], ["CORE2017", "C"], ["CORE2018", "C"]),
          tentativeFields: ["ai"],
        }),
        conferenceObservation({
          source: "core",
          key: "core/100",
          file: "core-history/CORE2023.csv",
          acronym: "ADC",
          title: "Australasian Database Conference",
          coreId: "100",
          ranks: core(
            ["CORE2014", "Australasian"],
            ["CORE2020", "Australasian B"],
            ["CORE2021", "Australasian B"],
            ["CORE2023", "Australasian C"],
          ),
          tentativeFields: ["data"],
        }),
        // Renamed between editions: the newest name wins.
        conferenceObservation({
          source: "core",
          key: "core/200",
          file: "core-history/CORE2023.csv",
          acronym: "SIGMOD",
          title: "ACM International Conference on Management of Data",
          coreId: "200",
          ranks: core(["CORE2014", "A*"], ["CORE2018", "A*"], ["CORE2020", "A*"], ["CORE2023", "A*"]),
          tentativeFields: ["data"],
        }),
        // Blank acronym.
        conferenceObservation({
          source: "core",
          key: "core/254",
          file: "core-history/CORE2018.csv",
          acronym: null,
          title: "Australian Digital Forensics Conference",
          coreId: "254",
          ranks: core(
            ["CORE2014", "Australasian"],
            ["CORE2017", "Australasian"],
            ["CORE2018", "Australasian"],
          ),
          tentativeFields: ["data"],
        }),
        conferenceObservation({
          source: "core",
          key: "core/300",
          file: "core-history/CORE2023.csv",
          acronym: "SMP",
          title: "China National Conference on Social Media Processing, Beijing",
          coreId: "300",
          ranks: core(["CORE2021", "National: China"], ["CORE2023", "National: China"]),
          tentativeFields: ["ai", "data"],
        }),
        conferenceObservation({
          source: "core",
          key: "core/400",
          file: "core-history/CORE2023.csv",
          acronym: "ISCA",
          title: "International Symposium on Computer Architecture",
          coreId: "400",
          ranks: core(["CORE2018", "A*"], ["CORE2023", "TBR"]),
          tentativeFields: ["architecture", "systems", "network", "se", "pl"],
        }),
        conferenceObservation({
          source: "core",
          key: "core/500",
          file: "core-history/CORE2021.csv",
          acronym: "ICRT",
          title: "International Conference on Reviewable Things",
          coreId: "500",
          ranks: core(["CORE2021", "B (needs review)"]),
          tentativeFields: ["se", "pl"],
        }),
        // Its 2020+ rows say only "46" (generic IT): the fields come from the newest edition that names one.
        conferenceObservation({
          source: "core",
          key: "core/2172",
          file: "core-history/CORE2023.csv",
          acronym: "INFOCOMP",
          title: "International Conference on Advanced Communications and Computation",
          coreId: "2172",
          ranks: core(
            ["CORE2014", "Unranked"],
            ["CORE2017", "Unranked"],
            ["CORE2018", "Unranked"],
            ["CORE2020", "Unranked"],
            ["CORE2021", "Unranked"],
            ["CORE2023", "Unranked"],
          ),
          tentativeFields: ["systems", "network"],
        }),
      ]),
    );
    expect(result.rejected).toEqual([
      {
        file: "core-history/CORE2017.csv",
        record: "row 3",
        reason: "CORE id 2172 appears twice in CORE2017",
      },
      { file: "core-history/CORE2017.csv", record: "row 5", reason: 'CORE id is not a number: ""' },
      { file: "core-history/CORE2018.csv", record: "row 6", reason: "neither acronym nor title" },
    ]);
  });

  it("throws a SourceError when there is no edition file or one is malformed", async () => {
    const { dir, error } = await brokenFileError(
      importCoreHistory,
      "core-history/CORE2020.csv",
      'id,title,acronym,source,rank,has_data,for1,for2,for3\n1,"A\n',
    );
    expect(error.record).toBe("line 2");
    rmSync(join(dir, "core-history"), { recursive: true });
    await sourceError(importCoreHistory(dir));
  });
});

describe("importIcore / importCorePortal (fixtures)", () => {
  it("reads ICORE2026 rows with the split names and ranks as published", async () => {
    const result = await importIcore(UPSTREAM_FIXTURES);
    const file = "scholar-utility-belt/core_icore2026.csv";
    const row = rankedConference("icore", "ICORE2026", "CORE", file);
    expect(result.read).toBe(8);
    expect(result.conferences).toEqual([
      row("AAAI Conference on Human Computation and Crowdsourcing", "HCOMP", "B"),
      row("AAAI/ACM Conference on AI, Ethics, and Society", "AIES", "C"),
      row("Australasian Database Conference", "ADC", "Australasian B"),
      row(
        "Semantics - International Conference on Semantic Systems",
        "Semantics",
        "Regional: Austria, Germany, Netherlands",
      ),
      row("International Conference on Nameless Acronyms", null, "Unranked"),
      row("ACM SIGSAC Conference on Computer and Communications Security", "CCS", "A*"),
    ]);
    expect(result.rejected).toEqual([
      { file, record: "row 6", reason: "neither acronym nor title" },
      { file, record: "row 8", reason: "duplicate of an earlier row" },
    ]);
  });

  it("reads the portal's mixed editions, repairing its unquoted rank", async () => {
    const result = await importCorePortal(UPSTREAM_FIXTURES);
    expect(result.source).toBe("core_portal");
    expect(result.rejected).toEqual([]);
    expect(result.conferences.map((c) => [c.acronym, c.title, c.ranks])).toEqual(
      [
        [
          "PERVASIVE",
          "International Conference on Pervasive Computing (Joined with UbiComp from 2013)",
          "A*",
        ],
        [null, "American Society of Mechanical Engineering", "A"],
        [
          "Semantics",
          "Semantics - International Conference on Semantic Systems",
          "Regional: Austria, Germany, Netherlands",
        ],
        ["ACRA", "Australasian Conference on Robotics and Automation", "Australasian"],
        ["ACIS", "Australasian Conference on Information Systems", "Australasian C"],
      ].map(([acronym, title, rank]) => [
        acronym,
        title,
        claims("core_portal", "CORE-portal", ["CORE", rank as string]),
      ]),
    );
  });
});

describe("importQualis (fixtures)", () => {
  it("reads Sigla, Nome do evento and Estrato", async () => {
    const result = await importQualis(UPSTREAM_FIXTURES);
    const file = "qualis-cs-confs-br/CAPES-CC-2017-2020-Qualis.csv";
    const ranked = rankedConference("qualis", "QUALIS2017-2020", "QUALIS", file);
    const row = (acronym: string, title: string, rank: string) => ranked(title, acronym, rank);
    expect(result.read).toBe(6);
    expect(result.conferences).toEqual([
      row(
        "Programming",
        "International Conference on the Art, Science, and Engineering of Programming",
        "B3",
      ),
      row("3DV", "International Conference on 3D Vision", "A1"),
      row("WVC", "Workshop de Visão Computacional", "B4"),
      row("KDD", "ACM SIGKDD Conference on Knowledge Discovery and Data Mining", "A1"),
      row("SIGKDD", "ACM International Conference on Knowledge Discovery and Data Mining", "B4"),
    ]);
    expect(result.rejected).toEqual([{ file, record: "row 6", reason: "neither acronym nor title" }]);
  });
});
