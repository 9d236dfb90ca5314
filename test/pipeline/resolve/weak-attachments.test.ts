/**
 * Phase C's `title` rule (pipeline/resolve/weak-attachments.ts) on real upstream rows, read by the build's own
 * importers: a lone row joins the venue bearing its title unless a row of its own source there is held in another
 * place and month under another acronym (evidence.ts heldApart): one generic title, two venues. A renamed venue
 * that keeps its month still joins.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importQualis } from "../../../pipeline/importers/qualis.ts";
import { importReference } from "../../../pipeline/importers/reference.ts";
import { describeConference } from "../../../pipeline/resolve/describe.ts";
import type { Resolution } from "../../../pipeline/resolve/resolution.ts";
import { resolve } from "../../../pipeline/resolve/resolve.ts";
import type { ConferenceObservation } from "../../../pipeline/sources/observations.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-weak-attachments-");

/** The reference service's rows as conference-partner/*.json publish them (2026-08 data), detail pages left out. */
const REFERENCE_ROWS = [
  {
    id: 488,
    short_name: "BIOCOMP",
    full_name: "International Conference on Bioinformatics & Computational Biology",
    submission_date: "2015-04-15",
    notification_date: "2015-04-30",
    conference_date: "2015-07-27",
    location: "Las Vegas, Nevada, USA",
    ccf_rank: "",
    core_rank: "",
    qualis_rank: "B4",
    is_extended: true,
    updated_at: "2015-04-03",
  },
  {
    id: 4943,
    short_name: "ICBCB",
    full_name: "International Conference on Bioinformatics and Computational Biology",
    submission_date: "2026-10-20",
    notification_date: "2026-11-20",
    conference_date: "2027-03-26",
    location: "Xi an, China",
    ccf_rank: "",
    core_rank: "",
    qualis_rank: "",
    is_extended: false,
    updated_at: "2026-07-29",
  },
  {
    id: 160,
    short_name: "ICSE",
    full_name: "International Conference on Software Engineering",
    submission_date: "2026-06-23",
    notification_date: "2026-10-20",
    conference_date: "2027-04-25",
    location: "Dublin, Ireland",
    ccf_rank: "A",
    core_rank: "A*",
    qualis_rank: "A1",
    is_extended: false,
    updated_at: "2026-03-22",
  },
  {
    id: 2995,
    short_name: "SOEN",
    full_name: "International Conference on Software Engineering",
    submission_date: "2026-08-22",
    notification_date: "2026-10-24",
    conference_date: "2026-11-21",
    location: "London, UK",
    ccf_rank: "",
    core_rank: "",
    qualis_rank: "",
    is_extended: false,
    updated_at: "2026-07-27",
  },
  {
    id: 742,
    short_name: "ICUIMC",
    full_name: "International Conference on Ubiquitous Information Management and Communication",
    submission_date: "2015-09-30",
    notification_date: "2015-10-14",
    conference_date: "2016-01-04",
    location: "Danang, Vietnam",
    ccf_rank: "",
    core_rank: "",
    qualis_rank: "B4",
    is_extended: true,
    updated_at: "2015-09-29",
  },
  {
    id: 1553,
    short_name: "IMCOM",
    full_name: "International Conference on Ubiquitous Information Management and Communication",
    submission_date: "2026-09-16",
    notification_date: "2026-10-15",
    conference_date: "2027-01-04",
    location: "Taipei, Taiwan",
    ccf_rank: "",
    core_rank: "",
    qualis_rank: "",
    is_extended: false,
    updated_at: "2026-07-11",
  },
];

/** The QUALIS rows of the same venues, as qualis-cs-confs-br/CAPES-CC-2017-2020-Qualis.csv has them. */
const QUALIS_CSV = [
  "Sigla,Nome do evento,Estrato",
  "BioCOMP-WC,International Conference on Bioinformatics & Computational Biology,B2",
  "ICSE,International Conference on Software Engineering,A1",
  "IMCOM,International Conference on Ubiquitous Information Management and Communication,B1",
  "",
].join("\n");

/** An upstream folder holding those rows alone (the reference's other lists empty). */
function upstreamWithRealRows(): string {
  const dir = tempDir("upstream");
  const partner = join(dir, "conference-partner");
  mkdirSync(partner, { recursive: true });
  const list = (key: string, rows: unknown[]) =>
    JSON.stringify({ generated_at: "2026-08-22T05:57:24+00:00", [key]: rows });
  for (const name of ["ccf-conferences", "core-conferences", "qualis-conferences", "open-calls-by-rank"])
    writeFileSync(join(partner, `${name}.json`), list("conferences", []));
  writeFileSync(join(partner, "upcoming-deadlines.json"), list("conferences", REFERENCE_ROWS));
  for (const name of ["ccf-journals", "top-impact-factor-journals", "journal-special-issues"])
    writeFileSync(join(partner, `${name}.json`), list("journals", []));
  mkdirSync(join(dir, "qualis-cs-confs-br"));
  writeFileSync(join(dir, "qualis-cs-confs-br", "CAPES-CC-2017-2020-Qualis.csv"), QUALIS_CSV);
  return dir;
}

describe("phase C's title rule on the reference's rows", () => {
  let r: Resolution<ConferenceObservation>;
  const venues = () =>
    r.clusters
      .map((c) => c.members.map((m) => `${m.source}:${m.acronym}`).sort())
      .sort((a, b) => a[0]?.localeCompare(b[0] ?? "") ?? 0);

  beforeAll(async () => {
    const upstream = upstreamWithRealRows();
    const observations = [
      ...(await importReference(upstream)).conferences,
      ...(await importQualis(upstream)).conferences,
    ];
    expect(observations).toHaveLength(9);
    r = resolve(observations, describeConference);
  });

  it("keeps one source's rows under one generic title apart when they are held elsewhere in another month", () => {
    // ICBCB (Xi'an, March) is not BIOCOMP (Las Vegas, July), nor SOEN (London, November) ICSE (Dublin, April).
    expect(venues()).toEqual([
      ["qualis:BioCOMP-WC", "reference:BIOCOMP"],
      ["qualis:ICSE", "reference:ICSE"],
      ["qualis:IMCOM", "reference:ICUIMC", "reference:IMCOM"],
      ["reference:ICBCB"],
      ["reference:SOEN"],
    ]);
    const rule = (key: string) => r.events.find((e) => e.source === "reference" && e.key === key)?.rule;
    expect([rule("conference/4943"), rule("conference/2995")]).toEqual(["new", "new"]);
  });

  it("names the decision in the build report's counts and lists the pairs apart, never as suspects", () => {
    expect(r.decisions.counts["held-elsewhere reference~reference"]).toBe(2);
    expect(r.suspects).toEqual([]);
    expect(
      r.listedApart
        .map((p) => [p.a.title, p.b.title].sort())
        .sort((x, y) => (x[0] ?? "").localeCompare(y[0] ?? "")),
    ).toEqual([
      [
        "International Conference on Bioinformatics & Computational Biology",
        "International Conference on Bioinformatics and Computational Biology",
      ],
      [
        "International Conference on Software Engineering",
        "International Conference on Software Engineering",
      ],
    ]);
  });

  it("still joins a renamed venue held in its usual month elsewhere (ICUIMC, Danang, and IMCOM, Taipei, each January)", () => {
    // One venue (the first test), ICUIMC joined to it on the title alone.
    const icuimc = r.decisions.listed.filter((d) => d.a === "reference:conference/742");
    expect(icuimc.map((d) => [d.rule, d.b.split(":")[0]])).toEqual([["title", "qualis"]]);
  });
});
