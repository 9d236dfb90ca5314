/**
 * Writes one dated snapshot (public JSON / CSV / Parquet, internal details and build report, manifest) and
 * publishes it atomically: everything is validated and written into a temporary directory first, renamed into
 * place, and only then does `latest` switch. A failed build leaves `latest` and every older snapshot as they were.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import {
  CHANGES_FEED,
  CHANGES_FILE,
  DATABASE,
  DATAPACKAGE,
  DETAILS,
  IDS,
  MANIFEST,
  MERGED,
  OUTLOOK_TABLE,
} from "../../snapshot/files.ts";
import {
  AcceptanceTableRow,
  AliasTableRow,
  type ConferenceDetailData,
  ConferenceRow,
  DeadlineTableRow,
  EditionTableRow,
  type JournalDetailData,
  JournalRow,
  Manifest,
  OutlookTableRow,
  RankHistoryTableRow,
  SpecialIssueRow,
} from "../../snapshot/records.ts";
import { type DetailTables, detailTables } from "./bulk-tables.ts";
import { mergedIds } from "./changes.ts";
import { CHANGES_DOCUMENTS, writeChanges } from "./changes-files.ts";
import {
  type DatasetName,
  type DetailLine,
  describeId,
  issues,
  type SnapshotContent,
  type ValidContent,
  validateContent,
} from "./content.ts";
import { dataPackage } from "./datapackage.ts";
import { describeFiles, randomSuffix, syncPath, writeDurable } from "./durable-files.ts";
import { jsonDocument, jsonLines } from "./json-document.ts";
import {
  publicColumnTypes,
  publicRow,
  type Row,
  type TableSpec,
  writeDatabase,
  writeTable,
} from "./public-tables.ts";
import { pruneSnapshots, publish, SNAPSHOT_KEEP_DAYS_DEFAULT } from "./publish.ts";

// ---------------------------------------------------------------------------------------------------------------
// Public datasets

interface PublicDataset extends TableSpec {
  name:
    | "conferences"
    | "journals"
    | "special-issues"
    | "deadlines"
    | "outlook"
    | "editions"
    | "acceptance"
    | "rank-history"
    | "aliases";
  /** Also the key of the manifest count. */
  arrayKey:
    | "conferences"
    | "journals"
    | "special_issues"
    | "deadlines"
    | "outlook"
    | "editions"
    | "acceptance"
    | "rank_history"
    | "aliases";
  title: string;
  note: string;
  /** How errors name a record. */
  label: (row: Row) => string;
}

/** A venue list's dataset: one row a venue, named and linked by its own id. */
const venueDataset = (
  venue: "conference" | "journal",
  spec: Pick<PublicDataset, "name" | "arrayKey" | "title" | "note" | "schema">,
): PublicDataset => ({
  ...spec,
  venueOf: () => venue,
  idField: "id",
  detailPageAfter: "updated_at",
  label: (row) => `${venue} ${describeId(row.id)}`,
});

const DATASETS: readonly PublicDataset[] = [
  venueDataset("conference", {
    name: "conferences",
    arrayKey: "conferences",
    title: "Conferences",
    note: "Every conference in the directory: current-edition dates, CCF / CORE / QUALIS ranks side by side, and the cp_index score (see docs/cp-index.md).",
    schema: ConferenceRow,
  }),
  venueDataset("journal", {
    name: "journals",
    arrayKey: "journals",
    title: "Journals",
    note: "Every journal in the directory: publisher, ISSNs, CCF rank and SCImago metrics.",
    schema: JournalRow,
  }),
  {
    name: "special-issues",
    arrayKey: "special_issues",
    title: "Journal special issues",
    note: "Special-issue calls for papers, open and past; detail_page is the journal's page.",
    schema: SpecialIssueRow,
    venueOf: () => "journal",
    idField: "journal_id",
    detailPageAfter: "journal_id",
    label: (row) =>
      `special issue ${JSON.stringify(row.title ?? "")} of journal ${describeId(row.journal_id)}`,
  },
];

