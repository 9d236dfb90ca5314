/**
 * Research-field precision (issue 30 §5, issue 24 §3): the fields the build gives the hand-labelled venues of
 * test/pipeline/fields/field-labels.yaml must be right at least PRECISION_FLOOR of the time; a broad source code (CCF's
 * "Software Engineering / System Software / Programming Languages", the FoR code "Computer Software", SCImago's
 * "Software") never makes an operating-systems or architecture venue "se"; every one of the reference's 21
 * fields holds conferences; fields taken from title words alone are marked in provenance and counted in the build
 * report.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { INFERRED_FIELDS_SOURCE } from "../../../pipeline/fields/venue-fields.ts";
import type { BuildReport } from "../../../pipeline/report.ts";
import { ResearchField } from "../../../snapshot/records.ts";
import { REFERENCE_FIELDS } from "../../helpers/reference-fields.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";

/** Share of the fields given to labelled venues that the labels hold: only ever raised. */
const PRECISION_FLOOR = 0.95;

const Label = z
  .object({
    kind: z.enum(["conference", "journal"]),
    short_name: z.string().nullable(),
    full_name: z.string().min(1),
    fields: z.array(ResearchField),
  })
  .strict();
type Label = z.infer<typeof Label>;

interface Venue {
  id: string;
  short_name: string | null;
  full_name: string;
  fields: string[];
}

const fold = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

function loadLabels(): Label[] {
  const raw = parse(readFileSync(join(import.meta.dirname, "field-labels.yaml"), "utf8"));
  return z.array(Label).parse(raw.venues);
}

describe("field labels file", () => {
  it("holds at least 200 distinct venues, each field a valid value", () => {
    const labels = loadLabels();
    expect(labels.length).toBeGreaterThanOrEqual(200);
    const keys = labels.map((l) => `${l.kind} ${fold(l.full_name)} ${fold(l.short_name)}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describeOnRealUpstream("research fields on the real snapshot", () => {
  const real = realSnapshotForSuite("venue-fields-");
  const venues: Record<Label["kind"], Venue[]> = { conference: [], journal: [] };

  beforeAll(() => {
    const { dir } = real();
    venues.conference = JSON.parse(readFileSync(join(dir, "conferences.json"), "utf8")).conferences;
    venues.journal = JSON.parse(readFileSync(join(dir, "journals.json"), "utf8")).journals;
  });

  /** The venue a label names: by kind and full name, the acronym deciding between namesakes. */
  function find(label: Label): Venue | string {
    const byName = venues[label.kind].filter((v) => fold(v.full_name) === fold(label.full_name));
    const found =
      byName.length > 1 ? byName.filter((v) => fold(v.short_name) === fold(label.short_name)) : byName;
    return found.length === 1 ? (found[0] as Venue) : `${label.full_name}: found ${found.length} times`;
  }

  it(`gives the labelled venues fields that are right at least ${PRECISION_FLOOR * 100} % of the time`, () => {
    const labels = loadLabels();
    const missing: string[] = [];
    const wrong: string[] = [];
    let given = 0;
    for (const label of labels) {
      const venue = find(label);
      if (typeof venue === "string") {
        missing.push(venue);
        continue;
      }
      given += venue.fields.length;
      for (const field of venue.fields)
        if (!label.fields.includes(field as ResearchField)) wrong.push(`${label.full_name}: ${field}`);
    }
    expect(missing).toEqual([]);
    expect(given).toBeGreaterThan(labels.length);
    const precision = (given - wrong.length) / given;
    expect(precision, `wrong fields:\n${wrong.join("\n")}`).toBeGreaterThanOrEqual(PRECISION_FLOOR);
  });

  it("keeps operating-systems and architecture venues out of se, and Pattern Recognition too", () => {
    const se = (kind: Label["kind"]) => venues[kind].filter((v) => v.fields.includes("se"));
    const osAndArchitecture = ["OSDI", "SOSP", "ISCA", "SIGMETRICS", "HotOS", "MICRO", "HPCA", "EuroSys"];
    expect(se("conference").filter((v) => osAndArchitecture.includes(v.short_name ?? ""))).toEqual([]);
    const systems = venues.conference.filter((v) => ["OSDI", "SOSP", "HotOS"].includes(v.short_name ?? ""));
    expect(systems.length).toBeGreaterThanOrEqual(3);
    for (const v of systems) expect(v.fields, v.short_name ?? "").toContain("systems");
    expect(se("journal").filter((v) => v.full_name.startsWith("Pattern Recognition"))).toEqual([]);
    // The field still means what it says.
    const icse = venues.conference.find(
      (v) => v.full_name === "International Conference on Software Engineering",
    );
    expect(icse?.fields).toContain("se");
  });

  it("finds conferences under every one of the reference's 21 fields", () => {
    const empty = REFERENCE_FIELDS.filter((f) => !venues.conference.some((v) => v.fields.includes(f)));
    expect(empty).toEqual([]);
  });

  it("marks fields inferred from the title in provenance and counts them in the build report", () => {
    const { dir } = real();
    const details = JSON.parse(readFileSync(join(dir, "details.json"), "utf8"));
    const conferenceDetails = details.conferences as { sources: { source: string; key: string }[] }[];
    const inferred = conferenceDetails.filter((d) =>
      d.sources.some((s) => s.source === INFERRED_FIELDS_SOURCE),
    );
    expect(inferred.length).toBeGreaterThan(100);
    const report = JSON.parse(readFileSync(join(dir, "build-report.json"), "utf8")) as BuildReport;
    const byField = new Map(report.field_coverage.map((c) => [c.field, c]));
    for (const field of REFERENCE_FIELDS) expect(byField.get(field)?.conferences, field).toBeGreaterThan(0);
    const inferredTotal = report.field_coverage.reduce((n, c) => n + c.conferences_inferred, 0);
    expect(inferredTotal).toBeGreaterThanOrEqual(inferred.length);
    const markdown = readFileSync(join(dir, "build-report.md"), "utf8");
    expect(markdown).toMatch(/## Research fields[\s\S]*\| ee \| \d+ \| \d+ \|/);
  });
});
