/**
 * Writes one dated snapshot (public JSON / CSV / Parquet, internal details and build report, manifest) and
 * publishes it atomically: everything is validated and written into a temporary directory first, renamed into
 * place, and only then does `latest` switch. A failed build leaves `latest` and every older snapshot as they were.
 */
import { createHash, type Hash, randomBytes } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, symlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { z } from "zod";
import {
  DATABASE,
  DATAPACKAGE,
  DETAILS,
  IDS,
  LATEST,
  MANIFEST,
  MERGED,
  RECORD_INDENT,
  RECORD_SEPARATOR,
} from "../../snapshot/files.ts";
import {
  AcceptanceTableRow,
  AliasTableRow,
  ConferenceDetailData,
  ConferenceRow,
  DeadlineTableRow,
  EditionTableRow,
  IsoDate,
  JournalDetailData,
  JournalRow,
  Manifest,
  RankHistoryTableRow,
  SourceInfo,
  SpecialIssueRow,
} from "../../snapshot/records.ts";
import { type DetailTables, detailTables } from "./bulk-tables.ts";
import {
  CHANGES_FEED,
  CHANGES_FILE,
  changesFeed,
  computeChanges,
  feedDay,
  keptFeedDays,
  mergedIds,
  readPreviousSnapshot,
} from "./changes.ts";
import { dataPackage } from "./datapackage.ts";

type SourceInfoRecord = z.infer<typeof SourceInfo>;
type ManifestFile = Manifest["files"][number];

export interface SnapshotContent {
  /** YYYY-MM-DD, the build date (UTC); names the snapshot directory. */
  date: string;
  /** ISO instant. */
  generatedAt: string;
  /** PUBLIC_BASE_URL, for detail_page in the public JSON/CSV. */
  baseUrl: string;
  conferences: ConferenceRow[];
  journals: JournalRow[];
  specialIssues: SpecialIssueRow[];
  conferenceDetails: ConferenceDetailData[];
  journalDetails: JournalDetailData[];
  /** Written as ids.json (internal). */
  idRegistry: unknown;
  /** Names a venue is also known by (pipeline/aliases.yaml), written as aliases.parquet for search. */
  aliases?: { kind: "conference" | "journal"; venue_id: string; alias: string }[];
  /** build-report.json + build-report.md (internal). */
  report: { json: unknown; markdown: string };
  sources: SourceInfoRecord[];
  /** Terms / attribution text for the manifest and the JSON headers. */
  terms: string;
}

/** SNAPSHOT_KEEP_DAYS default: dated snapshots of the last this many days stay on disk (and are listed). */
export const SNAPSHOT_KEEP_DAYS_DEFAULT = 7;

const DATED_DIR = /^\d{4}-\d{2}-\d{2}$/;
/** Problems listed in a validation error before the rest are only counted. */
const PROBLEMS_SHOWN = 20;

// ---------------------------------------------------------------------------------------------------------------
// Public datasets

/** cp_index as a Parquet STRUCT, so `cp_index.score` reads without JSON functions (spelled as DuckDB prints it). */
const CP_INDEX_STRUCT =
  'STRUCT(score DOUBLE, confidence DOUBLE, "version" VARCHAR, breakdown STRUCT("name" VARCHAR, "value" DOUBLE, weight DOUBLE, known BOOLEAN)[])';

type ColumnType =
  | "VARCHAR"
  | "VARCHAR[]"
  | "BOOLEAN"
  | "INTEGER"
  | "BIGINT"
  | "DOUBLE"
  | "DATE"
  | "TIMESTAMP WITH TIME ZONE"
  | "INTEGER[]"
  | typeof CP_INDEX_STRUCT;
type Row = Record<string, unknown>;

/** Parquet types of every row field; `satisfies` makes a field added to the schema fail to compile until typed here. */
const CONFERENCE_COLUMNS = {
  id: "VARCHAR",
  short_name: "VARCHAR",
  full_name: "VARCHAR",
  submission_date: "DATE",
  notification_date: "DATE",
  conference_date: "DATE",
  location: "VARCHAR",
  ccf_rank: "VARCHAR",
  core_rank: "VARCHAR",
  qualis_rank: "VARCHAR",
  is_extended: "BOOLEAN",
  cp_index: CP_INDEX_STRUCT,
  estimated_submission_date: "DATE",
  updated_at: "DATE",
  fields: "VARCHAR[]",
  country: "VARCHAR",
  views: "BIGINT",
  acceptance_rate: "DOUBLE",
  editions_count: "INTEGER",
  reference_id: "BIGINT",
} as const satisfies Record<keyof ConferenceRow, ColumnType>;

