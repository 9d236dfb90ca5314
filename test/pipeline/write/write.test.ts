import { createHash } from "node:crypto";
import { readdirSync, realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { readManifest, writeSnapshot } from "../../../pipeline/write/write.ts";
import { ConferenceRow, JournalRow, SpecialIssueRow } from "../../../snapshot/records.ts";
import { unparsedCsv } from "../../helpers/csv.ts";
import * as make from "../../helpers/rows.ts";

import {
  BASE_URL,
  BULK,
  content,
  DATE,
  journals,
  scored,
  snapshotsRootPerTest,
  unscored,
} from "../../helpers/write-content.ts";

/** Every public table: file base name and the key of its rows in the JSON file. */
const TABLES = [
  ["conferences", "conferences"],
  ["journals", "journals"],
  ["special-issues", "special_issues"],
  ["deadlines", "deadlines"],
  ["outlook", "outlook"],
  ["editions", "editions"],
  ["acceptance", "acceptance"],
  ["rank-history", "rank_history"],
  ["aliases", "aliases"],
] as const;

const PUBLIC_FILES = [
  ...TABLES.map(([n]) => n).flatMap((n) => ["json", "csv", "parquet"].map((ext) => `${n}.${ext}`)),
  "venues.duckdb",
  "changes.json",
  "changes.atom",
  "datapackage.json",
];
const INTERNAL_FILES = ["details.json", "ids.json", "merged.json", "build-report.json", "build-report.md"];

/** The schema fields with detail_page right after `anchor`: the expected public column order. */
function publicColumns(schema: z.ZodObject, anchor: string): string[] {
  return Object.keys(schema.shape).flatMap((k) => (k === anchor ? [k, "detail_page"] : [k]));
}

/**
 * Decodes a CSV record by trying, per field, the readings a cell can have (text, number, boolean, ";"-list,
 * JSON, empty = null / "" / []) and keeping the first the row schema accepts.
 */
function decodeCsvRecord(schema: z.ZodObject, record: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([field, fieldSchema]) => {
      const cell = record[field] ?? "";
      const readings: unknown[] =
        cell === ""
          ? [null, "", []]
          : [
              cell,
              Number(cell),
              cell === "true" ? true : cell === "false" ? false : undefined,
              cell.split(";"),
            ];
      if (cell.startsWith("{")) readings.push(JSON.parse(cell));
      return [
        field,
        readings.find((r) => r !== undefined && (fieldSchema as z.ZodType).safeParse(r).success),
      ];
    }),
  );
}