/** A bulk table: rows derived when it is written, from the validated details (or the alias list). */
interface BulkTable {
  dataset: PublicDataset;
  /** Which of the derived row lists the table writes. */
  rows: keyof DetailTables | "aliases";
}

/** The details again as records, one at a time (they are held as their JSON lines). */
function* detailRecords<T>(lines: readonly DetailLine[]): Generator<T> {
  for (const line of lines) yield JSON.parse(line.json) as T;
}

/**
 * A bulk table's dataset. Rows name their venue by `conference_id`, or (tables of both kinds) by `venue_id` with
 * `kind` saying which page `detail_page` links.
 */
const bulkDataset = (
  spec: Pick<PublicDataset, "name" | "arrayKey" | "title" | "note" | "schema">,
  idField: "conference_id" | "venue_id",
): PublicDataset => ({
  ...spec,
  venueOf: (row) => (idField === "venue_id" && row.kind === "journal" ? "journal" : "conference"),
  idField,
  detailPageAfter: idField,
  label: (row) =>
    `${spec.title.toLowerCase()} row of ${idField === "venue_id" ? String(row.kind) : "conference"} ${describeId(row[idField])}`,
});

const BULK_TABLES: readonly BulkTable[] = [
  {
    dataset: bulkDataset(
      {
        name: "deadlines",
        arrayKey: "deadlines",
        title: "Deadlines",
        note: "Every typed deadline of every known edition as published (date, time and zone) with its exact UTC instant, then the expected deadlines of the next edition (estimated = true, with their window and confidence; never announced data).",
        schema: DeadlineTableRow,
      },
      "conference_id",
    ),
    rows: "deadlines",
  },
  {
    dataset: bulkDataset(
      {
        name: OUTLOOK_TABLE,
        arrayKey: "outlook",
        title: "Submission outlook",
        note: "Every venue's submission deadlines that matter now, one row per abstract or paper deadline of each round: announced (source, exact instant or date only) or estimated from the venue's own history (window, confidence, cycle years), with the venue's outlook state and is_next marking its next submission deadline (docs/pipeline.md).",
        schema: OutlookTableRow,
      },
      "conference_id",
    ),
    rows: "outlook",
  },
  {
    dataset: bulkDataset(
      {
        name: "editions",
        arrayKey: "editions",
        title: "Editions",
        note: "Every known edition of every conference: dates, place and country, with the sources that give it.",
        schema: EditionTableRow,
      },
      "conference_id",
    ),
    rows: "editions",
  },
  {
    dataset: bulkDataset(
      {
        name: "acceptance",
        arrayKey: "acceptance",
        title: "Acceptance history",
        note: "Submitted and accepted papers and the acceptance rate per year and track, with the source of each figure (rows of source openaccept: OpenAccept, CC BY-SA 4.0).",
        schema: AcceptanceTableRow,
      },
      "conference_id",
    ),
    rows: "acceptance",
  },
  {
    dataset: bulkDataset(
      {
        name: "rank-history",
        arrayKey: "rank_history",
        title: "Rank history",
        note: "Every rank claim of every venue: the system, the list edition (CCF2026, ICORE2026, CORE2023, QUALIS2017-2020 ...) and the source.",
        schema: RankHistoryTableRow,
      },
      "venue_id",
    ),
    rows: "rank_history",
  },
  {
    dataset: bulkDataset(
      {
        name: "aliases",
        arrayKey: "aliases",
        title: "Aliases",
        note: "Names a venue is also known by: former names, nicknames, other lists' acronyms and titles. Search matches them.",
        schema: AliasTableRow,
      },
      "venue_id",
    ),
    rows: "aliases",
  },
];

/** Every public table, venue tables first. */
const PUBLIC_DATASETS: readonly PublicDataset[] = [...DATASETS, ...BULK_TABLES.map((t) => t.dataset)];

// ---------------------------------------------------------------------------------------------------------------
// Writing and publishing