const JOURNAL_COLUMNS = {
  id: "VARCHAR",
  short_name: "VARCHAR",
  full_name: "VARCHAR",
  impact_factor: "VARCHAR",
  publisher: "VARCHAR",
  issn: "VARCHAR",
  ccf_rank: "VARCHAR",
  updated_at: "DATE",
  issns: "VARCHAR[]",
  fields: "VARCHAR[]",
  sjr: "DOUBLE",
  sjr_quartile: "VARCHAR",
  h_index: "INTEGER",
  cites_per_doc_2y: "DOUBLE",
  sjr_year: "INTEGER",
  views: "BIGINT",
  reference_id: "BIGINT",
} as const satisfies Record<keyof JournalRow, ColumnType>;

const SPECIAL_ISSUE_COLUMNS = {
  journal_id: "VARCHAR",
  title: "VARCHAR",
  submission_date: "DATE",
  source: "VARCHAR",
} as const satisfies Record<keyof SpecialIssueRow, ColumnType>;

const DEADLINE_COLUMNS = {
  conference_id: "VARCHAR",
  edition_year: "INTEGER",
  type: "VARCHAR",
  label: "VARCHAR",
  date: "DATE",
  time: "VARCHAR",
  timezone: "VARCHAR",
  utc: "TIMESTAMP WITH TIME ZONE",
  source: "VARCHAR",
  estimated: "BOOLEAN",
  earliest: "DATE",
  latest: "DATE",
  confidence: "DOUBLE",
  rhythm: "VARCHAR",
  based_on: "INTEGER[]",
} as const satisfies Record<keyof DeadlineTableRow, ColumnType>;

const EDITION_COLUMNS = {
  conference_id: "VARCHAR",
  year: "INTEGER",
  start_date: "DATE",
  end_date: "DATE",
  date_text: "VARCHAR",
  place: "VARCHAR",
  country: "VARCHAR",
  sources: "VARCHAR[]",
} as const satisfies Record<keyof EditionTableRow, ColumnType>;

const ACCEPTANCE_COLUMNS = {
  conference_id: "VARCHAR",
  year: "INTEGER",
  submitted: "INTEGER",
  accepted: "INTEGER",
  rate: "DOUBLE",
  track: "VARCHAR",
  source: "VARCHAR",
} as const satisfies Record<keyof AcceptanceTableRow, ColumnType>;

const RANK_HISTORY_COLUMNS = {
  kind: "VARCHAR",
  venue_id: "VARCHAR",
  system: "VARCHAR",
  edition: "VARCHAR",
  rank: "VARCHAR",
  source: "VARCHAR",
} as const satisfies Record<keyof RankHistoryTableRow, ColumnType>;

const ALIAS_COLUMNS = {
  kind: "VARCHAR",
  venue_id: "VARCHAR",
  alias: "VARCHAR",
} as const satisfies Record<keyof AliasTableRow, ColumnType>;

interface PublicDataset {
  /** File base name: `<name>.json`, `.csv`, `.parquet`. */
  name:
    | "conferences"
    | "journals"
    | "special-issues"
    | "deadlines"
    | "editions"
    | "acceptance"
    | "rank-history"
    | "aliases";
  /** Key of the row array in the JSON file and of the manifest count. */
  arrayKey:
    | "conferences"
    | "journals"
    | "special_issues"
    | "deadlines"
    | "editions"
    | "acceptance"
    | "rank_history"
    | "aliases";
  title: string;
  note: string;
  schema: z.ZodObject;
  columns: Record<string, ColumnType>;
  /** Which venue page `detail_page` links, the field holding its id, and the field it follows. */
  venueOf: (row: Row) => "conference" | "journal";
  idField: string;
  detailPageAfter: string;
  /** How errors name a record. */
  label: (row: Row) => string;
}