async function readParquet(path: string) {
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  try {
    const described = await db.runAndReadAll(`DESCRIBE SELECT * FROM '${path}'`);
    const rows = await db.runAndReadAll(`SELECT * FROM '${path}' ORDER BY 1`);
    return {
      types: Object.fromEntries(
        described.getRowObjectsJson().map((r) => [String(r.column_name), String(r.column_type)]),
      ),
      rows: rows.getRowObjectsJS(),
    };
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

/**
 * Parquet table `name` of `dir`, after checking that its columns are the public columns of `schema` in order and
 * that the columns named in `types` have those types.
 */
async function readPublicParquet(
  dir: string,
  name: string,
  schema: z.ZodObject,
  anchor: string,
  types: Record<string, string>,
) {
  const table = await readParquet(join(dir, `${name}.parquet`));
  expect(Object.keys(table.types)).toEqual(publicColumns(schema, anchor));
  expect(table.types).toMatchObject(types);
  return table;
}

const root = snapshotsRootPerTest();

describe("writeSnapshot: files", () => {
  it("writes the public and internal files and a manifest whose hashes match the bytes", async () => {
    const { dir, manifest } = await writeSnapshot(root(), content());

    expect(dir).toBe(join(realpathSync(root()), DATE));
    expect(readdirSync(dir).sort()).toEqual([...PUBLIC_FILES, ...INTERNAL_FILES, "manifest.json"].sort());
    expect(manifest.files.map((f) => f.name).sort()).toEqual([...PUBLIC_FILES].sort());
    expect(manifest.internal_files.map((f) => f.name).sort()).toEqual([...INTERNAL_FILES].sort());
    for (const file of [...manifest.files, ...manifest.internal_files]) {
      const bytes = await readFile(join(dir, file.name));
      expect(file.bytes).toBe(bytes.length);
      expect(file.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    expect(manifest.version).toMatch(/^2026-08-22-[0-9a-f]{8}$/);
    expect(manifest).toMatchObject({
      date: DATE,
      generated_at: `${DATE}T04:00:00Z`,
      counts: { conferences: 2, journals: 2, special_issues: 1 },
      sources: [make.sourceInfo()],
      terms: content().terms,
    });
    expect(await readManifest(dir)).toEqual(manifest);
    expect(JSON.parse(await readFile(join(dir, "ids.json"), "utf8"))).toEqual(content().idRegistry);
    expect(await readFile(join(dir, "build-report.md"), "utf8")).toBe(content().report.markdown);
    expect(JSON.parse(await readFile(join(dir, "details.json"), "utf8"))).toEqual({
      conferences: content().conferenceDetails,
      journals: content().journalDetails,
    });
  });

  it("derives the manifest version from the content, not the build time", async () => {
    const first = await writeSnapshot(root(), content());
    const again = await writeSnapshot(root(), content({ generatedAt: `${DATE}T05:00:00Z` }));
    const changed = await writeSnapshot(root(), content({ conferences: [scored] }));
    expect(again.manifest.version).toBe(first.manifest.version);
    expect(changed.manifest.version).not.toBe(first.manifest.version);
  });

  it("writes JSON as a header plus rows carrying detail_page right after updated_at", async () => {
    const { dir } = await writeSnapshot(root(), content());
    const doc = JSON.parse(await readFile(join(dir, "conferences.json"), "utf8"));
    expect(Object.keys(doc)).toEqual([
      "title",
      "note",
      "generated_at",
      "count",
      "attribution",
      "terms",
      "license_notes",
      "conferences",
    ]);
    expect(doc).toMatchObject({ generated_at: `${DATE}T04:00:00Z`, count: 2, terms: content().terms });
    expect(doc.license_notes).toEqual([expect.stringContaining("ccfddl/ccf-deadlines (MIT)")]);
    expect(doc.attribution).toContain(BASE_URL);

    const [row] = doc.conferences;
    expect(Object.keys(row)).toEqual(publicColumns(ConferenceRow, "updated_at"));
    expect(row.detail_page).toBe(`${BASE_URL}/conference/101`);
    const { detail_page: _, ...rest } = row;
    expect(rest).toEqual(scored);

    const journalsDoc = JSON.parse(await readFile(join(dir, "journals.json"), "utf8"));
    expect(journalsDoc.journals.map((j: { detail_page: string }) => j.detail_page)).toEqual([
      `${BASE_URL}/journal/201`,
      `${BASE_URL}/journal/202`,
    ]);
    const issues = JSON.parse(await readFile(join(dir, "special-issues.json"), "utf8"));
    expect(Object.keys(issues.special_issues[0])).toEqual(publicColumns(SpecialIssueRow, "journal_id"));
    expect(issues.special_issues[0].detail_page).toBe(`${BASE_URL}/journal/202`);
  });

  it("writes CSV that round-trips through papaparse", async () => {
    const { dir } = await writeSnapshot(root(), content());
    const cases = [
      { file: "conferences.csv", schema: ConferenceRow, anchor: "updated_at", rows: [scored, unscored] },
      { file: "journals.csv", schema: JournalRow, anchor: "updated_at", rows: journals },
    ];
    for (const { file, schema, anchor, rows } of cases) {
      const parsed = Papa.parse<Record<string, string>>(await readFile(join(dir, file), "utf8"), {
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toEqual(publicColumns(schema, anchor));
      expect(parsed.data.map((record) => decodeCsvRecord(schema, record))).toEqual(rows);
    }
  });

  it("quotes CSV cells exactly as papaparse's unparse does", async () => {
    const awkward = [
      "plain",
      "comma, inside",
      'a "quoted" word',
      "line\nbreak",
      "carriage\rreturn",
      "\ufeffmark",
      " leading space",
      "trailing space ",
      "",
    ];
    const rows = awkward.map((text, i) =>
      make.conferenceRow({ id: String(300 + i), full_name: text, location: text || null }),
    );
    const { dir } = await writeSnapshot(root(), content({ conferences: [scored, ...rows] }));
    const published: Record<string, unknown>[] = JSON.parse(
      await readFile(join(dir, "conferences.json"), "utf8"),
    ).conferences;
    expect(await readFile(join(dir, "conferences.csv"), "utf8")).toBe(unparsedCsv(published));
  });

  it("writes Parquet with the public columns, typed: DATE, BOOLEAN, STRUCT cp_index, LIST fields", async () => {
    const { dir } = await writeSnapshot(root(), content());
    const conferences = await readPublicParquet(dir, "conferences", ConferenceRow, "updated_at", {
      id: "VARCHAR",
      submission_date: "DATE",
      notification_date: "DATE",
      conference_date: "DATE",
      updated_at: "DATE",
      is_extended: "BOOLEAN",
      fields: "VARCHAR[]",
      views: "BIGINT",
      acceptance_rate: "DOUBLE",
      editions_count: "INTEGER",
      detail_page: "VARCHAR",
    });
    expect(conferences.types.cp_index).toBe(
      'STRUCT(score DOUBLE, confidence DOUBLE, "version" VARCHAR, breakdown STRUCT("name" VARCHAR, "value" DOUBLE, weight DOUBLE, known BOOLEAN)[])',
    );
    const [first, second] = conferences.rows;
    expect(first).toMatchObject({
      id: "101",
      fields: ["ai", "ml"],
      views: 1200n,
      is_extended: false,
      detail_page: `${BASE_URL}/conference/101`,
    });
    expect(first?.cp_index).toEqual(scored.cp_index);
    expect(second).toMatchObject({ id: "102", fields: [], cp_index: null, submission_date: null });

    const journalFile = await readPublicParquet(dir, "journals", JournalRow, "updated_at", {
      issns: "VARCHAR[]",
      sjr: "DOUBLE",
      h_index: "INTEGER",
      updated_at: "DATE",
    });
    expect(journalFile.rows.map((r) => r.issns)).toEqual([["1234-5678", "8765-4321"], []]);

    const issues = await readPublicParquet(dir, "special-issues", SpecialIssueRow, "journal_id", {
      submission_date: "DATE",
    });
    expect(issues.rows).toHaveLength(1);
  });

  it("Parquet dates compare with DATE literals without casts; JSON, CSV and Parquet share columns and rows", async () => {
    const { dir } = await writeSnapshot(root(), content(BULK));
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      const after = await db.runAndReadAll(
        `SELECT id FROM '${join(dir, "conferences.parquet")}' WHERE submission_date >= DATE '2026-01-01' AND cp_index.score > 0`,
      );
      expect(after.getRowObjectsJson()).toEqual([{ id: "101" }]);
      for (const [name, key] of TABLES) {
        const parquet = await readParquet(join(dir, `${name}.parquet`));
        const json = JSON.parse(await readFile(join(dir, `${name}.json`), "utf8"))[key] as Record<
          string,
          unknown
        >[];
        const csv = Papa.parse<Record<string, string>>(await readFile(join(dir, `${name}.csv`), "utf8"), {
          header: true,
          skipEmptyLines: true,
        });
        expect(Object.keys(json[0] ?? {}), name).toEqual(Object.keys(parquet.types));
        expect(csv.meta.fields, name).toEqual(Object.keys(parquet.types));
        expect(json.length, name).toBe(parquet.rows.length);
        expect(csv.data.length, name).toBe(parquet.rows.length);
      }
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it("publishes what the details hold as bulk tables: deadlines with estimates flagged, editions, acceptance, rank history, aliases", async () => {
    const { dir, manifest } = await writeSnapshot(root(), content(BULK));
    expect(manifest.counts).toMatchObject({
      deadlines: 2,
      outlook: 2,
      editions: 1,
      acceptance: 1,
      rank_history: 2,
      aliases: 1,
    });
    const deadlines = await readParquet(join(dir, "deadlines.parquet"));
    expect(deadlines.types).toMatchObject({
      edition_year: "INTEGER",
      date: "DATE",
      utc: "TIMESTAMP WITH TIME ZONE",
      estimated: "BOOLEAN",
      based_on: "INTEGER[]",
    });
    const [announced, estimated] = deadlines.rows;
    expect(announced).toMatchObject({
      conference_id: "101",
      detail_page: `${BASE_URL}/conference/101`,
      edition_year: 2026,
      time: "23:59:59",
      timezone: "AoE",
      estimated: false,
      source: "ccfddl",
    });
    expect(announced?.utc).toEqual(new Date("2026-05-16T11:59:59Z"));
    expect(estimated).toMatchObject({
      edition_year: 2027,
      estimated: true,
      utc: null,
      confidence: 0.7,
      based_on: [2025, 2026],
    });
    const outlook = await readParquet(join(dir, "outlook.parquet"));
    expect(outlook.types).toMatchObject({
      closes_at: "TIMESTAMP WITH TIME ZONE",
      is_next: "BOOLEAN",
      date: "DATE",
    });
    expect(outlook.rows).toMatchObject([
      {
        conference_id: "101",
        cycle_year: 2026,
        estimated: false,
        is_next: false,
        state: "closed",
        source: "ccfddl",
      },
      {
        conference_id: "101",
        cycle_year: 2027,
        estimated: true,
        is_next: true,
        state: "closed",
        latest: new Date("2027-05-28"),
      },
    ]);
    expect((await readParquet(join(dir, "editions.parquet"))).rows).toMatchObject([
      { conference_id: "101", year: 2026, place: "Lisbon, Portugal", sources: ["ccfddl"] },
    ]);
    expect((await readParquet(join(dir, "acceptance.parquet"))).rows).toMatchObject([
      { conference_id: "101", year: 2025, rate: 0.25, source: "openaccept" },
    ]);
    const ranks = (await readParquet(join(dir, "rank-history.parquet"))).rows;
    expect(ranks.map((r) => r.detail_page)).toEqual([
      `${BASE_URL}/conference/101`,
      `${BASE_URL}/journal/201`,
    ]);
    expect((await readParquet(join(dir, "aliases.parquet"))).rows).toMatchObject([
      { venue_id: "101", alias: "TC" },
    ]);
  });

  it("datapackage.json describes every public file, column, type, licence and attribution", async () => {
    const { dir, manifest } = await writeSnapshot(root(), content(BULK));
    const pkg = JSON.parse(await readFile(join(dir, "datapackage.json"), "utf8"));
    expect(pkg.version).toBe(manifest.version);
    expect(pkg.licenses.map((l: { name: string }) => l.name)).toEqual(
      content().sources.map((s) => s.license),
    );
    expect(pkg.attribution).toContain(BASE_URL);
    const resources = new Map(pkg.resources.map((r: { path: string }) => [r.path, r]));
    for (const file of manifest.files.filter((f) => f.name !== "datapackage.json")) {
      expect(resources.get(file.name), file.name).toMatchObject({
        bytes: file.bytes,
        hash: `sha256:${file.sha256}`,
      });
    }
    for (const [name] of TABLES) {
      const parquet = await readParquet(join(dir, `${name}.parquet`));
      for (const ext of ["json", "csv", "parquet"]) {
        const fields = (
          resources.get(`${name}.${ext}`) as { schema: { fields: { name: string; duckdb_type: string }[] } }
        ).schema.fields;
        expect(Object.fromEntries(fields.map((f) => [f.name, f.duckdb_type])), `${name}.${ext}`).toEqual(
          parquet.types,
        );
      }
    }
    const dates = (
      resources.get("conferences.csv") as { schema: { fields: { name: string; type: string }[] } }
    ).schema.fields;
    expect(dates.find((f) => f.name === "submission_date")?.type).toBe("date");
  });

  it("venues.duckdb: one ATTACH gives every table, typed as the Parquet files", async () => {
    const { dir, manifest } = await writeSnapshot(root(), content());
    const instance = await DuckDBInstance.create(":memory:");
    const db = await instance.connect();
    try {
      await db.run(`ATTACH '${join(dir, "venues.duckdb")}' AS venues (READ_ONLY)`);
      for (const [table, count] of Object.entries(manifest.counts)) {
        const rows = await db.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM venues.${table}`);
        expect(rows.getRowObjectsJson()[0]?.n, table).toBe(count);
      }
      const typed = await db.runAndReadAll(
        "SELECT id FROM venues.conferences WHERE submission_date < DATE '2030-01-01' ORDER BY id",
      );
      expect(typed.getRowObjectsJson()).toEqual([{ id: "101" }]);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it("writes valid empty files when a dataset has no rows", async () => {
    const { dir, manifest } = await writeSnapshot(root(), content({ specialIssues: [] }));
    expect(manifest.counts.special_issues).toBe(0);
    expect(JSON.parse(await readFile(join(dir, "special-issues.json"), "utf8")).special_issues).toEqual([]);
    expect((await readParquet(join(dir, "special-issues.parquet"))).rows).toEqual([]);
  });
});