/** The counts of the manifest, one per public table. */
type TableCounts = Record<PublicDataset["arrayKey"], number>;

/** Every public table with its rows; the bulk tables derived in one pass over the details, each let go once written. */
function* publicTables(
  content: SnapshotContent,
  valid: ValidContent,
): Generator<{ dataset: PublicDataset; rows: Row[] }> {
  for (const dataset of DATASETS) yield { dataset, rows: valid.rows[dataset.name as DatasetName] };
  const derived: Partial<Record<BulkTable["rows"], Row[]>> = {
    ...(detailTables(
      detailRecords<ConferenceDetailData>(valid.conferenceDetails),
      detailRecords<JournalDetailData>(valid.journalDetails),
    ) as unknown as Record<keyof DetailTables, Row[]>),
    aliases: content.aliases ?? [],
  };
  for (const table of BULK_TABLES) {
    const rows = derived[table.rows] ?? [];
    delete derived[table.rows];
    yield { dataset: table.dataset, rows };
  }
}

/** Writes each public table as JSON, CSV and Parquet, then the DuckDB database of them all. */
async function writePublicTables(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  baseUrl: string,
) {
  const header = (dataset: PublicDataset, count: number) => ({
    title: dataset.title,
    note: dataset.note,
    generated_at: content.generatedAt,
    count,
    attribution: `Venue Directory (${baseUrl}). Link each venue's detail_page when you reuse its data.`,
    terms: content.terms,
    license_notes: content.sources.map((s) => `${s.name} (${s.license}): ${s.attribution}`),
  });
  const names: string[] = [];
  const counts: TableCounts = {
    conferences: 0,
    journals: 0,
    special_issues: 0,
    deadlines: 0,
    outlook: 0,
    editions: 0,
    acceptance: 0,
    rank_history: 0,
    aliases: 0,
  };
  // The version hashes the published rows, not the file bytes: a rebuild of the same data keeps its version
  // whatever generated_at says.
  const versionHash = createHash("sha256");
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  try {
    for (const { dataset, rows } of publicTables(content, valid)) {
      await writeTable(db, dir, dataset, rows, header(dataset, rows.length), { baseUrl, versionHash });
      counts[dataset.arrayKey] = rows.length;
      names.push(`${dataset.name}.json`, `${dataset.name}.csv`, `${dataset.name}.parquet`);
    }
    await writeDatabase(db, dir, PUBLIC_DATASETS);
    names.push(DATABASE);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
  return { names, counts, version: `${content.date}-${versionHash.digest("hex").slice(0, 8)}` };
}

/** Writes the changes files (changes-files.ts) over the venues' public rows; returns their names. */
async function writeChangesFiles(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  options: Parameters<typeof writeChanges>[3],
) {
  const publicRows = function* (name: "conferences" | "journals") {
    const dataset = DATASETS.find((d) => d.name === name) as PublicDataset;
    for (const row of valid.rows[name]) yield publicRow(dataset, row, options.baseUrl);
  };
  await writeChanges(
    dir,
    content,
    { conferences: publicRows("conferences"), journals: publicRows("journals") },
    options,
  );
  return [CHANGES_FILE, CHANGES_FEED];
}

/** Writes the files never served (details, id registry, merged ids, build report); returns their names. */
async function writeInternalFiles(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  merged: ReturnType<typeof mergedIds>,
) {
  const internal: Record<string, string | Iterable<string>> = {
    [DETAILS]: jsonDocument(
      {},
      {
        conferences: jsonLines(valid.conferenceDetails, (d) => d.json),
        journals: jsonLines(valid.journalDetails, (d) => d.json),
      },
    ),
    [IDS]: `${JSON.stringify(content.idRegistry, null, 2)}\n`,
    // The server needs only the merged ids, not the whole registry (hundreds of megabytes at scale).
    [MERGED]: `${JSON.stringify(merged)}\n`,
    "build-report.json": `${JSON.stringify(content.report.json, null, 2)}\n`,
    "build-report.md": content.report.markdown,
  };
  for (const [name, text] of Object.entries(internal)) await writeDurable(join(dir, name), text);
  return Object.keys(internal);
}

/** Writes the data package and then the manifest, which lists every file written before it. */
async function writeManifest(
  dir: string,
  content: SnapshotContent,
  written: {
    baseUrl: string;
    version: string;
    counts: TableCounts;
    publicNames: string[];
    internalNames: string[];
  },
): Promise<Manifest> {
  const { baseUrl, version } = written;
  const files = await describeFiles(dir, written.publicNames);
  const pkg = dataPackage({
    version,
    date: content.date,
    baseUrl,
    terms: content.terms,
    sources: content.sources,
    files,
    tables: PUBLIC_DATASETS.map((dataset) => ({
      name: dataset.name,
      title: dataset.title,
      description: dataset.note,
      jsonRowsKey: dataset.arrayKey,
      columns: Object.entries(publicColumnTypes(dataset)).map(([name, type]) => ({ name, type })),
    })),
    database: { name: DATABASE, tables: PUBLIC_DATASETS.map((d) => d.arrayKey) },
    documents: CHANGES_DOCUMENTS,
  });
  await writeDurable(join(dir, DATAPACKAGE), `${JSON.stringify(pkg, null, 2)}\n`);
  files.push(...(await describeFiles(dir, [DATAPACKAGE])));
  const manifest = Manifest.parse({
    version,
    date: content.date,
    generated_at: content.generatedAt,
    base_url: baseUrl,
    counts: written.counts,
    files,
    internal_files: await describeFiles(dir, written.internalNames),
    sources: content.sources,
    terms: content.terms,
  });
  await writeDurable(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Writes every file of the snapshot into `dir` (which exists and is empty); returns the manifest. */
async function writeFiles(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  place: { snapshotsDir: string; keepDays: number },
): Promise<Manifest> {
  const baseUrl = content.baseUrl.replace(/\/+$/, "");
  const tables = await writePublicTables(dir, content, valid, baseUrl);
  const merged = mergedIds(content.idRegistry);
  const changes = await writeChangesFiles(dir, content, valid, { baseUrl, ...place, merged });
  const internalNames = await writeInternalFiles(dir, content, valid, merged);
  const manifest = await writeManifest(dir, content, {
    baseUrl,
    version: tables.version,
    counts: tables.counts,
    publicNames: [...tables.names, ...changes],
    internalNames,
  });
  await syncPath(dir);
  return manifest;
}

/**
 * Validates the content, writes `snapshotsDir/<date>/` and switches `snapshotsDir/latest` to it. Throws (with
 * every invalid record named) before touching the disk when a record is invalid; on any later failure the temp
 * dir is removed and the previous snapshots and `latest` are left as they were.
 */
export async function writeSnapshot(
  snapshotsDir: string,
  content: SnapshotContent,
  options: { keepDays?: number } = {},
): Promise<{ dir: string; manifest: Manifest }> {
  const valid = validateContent(content, DATASETS);
  await mkdir(snapshotsDir, { recursive: true });
  const tmp = join(snapshotsDir, `.tmp-${content.date}-${randomSuffix()}`);
  await mkdir(tmp);
  const keepDays = options.keepDays ?? SNAPSHOT_KEEP_DAYS_DEFAULT;
  let manifest: Manifest;
  try {
    manifest = await writeFiles(tmp, content, valid, { snapshotsDir, keepDays });
    await publish(snapshotsDir, tmp, content.date);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  await pruneSnapshots(snapshotsDir, content.date, keepDays);
  return { dir: resolve(snapshotsDir, content.date), manifest };
}

/** Reads and validates `<snapshotDir>/manifest.json`. */
export async function readManifest(snapshotDir: string): Promise<Manifest> {
  const path = join(snapshotDir, MANIFEST);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read snapshot manifest ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`snapshot manifest ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    throw new Error(`snapshot manifest ${path} is invalid:\n${issues("manifest", parsed.error).join("\n")}`);
  }
  return parsed.data;
}