const DATASETS: readonly PublicDataset[] = [
  {
    name: "conferences",
    arrayKey: "conferences",
    title: "Conferences",
    note: "Every conference in the directory: current-edition dates, CCF / CORE / QUALIS ranks side by side, and the cp_index score (see docs/cp-index.md).",
    schema: ConferenceRow,
    columns: CONFERENCE_COLUMNS,
    venueOf: () => "conference",
    idField: "id",
    detailPageAfter: "updated_at",
    label: (row) => `conference ${describeId(row.id)}`,
  },
  {
    name: "journals",
    arrayKey: "journals",
    title: "Journals",
    note: "Every journal in the directory: publisher, ISSNs, CCF rank and SCImago metrics.",
    schema: JournalRow,
    columns: JOURNAL_COLUMNS,
    venueOf: () => "journal",
    idField: "id",
    detailPageAfter: "updated_at",
    label: (row) => `journal ${describeId(row.id)}`,
  },
  {
    name: "special-issues",
    arrayKey: "special_issues",
    title: "Journal special issues",
    note: "Special-issue calls for papers, open and past; detail_page is the journal's page.",
    schema: SpecialIssueRow,
    columns: SPECIAL_ISSUE_COLUMNS,
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
  spec: Pick<PublicDataset, "name" | "arrayKey" | "title" | "note" | "schema" | "columns">,
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
        columns: DEADLINE_COLUMNS,
      },
      "conference_id",
    ),
    rows: "deadlines",
  },
  {
    dataset: bulkDataset(
      {
        name: "editions",
        arrayKey: "editions",
        title: "Editions",
        note: "Every known edition of every conference: dates, place and country, with the sources that give it.",
        schema: EditionTableRow,
        columns: EDITION_COLUMNS,
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
        columns: ACCEPTANCE_COLUMNS,
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
        columns: RANK_HISTORY_COLUMNS,
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
        columns: ALIAS_COLUMNS,
      },
      "venue_id",
    ),
    rows: "aliases",
  },
];

/** Every public table, venue tables first. */
const PUBLIC_DATASETS: readonly PublicDataset[] = [...DATASETS, ...BULK_TABLES.map((t) => t.dataset)];

function describeId(id: unknown): string {
  return typeof id === "string" || typeof id === "number" ? String(id) : "(no id)";
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

const Envelope = z.object({
  date: IsoDate,
  generatedAt: z.iso.datetime(),
  baseUrl: z.url({ protocol: /^https?$/ }),
  sources: z.array(SourceInfo),
  terms: z.string().min(1),
  report: z.object({ markdown: z.string() }),
});

/** The venue tables, validated from the content (the bulk tables are derived from what is validated). */
type DatasetName = "conferences" | "journals" | "special-issues";

/**
 * A validated detail record kept as its details.json line: the text is all the writer needs, and a parsed copy
 * of every detail would double the build's memory (details are the bulk of a snapshot).
 */
interface DetailLine {
  id: string;
  json: string;
}

interface ValidContent {
  rows: Record<DatasetName, Row[]>;
  conferenceDetails: DetailLine[];
  journalDetails: DetailLine[];
}

/** Parses every record against its schema and checks that ids are unique and references resolve. */
function validateContent(content: SnapshotContent): ValidContent {
  const problems: string[] = [];
  const envelope = Envelope.safeParse(content);
  if (!envelope.success) problems.push(...issues("snapshot", envelope.error));
  if (content.idRegistry === undefined) problems.push("snapshot: idRegistry is missing");
  if (content.report?.json === undefined) problems.push("snapshot: report.json is missing");

  const parseAll = <T>(schema: z.ZodType<T>, records: readonly unknown[], label: (row: Row) => string): T[] =>
    records.flatMap((record) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) return [parsed.data];
      problems.push(...issues(label((record ?? {}) as Row), parsed.error));
      return [];
    });

  const input: Record<DatasetName, readonly unknown[]> = {
    conferences: content.conferences,
    journals: content.journals,
    "special-issues": content.specialIssues,
  };
  const rows = Object.fromEntries(
    DATASETS.map((d) => [d.name, parseAll(d.schema, input[d.name as DatasetName], d.label) as Row[]]),
  ) as Record<DatasetName, Row[]>;
  const detailLines = <T extends { id: string }>(
    schema: z.ZodType<T>,
    records: readonly unknown[],
    label: (row: Row) => string,
  ): DetailLine[] =>
    records.flatMap((record) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) return [{ id: parsed.data.id, json: JSON.stringify(parsed.data) }];
      problems.push(...issues(label((record ?? {}) as Row), parsed.error));
      return [];
    });
  const conferenceDetails = detailLines(
    ConferenceDetailData,
    content.conferenceDetails,
    (r) => `conference detail ${describeId(r.id)}`,
  );
  const journalDetails = detailLines(
    JournalDetailData,
    content.journalDetails,
    (r) => `journal detail ${describeId(r.id)}`,
  );

  const conferenceIds = uniqueIds(rows.conferences, "conference", problems);
  const journalIds = uniqueIds(rows.journals, "journal", problems);
  uniqueIds(conferenceDetails, "conference detail", problems);
  uniqueIds(journalDetails, "journal detail", problems);
  for (const { id } of conferenceDetails) {
    if (!conferenceIds.has(id)) problems.push(`conference detail ${id}: no conference row has this id`);
  }
  for (const { id } of journalDetails) {
    if (!journalIds.has(id)) problems.push(`journal detail ${id}: no journal row has this id`);
  }
  for (const row of rows["special-issues"]) {
    const journalId = String(row.journal_id);
    if (!journalIds.has(journalId)) {
      problems.push(
        `special issue ${JSON.stringify(row.title)}: journal_id ${journalId} matches no journal row`,
      );
    }
  }

  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => `  - ${p}`);
    const more =
      problems.length > PROBLEMS_SHOWN ? [`  ... and ${problems.length - PROBLEMS_SHOWN} more`] : [];
    throw new Error(`snapshot rejected, ${problems.length} problem(s):\n${[...shown, ...more].join("\n")}`);
  }
  return { rows, conferenceDetails, journalDetails };
}

function issues(label: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? `field "${issue.path.join(".")}"` : "record";
    return `${label}: ${field}: ${issue.message}`;
  });
}

/** Ids of the records, reporting duplicates (two records under one id would share one detail_page). */
function uniqueIds(records: readonly { id?: unknown }[], kind: string, problems: string[]): Set<string> {
  const ids = new Set<string>();
  for (const record of records) {
    const id = String(record.id);
    if (ids.has(id)) problems.push(`${kind} ${id}: id appears more than once`);
    ids.add(id);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Serialisation

/**
 * A JSON document whose scalar members are pretty-printed and whose arrays hold one record per line:
 * readable, diff-friendly and far smaller than fully indented output. Produced piece by piece: at 100 times
 * today's catalogue a document is larger than the longest string V8 can hold. The server finds records by their
 * lines (RECORD_INDENT then `{"id":"…"`, snapshot/files.ts): keep `id` as each record's first member.
 */
function* jsonDocument(head: Record<string, unknown>, arrays: Record<string, JsonLines>): Generator<string> {
  const members = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replaceAll("\n", "\n  ")}`,
  );
  let first = true;
  const separator = () => {
    const text = first ? "{\n" : ",\n";
    first = false;
    return text;
  };
  for (const member of members) yield `${separator()}${member}`;
  for (const [key, records] of Object.entries(arrays)) {
    yield `${separator()}  ${JSON.stringify(key)}: `;
    if (records.count === 0) {
      yield "[]";
      continue;
    }
    yield "[\n";
    let i = 0;
    for (const line of records.lines()) yield* jsonRecords([line], i++ === 0);
    yield "\n  ]";
  }
  yield first ? "{\n\n}\n" : "\n}\n";
}

/**
 * Record texts of a document's array, one per line, in two pieces: the separator before them (`first`: they open
 * the array) and the records joined once (a separator glued onto megabytes of records would copy them again).
 */
const jsonRecords = (lines: readonly string[], first: boolean) => [
  first ? RECORD_INDENT : RECORD_SEPARATOR,
  lines.join(RECORD_SEPARATOR),
];

/** Stands for the records when a document's frame is cut out of it. */
const RECORDS_MARK = "\u0000records\u0000";

/**
 * What jsonDocument(head, { [key]: records }) writes before and after `count` records, cut out of that document
 * itself so a table written batch by batch is framed exactly as any other document.
 */
function jsonTableFrame(head: Record<string, unknown>, key: string, count: number) {
  const lines = { count, lines: () => (count === 0 ? [] : [RECORDS_MARK]) };
  const text = [...jsonDocument(head, { [key]: lines })].join("");
  const [start = "", end = ""] = text.split(`${RECORD_INDENT}${RECORDS_MARK}`);
  return { start, end };
}

/** An array of records as their JSON texts, produced when written (never all held at once). */
interface JsonLines {
  count: number;
  lines: () => Iterable<string>;
}

function jsonLines<T>(records: readonly T[], toJson: (record: T) => string): JsonLines {
  return {
    count: records.length,
    lines: function* () {
      for (const record of records) yield toJson(record);
    },
  };
}

/** Public columns in order: the schema fields with `detail_page` right after the dataset's anchor field. */
const columnsOf = new WeakMap<PublicDataset, string[]>();

function publicColumns(dataset: PublicDataset): string[] {
  let columns = columnsOf.get(dataset);
  if (!columns) {
    columns = Object.keys(dataset.schema.shape).flatMap((field) =>
      field === dataset.detailPageAfter ? [field, "detail_page"] : [field],
    );
    columnsOf.set(dataset, columns);
  }
  return columns;
}

/** A row as published, built once per table written (millions of rows at scale: kept lean). */
function publicRow(dataset: PublicDataset, row: Row, baseUrl: string): Row {
  const detailPage = `${baseUrl}/${dataset.venueOf(row)}/${encodeURIComponent(String(row[dataset.idField]))}`;
  const out: Row = {};
  for (const c of publicColumns(dataset)) out[c] = c === "detail_page" ? detailPage : row[c];
  return out;
}

/** CSV cell: arrays joined with ";", objects (cp_index) as JSON text, null as an empty cell. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(";");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A CSV field quoted as papaparse's unparse quotes it (the files' format from the start): when it holds a comma,
 * a quote, a line break or a byte-order mark, or starts or ends with a space. Written here because unparse's
 * generic per-cell checks took more than twice as long (test/pipeline/write.test.ts holds the two equal).
 */
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Public rows as CSV lines (after the header when `first`): quoting is decided cell by cell, so batches join. */
function csvBatch(columns: string[], rows: readonly Row[], first: boolean): string {
  const lines = rows.map((row) => columns.map((c) => csvField(csvCell(row[c]))).join(","));
  // A later batch starts with the line break after the previous one, as an empty first line: one join makes the
  // whole batch (a line break glued on in front would copy it again).
  lines.unshift(first ? columns.map(csvField).join(",") : "");
  return lines.join("\n");
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows a table is written in at a time: each batch is made public and turned into JSON text once. */
const TABLE_BATCH_ROWS = 5_000;

/**
 * One public table as JSON, CSV and Parquet, from one pass over its rows: each row's public form and JSON text
 * serve the version hash, the JSON file and the Parquet load file alike.
 */
async function writeTable(
  db: DuckDBConnection,
  dir: string,
  dataset: PublicDataset,
  rows: readonly Row[],
  head: Record<string, unknown>,
  { baseUrl, versionHash }: { baseUrl: string; versionHash: Hash },
): Promise<void> {
  const columns = publicColumns(dataset);
  const load = join(dir, `.load-${dataset.name}.ndjson`);
  const frame = jsonTableFrame(head, dataset.arrayKey, rows.length);
  const handles: FileHandle[] = [];
  try {
    for (const path of [join(dir, `${dataset.name}.json`), join(dir, `${dataset.name}.csv`), load])
      handles.push(await open(path, "wx"));
    const [json, csv, ndjson] = handles as [FileHandle, FileHandle, FileHandle];
    await json.write(frame.start);
    versionHash.update("[");
    // Run once with no rows too: the CSV header is written with the first batch.
    for (let from = 0; from === 0 || from < rows.length; from += TABLE_BATCH_ROWS) {
      const first = from === 0;
      const published = rows
        .slice(from, from + TABLE_BATCH_ROWS)
        .map((row) => publicRow(dataset, row, baseUrl));
      await csv.write(csvBatch(columns, published, first));
      if (published.length === 0) continue;
      const lines = published.map((row) => JSON.stringify(row));
      // Each text of the batch is one join, hashed or written as it is: a separator glued onto it would copy it
      // again (megabytes at scale, in large objects that only a full garbage collection frees).
      if (!first) versionHash.update(",");
      versionHash.update(lines.join(","));
      for (const piece of jsonRecords(lines, first)) await json.write(piece);
      await ndjson.write(lines.join("\n"));
      await ndjson.write("\n");
    }
    versionHash.update("]");
    await json.write(frame.end);
    await csv.write("\n");
    await json.sync();
    await csv.sync();
  } finally {
    for (const handle of handles) await handle.close();
  }
  await loadParquet(db, dir, dataset, load);
}

/**
 * Loads the public rows (the columns of the JSON and CSV files) from the table's NDJSON load file with explicit
 * column types (dates as DATE, cp_index as a STRUCT, lists as LIST), copies them to Parquet and removes the file.
 */
async function loadParquet(db: DuckDBConnection, dir: string, dataset: PublicDataset, ndjson: string) {
  const target = join(dir, `${dataset.name}.parquet`);
  const types: Record<string, ColumnType> = { ...dataset.columns, detail_page: "VARCHAR" };
  const columns = Object.entries(types)
    .map(([name, type]) => `${sqlString(name)}: ${sqlString(type)}`)
    .join(", ");
  const select = publicColumns(dataset).map(sqlIdent).join(", ");
  await db.run(
    `COPY (SELECT ${select} FROM read_json(${sqlString(ndjson)}, format = 'newline_delimited', columns = {${columns}}))
     TO ${sqlString(target)} (FORMAT parquet)`,
  );
  await rm(ndjson);
  await syncPath(target);
}

/** Every table in one DuckDB file, copied from the Parquet files just written (same types). */
async function writeDatabase(db: DuckDBConnection, dir: string) {
  const target = join(dir, DATABASE);
  await db.run(`ATTACH ${sqlString(target)} AS venues`);
  try {
    for (const dataset of PUBLIC_DATASETS) {
      await db.run(
        `CREATE TABLE venues.${sqlIdent(dataset.arrayKey)} AS SELECT * FROM read_parquet(${sqlString(join(dir, `${dataset.name}.parquet`))})`,
      );
    }
  } finally {
    await db.run("DETACH venues");
  }
  await syncPath(target);
}

// ---------------------------------------------------------------------------------------------------------------
// Files

/** Pieces are gathered into writes of about this many characters. */
const WRITE_CHARS = 1 << 20;

/** Writes a new file from text or from pieces of text, then makes it durable. */
async function writeDurable(path: string, text: string | Iterable<string>): Promise<void> {
  const handle = await open(path, "wx");
  try {
    if (typeof text === "string") {
      await handle.writeFile(text, "utf8");
    } else {
      let pending: string[] = [];
      let size = 0;
      for (const piece of text) {
        pending.push(piece);
        size += piece.length;
        if (size >= WRITE_CHARS) {
          await handle.write(pending.join(""));
          pending = [];
          size = 0;
        }
      }
      if (pending.length > 0) await handle.write(pending.join(""));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync an existing file or directory (a directory sync makes the entries created in it durable). */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Pieces of a file read back for its hash: one buffer for them all (a fresh buffer per chunk cost seconds at scale). */
const READ_BYTES = 1 << 20;

/** Size and SHA-256 of each file, read back one after another. */
async function describeFiles(dir: string, names: readonly string[]): Promise<ManifestFile[]> {
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const out: ManifestFile[] = [];
  for (const name of names) {
    const hash = createHash("sha256");
    let bytes = 0;
    const handle = await open(join(dir, name), "r");
    try {
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        bytes += bytesRead;
      }
    } finally {
      await handle.close();
    }
    out.push({ name, bytes, sha256: hash.digest("hex") });
  }
  return out;
}

const randomSuffix = () => `${process.pid}-${randomBytes(4).toString("hex")}`;

// ---------------------------------------------------------------------------------------------------------------
// Writing and publishing

/**
 * changes.json (against the newest snapshot dated before this one) and changes.atom (one entry per changes file
 * kept, this one included) in `dir`; see changes.ts.
 */
async function writeChanges(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  baseUrl: string,
  place: { snapshotsDir: string; keepDays: number },
  mergedAway: ReturnType<typeof mergedIds>,
): Promise<void> {
  const publicRows = (name: "conferences" | "journals") => {
    const dataset = DATASETS.find((d) => d.name === name) as PublicDataset;
    return (function* () {
      for (const row of valid.rows[name]) yield publicRow(dataset, row, baseUrl);
    })();
  };
  const changes = computeChanges({
    date: content.date,
    generatedAt: content.generatedAt,
    previous: await readPreviousSnapshot(place.snapshotsDir, content.date),
    current: { conferences: publicRows("conferences"), journals: publicRows("journals") },
    merged: mergedAway,
  });
  const { added, merged, removed, changed, ...head } = changes;
  await writeDurable(
    join(dir, CHANGES_FILE),
    jsonDocument(
      {
        title: "Changes since the previous snapshot",
        note:
          "Venues added, merged (id into the surviving id), removed, and changed public fields with their previous " +
          "value, against the snapshot of previous_snapshot. Fields in ignored_fields are never compared; cp_index " +
          "counts as changed when its score, confidence or version does. Feed of the days kept: changes.atom.",
        ...head,
      },
      {
        added: jsonLines(added, (v) => JSON.stringify(v)),
        merged: jsonLines(merged, (v) => JSON.stringify(v)),
        removed: jsonLines(removed, (v) => JSON.stringify(v)),
        changed: jsonLines(changed, (v) => JSON.stringify(v)),
      },
    ),
  );
  const kept = await keptFeedDays(place.snapshotsDir, keepCutoff(content.date, place.keepDays), content.date);
  await writeDurable(
    join(dir, CHANGES_FEED),
    changesFeed({ baseUrl, generatedAt: content.generatedAt, days: [...kept, feedDay(changes)] }),
  );
}

/** Writes every file of the snapshot into `dir` (which exists and is empty); returns the manifest. */
async function writeFiles(
  dir: string,
  content: SnapshotContent,
  valid: ValidContent,
  place: { snapshotsDir: string; keepDays: number },
): Promise<Manifest> {
  const baseUrl = content.baseUrl.replace(/\/+$/, "");
  const header = (dataset: PublicDataset, count: number) => ({
    title: dataset.title,
    note: dataset.note,
    generated_at: content.generatedAt,
    count,
    attribution: `Venue Directory (${baseUrl}). Link each venue's detail_page when you reuse its data.`,
    terms: content.terms,
    license_notes: content.sources.map((s) => `${s.name} (${s.license}): ${s.attribution}`),
  });

  const publicNames: string[] = [];
  const counts: Record<PublicDataset["arrayKey"], number> = {
    conferences: 0,
    journals: 0,
    special_issues: 0,
    deadlines: 0,
    editions: 0,
    acceptance: 0,
    rank_history: 0,
    aliases: 0,
  };
  // The bulk tables are derived in one pass over the details, each list let go once its table is written.
  const tables = function* (): Generator<{ dataset: PublicDataset; rows: Row[] }> {
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
  };
  // The version hashes the published rows, not the file bytes: a rebuild of the same data keeps its version
  // whatever generated_at says.
  const versionHash = createHash("sha256");
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  try {
    for (const { dataset, rows } of tables()) {
      await writeTable(db, dir, dataset, rows, header(dataset, rows.length), { baseUrl, versionHash });
      counts[dataset.arrayKey] = rows.length;
      publicNames.push(`${dataset.name}.json`, `${dataset.name}.csv`, `${dataset.name}.parquet`);
    }
    await writeDatabase(db, dir);
    publicNames.push(DATABASE);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
  const merged = mergedIds(content.idRegistry);
  await writeChanges(dir, content, valid, baseUrl, place, merged);
  publicNames.push(CHANGES_FILE, CHANGES_FEED);

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
  const internalNames = Object.keys(internal);

  const version = `${content.date}-${versionHash.digest("hex").slice(0, 8)}`;
  const files = await describeFiles(dir, publicNames);
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
      columns: publicColumns(dataset).map((name) => ({
        name,
        type: name === "detail_page" ? "VARCHAR" : (dataset.columns[name] ?? "VARCHAR"),
      })),
    })),
    database: { name: DATABASE, tables: PUBLIC_DATASETS.map((d) => d.arrayKey) },
    documents: [
      {
        name: "changes",
        path: CHANGES_FILE,
        title: "Changes since the previous snapshot",
        description:
          "Venues added, merged (id into the surviving id), removed, and changed public fields with the previous " +
          "and current value, against the snapshot named by previous_snapshot (null on a first build); " +
          "updated_at, views and detail_page are not compared",
        format: "json",
        mediatype: "application/json",
      },
      {
        name: "changes-feed",
        path: CHANGES_FEED,
        title: "Atom feed of the daily changes",
        description: "One entry per daily changes.json kept, newest first, each linking that day's file",
        format: "atom",
        mediatype: "application/atom+xml",
      },
    ],
  });
  await writeDurable(join(dir, DATAPACKAGE), `${JSON.stringify(pkg, null, 2)}\n`);
  files.push(...(await describeFiles(dir, [DATAPACKAGE])));
  const manifest = Manifest.parse({
    version,
    date: content.date,
    generated_at: content.generatedAt,
    base_url: baseUrl,
    counts,
    files,
    internal_files: await describeFiles(dir, internalNames),
    sources: content.sources,
    terms: content.terms,
  });
  await writeDurable(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await syncPath(dir);
  return manifest;
}

/**
 * Moves the finished temp dir to `<date>` and points `latest` at it. A same-day snapshot is moved aside first
 * and put back if anything fails; `latest` dangles only between those two renames.
 */
async function publish(snapshotsDir: string, tmp: string, date: string): Promise<void> {
  const target = join(snapshotsDir, date);
  const aside = existsSync(target) ? join(snapshotsDir, `.old-${date}-${randomSuffix()}`) : null;
  if (aside) await rename(target, aside);
  try {
    await rename(tmp, target);
    await pointLatest(snapshotsDir, date);
  } catch (error) {
    if (!existsSync(tmp)) await rm(target, { recursive: true, force: true });
    if (aside) await rename(aside, target);
    throw error;
  }
  if (aside) await rm(aside, { recursive: true, force: true });
}

/** Replaces `latest` with a relative symlink to `<date>` in one rename, so readers never see it missing. */
async function pointLatest(snapshotsDir: string, date: string): Promise<void> {
  const staged = join(snapshotsDir, `${LATEST}.tmp-${randomSuffix()}`);
  await symlink(date, staged);
  try {
    await rename(staged, join(snapshotsDir, LATEST));
  } catch (error) {
    await rm(staged, { force: true });
    throw new Error(`cannot switch ${join(snapshotsDir, LATEST)} to ${date}: ${(error as Error).message}`);
  }
  await syncPath(snapshotsDir);
}

/** Dated snapshots on or before this day are pruned after the build of `date`. */
function keepCutoff(date: string, keepDays: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - keepDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Deletes dated snapshots older than `keepDays` days before `date` (the one just written), never the one `latest`
 * points to.
 */
async function pruneSnapshots(snapshotsDir: string, date: string, keepDays: number): Promise<void> {
  const current = resolveLatest(snapshotsDir);
  const cutoff = keepCutoff(date, keepDays);
  const dated = (await readdir(snapshotsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && DATED_DIR.test(entry.name))
    .map((entry) => entry.name);
  for (const name of dated.filter((n) => n <= cutoff)) {
    const path = join(snapshotsDir, name);
    if (realpathSync(path) !== current) await rm(path, { recursive: true, force: true });
  }
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
  const valid = validateContent(content);
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

/** Real path of `snapshotsDir/latest`, or null when there is none (or it dangles). */
export function resolveLatest(snapshotsDir: string): string | null {
  try {
    return realpathSync(join(snapshotsDir, LATEST));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
