/**
 * One loaded snapshot: the columns of its Parquet files that queries select on as in-memory DuckDB tables, the
 * record lines of its table and details files, its manifest, a cache of the payloads computed on it (`cached`) and
 * its memos (`memo`: state made once per snapshot). Immutable once opened. Queries run on a small pool of
 * connections that cache their prepared statements; `retire()` closes the instance once the queries still running on
 * it have finished, which is what lets a newer snapshot replace it mid-traffic (and drops its cache and memos with
 * it). docs/caches.md lists every cache on a request's path.
 */
import { type FileHandle, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBType,
} from "@duckdb/node-api";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { DETAILS, MANIFEST, RECORD_INDENT } from "../../snapshot/files.ts";
import { ConferenceDetailData, JournalDetailData, Manifest } from "../../snapshot/records.ts";
import { loadOlderScale } from "./qualis-scales.ts";
import {
  eachLine,
  numericId,
  RecordFile,
  type RecordLines,
  RecordLinesBuilder,
  recordText,
} from "./record-lines.ts";
import { type SqlParam, TypedValue } from "./sql-param.ts";

const DetailsFile = z.object({
  conferences: z.array(ConferenceDetailData),
  journals: z.array(JournalDetailData),
});

/**
 * The columns queries filter, sort and count on, loaded once; a page's public rows are read from the snapshot's
 * JSON file of the table (`tableRows`), so the wide columns only a row shows (cp_index, location, links…) stay out
 * of memory. Derived here once: the numeric id (stable ordering, and the key search joins on), the cp_index score,
 * journals' folded title (ordering) and numeric impact factor. Dates are typed in Parquet and compared as
 * "YYYY-MM-DD" text. Name search has its own index (search-index.ts).
 */
const TABLE_LOADS = [
  [
    "conferences",
    "conferences.parquet",
    "id, short_name, full_name, ccf_rank, core_rank, qualis_rank, fields, ccf_category, core_for, country, views, " +
      "acceptance_rate, " +
      "editions_count, CAST(submission_date AS VARCHAR) AS submission_date, " +
      "CAST(conference_date AS VARCHAR) AS conference_date, " +
      "CAST(estimated_submission_date AS VARCHAR) AS estimated_submission_date, " +
      "CAST(updated_at AS VARCHAR) AS updated_at, cp_index.score AS cp_score, CAST(id AS BIGINT) AS id_num",
  ],
  [
    "journals",
    "journals.parquet",
    "id, short_name, full_name, impact_factor, publisher, issn, ccf_rank, issns, fields, ccf_category, views, " +
      "CAST(updated_at AS VARCHAR) AS updated_at, " +
      "CAST(id AS BIGINT) AS id_num, lower(full_name) AS full_lc, TRY_CAST(impact_factor AS DOUBLE) AS if_num",
  ],
  [
    "special_issues",
    "special-issues.parquet",
    "* REPLACE (CAST(submission_date AS VARCHAR) AS submission_date)",
  ],
  // The outlook's submission deadlines, to find each venue's upcoming rounds; the rows come from the details.
  [
    "outlook",
    "outlook.parquet",
    "CAST(conference_id AS BIGINT) AS id_num, cycle_year, round, estimated, CAST(date AS VARCHAR) AS date, " +
      "epoch(closes_at)::BIGINT AS closes_epoch",
  ],
] as const;

/**
 * Connections held open per snapshot. Each query runs on DuckDB's own thread pool, so more connections than
 * this only add memory; callers beyond it wait their turn.
 */
const MAX_CONNECTIONS = 4;
/** Prepared statements cached per connection (the SQL texts are code, a few dozen distinct ones). */
const STATEMENTS_PER_CONNECTION = 64;
/** Payload cache bounds, in rows (each payload weighs its rows plus one) and entries. */
const CACHE_LIMITS = { rows: 20_000, entries: 4_000 };
/**
 * Name searches have their own, smaller cache: most are never repeated, and thousands of them a minute would
 * otherwise push out every detail and ranking (and DuckDB's memory grew recomputing those).
 */
const NAME_SEARCH_CACHE_LIMITS = { rows: 5_000, entries: 1_000 };

/** Which payload cache a payload goes to. */
export type CacheShare = "payloads" | "name searches";

interface PooledConnection {
  connection: DuckDBConnection;
  statements: LRUCache<string, DuckDBPreparedStatement>;
}

type DetailKind = "conferences" | "journals";

/**
 * The snapshot's details, read one record at a time (record-lines.ts) instead of the whole file being held in
 * memory (it grows with the catalogue: 5.5 MB today, 100 times that at 100× the venues). A file that is not the
 * one the manifest lists is checked record by record as it is indexed; one laid out otherwise is parsed whole.
 */
class DetailsStore {
  private constructor(
    private readonly file: RecordFile | null,
    private readonly parsed: Record<DetailKind, Map<string, unknown>> | null,
  ) {}

  static async open(path: string, sha256: string | undefined): Promise<DetailsStore> {
    const verified = sha256 === undefined ? null : await RecordFile.openVerified(path, sha256);
    if (verified) return new DetailsStore(verified, null);
    const file = await open(path, "r");
    try {
      const sections = await indexValidLines(file);
      if (sections) return new DetailsStore(RecordFile.of(file, sections), null);
    } catch (error) {
      await file.close();
      throw error;
    }
    await file.close();
    const details = DetailsFile.parse(JSON.parse(await readFile(path, "utf8")));
    const byId = (records: { id: string }[]) => new Map<string, unknown>(records.map((d) => [d.id, d]));
    return new DetailsStore(null, {
      conferences: byId(details.conferences),
      journals: byId(details.journals),
    });
  }

  async get(kind: DetailKind, id: string): Promise<unknown> {
    if (this.parsed) return this.parsed[kind].get(id);
    const record = this.file?.readId(kind, id);
    return record === undefined ? undefined : DETAIL_SCHEMAS[kind].parse(record);
  }

  close(): void {
    this.file?.close();
  }
}

const DETAIL_SCHEMAS: Record<DetailKind, z.ZodType<{ id: string }>> = {
  conferences: ConferenceDetailData,
  journals: JournalDetailData,
};

/**
 * Reads details.json once, line by line, validating every record, and returns where each one is; null when the
 * file is not laid out one record per line. Invalid JSON or an invalid record throws, as a whole-file parse would.
 */
async function indexValidLines(file: FileHandle): Promise<Map<string, RecordLines> | null> {
  const builder = new RecordLinesBuilder();
  // The layout, as a sequence of expected lines; records may repeat inside an open section.
  const layout: { state: "start" | "top" | DetailKind | "between" | "end" } = { state: "start" };
  const seen = new Set<DetailKind>();
  const onLine = (data: Buffer, start: number, end: number, offset: number): boolean => {
    const line = data.toString("utf8", start, end);
    const trimmed = line.trim();
    if (trimmed === "") return true;
    if (layout.state === "start") {
      if (trimmed !== "{") return false;
      layout.state = "top";
      return true;
    }
    if (layout.state === "top" || layout.state === "between") {
      const section = /^"(conferences|journals)": (\[|\[\],?)$/.exec(trimmed);
      if (section) {
        const kind = section[1] as DetailKind;
        if (seen.has(kind)) return false;
        seen.add(kind);
        layout.state = section[2] === "[" ? kind : "between";
        return true;
      }
      if (trimmed === "}" && seen.size === 2) {
        layout.state = "end";
        return true;
      }
      return false;
    }
    if (layout.state === "conferences" || layout.state === "journals") {
      if (trimmed === "]" || trimmed === "],") {
        layout.state = "between";
        return true;
      }
      if (!line.startsWith(`${RECORD_INDENT}{`)) return false;
      let json: unknown;
      try {
        json = JSON.parse(recordText(line));
      } catch {
        // Not one record per line (e.g. fully indented): the whole-file parse decides.
        return false;
      }
      const id = numericId(DETAIL_SCHEMAS[layout.state].parse(json).id);
      if (id === undefined) return false;
      builder.add(layout.state, id, offset, end - start);
      return true;
    }
    return false;
  };
  return (await eachLine(file, onLine)) && layout.state === "end" ? builder.finish() : null;
}

/**
 * Payloads computed on this snapshot, keyed by what they depend on (the caller builds the key from the
 * normalised parameters, "today" and whatever else the payload reads). Concurrent requests for one key share
 * one computation; a failed one is forgotten.
 */
class PayloadCache {
  private readonly lru: LRUCache<string, { value: Promise<unknown> }>;

  constructor(limits: { rows: number; entries: number }) {
    this.lru = new LRUCache({ max: limits.entries, maxSize: limits.rows, sizeCalculation: () => 1 });
  }

  get<T>(key: string, compute: () => Promise<T>, weight: (value: T) => number): Promise<T> {
    const hit = this.lru.get(key);
    if (hit) return hit.value as Promise<T>;
    const entry = { value: compute() as Promise<unknown> };
    this.lru.set(key, entry);
    entry.value.then(
      (value) => {
        // Re-weigh once the size is known (only if this entry is still the cached one).
        if (this.lru.peek(key) === entry) this.lru.set(key, entry, { size: 1 + weight(value as T) });
      },
      () => {
        if (this.lru.peek(key) === entry) this.lru.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  clear(): void {
    this.lru.clear();
  }
}

export class SnapshotDatabase {
  private readonly idle: PooledConnection[] = [];
  private readonly waiting: ((c: PooledConnection) => void)[] = [];
  private connections = 0;
  private leases = 0;
  private retired = false;
  private closed = false;
  private readonly payloads: Record<CacheShare, PayloadCache> = {
    payloads: new PayloadCache(CACHE_LIMITS),
    "name searches": new PayloadCache(NAME_SEARCH_CACHE_LIMITS),
  };
  private readonly memos = new Map<string, unknown>();

  private constructor(
    readonly dir: string,
    readonly manifest: Manifest,
    private readonly details: DetailsStore,
    private readonly tables: Record<TableFile, RecordFile>,
    private readonly instance: DuckDBInstance,
  ) {}

  /**
   * Loads everything before returning, so a broken snapshot fails here and never replaces a working one. The
   * files are read while DuckDB loads the tables on its own threads.
   */
  static async open(dir: string): Promise<SnapshotDatabase> {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(dir, MANIFEST), "utf8")));
    const sha256 = (name: string) =>
      [...manifest.files, ...manifest.internal_files].find((f) => f.name === name)?.sha256;
    const [details, conferences, journals, instance] = await allOrClose(
      [
        DetailsStore.open(join(dir, DETAILS), sha256(DETAILS)),
        openTableFile(dir, "conferences", sha256),
        openTableFile(dir, "journals", sha256),
        loadTables(dir),
      ] as const,
      (part) => (part instanceof DuckDBInstance ? part.closeSync() : part.close()),
    );
    return new SnapshotDatabase(dir, manifest, details, { conferences, journals }, instance);
  }

  /** The snapshot's detail data of one conference (validated when read). */
  async conferenceDetail(id: string): Promise<ConferenceDetailData | undefined> {
    return (await this.details.get("conferences", id)) as ConferenceDetailData | undefined;
  }

  async journalDetail(id: string): Promise<JournalDetailData | undefined> {
    return (await this.details.get("journals", id)) as JournalDetailData | undefined;
  }

  /**
   * Public rows of `table` by numeric id, read from the snapshot's JSON file of that table (the same rows as its
   * Parquet file): a page's rows cost no query, and the DuckDB tables hold only what queries select on. Undefined
   * where a venue has no row.
   */
  tableRows(table: TableFile, ids: readonly number[]): unknown[] {
    return ids.map((id) => this.tables[table].read(table, id));
  }

  /** The public row of `table` with this id, undefined when there is none ("0136" names no venue). */
  tableRow(table: TableFile, id: string): unknown {
    return this.tables[table].readId(table, id);
  }

  /** Runs `fn` while holding a lease, so retiring this snapshot waits for it. */
  async use<T>(fn: (db: SnapshotDatabase) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("snapshot database already closed");
    this.leases++;
    try {
      return await fn(this);
    } finally {
      this.leases--;
      if (this.retired && this.leases === 0) this.close();
    }
  }

  /**
   * A payload computed on this snapshot, from the cache when `key` was computed before. `key` must name
   * everything the payload depends on besides the snapshot; `weight` is its size in rows.
   */
  cached<T>(
    key: string,
    compute: () => Promise<T>,
    weight: (value: T) => number,
    share: CacheShare = "payloads",
  ): Promise<T> {
    return this.payloads[share].get(key, compute, weight);
  }

  /**
   * A memo of this snapshot (search indexes, orders, the outlooks' cache): made by `make` on first use of `key`,
   * unbounded (one per key the code names) and dropped with the snapshot. A promise that fails is forgotten, so the
   * next use tries again.
   */
  memo<T>(key: string, make: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = make();
    this.memos.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.memos.get(key) === value) this.memos.delete(key);
      });
    }
    return value;
  }

  /** Rows as plain JS objects. Every value is bound; SQL text never contains caller input. */
  async all<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    const values = params.map((p) => (p instanceof TypedValue ? p.value : p));
    const types = params.map((p) => (p instanceof TypedValue ? p.type : undefined));
    const pooled = await this.acquire();
    try {
      let statement = pooled.statements.get(sql);
      if (!statement) {
        statement = await pooled.connection.prepare(sql);
        pooled.statements.set(sql, statement);
      }
      statement.clearBindings();
      if (values.length > 0) statement.bind(values, types as DuckDBType[]);
      const reader = await statement.runAndReadAll();
      return reader.getRowObjectsJS() as T[];
    } finally {
      this.release(pooled);
    }
  }

  /** No new leases should be taken; closes now if idle, else when the last lease ends. */
  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.close();
  }

  private async acquire(): Promise<PooledConnection> {
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.connections >= MAX_CONNECTIONS) return new Promise((resolve) => this.waiting.push(resolve));
    this.connections++;
    try {
      const connection = await this.instance.connect();
      return {
        connection,
        statements: new LRUCache<string, DuckDBPreparedStatement>({
          max: STATEMENTS_PER_CONNECTION,
          dispose: (statement) => statement.destroySync(),
        }),
      };
    } catch (error) {
      this.connections--;
      throw error;
    }
  }

  private release(pooled: PooledConnection): void {
    if (this.closed) {
      closeConnection(pooled);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(pooled);
    else this.idle.push(pooled);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const pooled of this.idle.splice(0)) closeConnection(pooled);
    for (const cache of Object.values(this.payloads)) cache.clear();
    this.details.close();
    this.tables.conferences.close();
    this.tables.journals.close();
    this.instance.closeSync();
  }
}

type TableFile = "conferences" | "journals";

/** Waits for every promise; when one fails, closes what the others opened and throws the first failure. */
async function allOrClose<T extends readonly unknown[]>(
  promises: { readonly [K in keyof T]: Promise<T[K]> },
  close: (opened: T[number]) => void,
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (!failure) return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
  for (const s of settled) if (s.status === "fulfilled") close(s.value as T[number]);
  throw failure.reason;
}

/** A table's public JSON file, which must be the file the manifest lists (only then are its lines trusted). */
async function openTableFile(
  dir: string,
  table: TableFile,
  sha256: (name: string) => string | undefined,
): Promise<RecordFile> {
  const name = `${table}.json`;
  const expected = sha256(name);
  const file = expected === undefined ? null : await RecordFile.openVerified(join(dir, name), expected);
  if (!file) throw new Error(`${name} is not the file the snapshot's manifest lists (its sha256 differs)`);
  return file;
}

/** The queried columns of the Parquet tables as in-memory DuckDB tables (TABLE_LOADS), and the older QUALIS scale. */
async function loadTables(dir: string): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(":memory:");
  try {
    const connection = await instance.connect();
    try {
      for (const [table, file, columns] of TABLE_LOADS) {
        // The table name and column list are constants; the file path is bound as a parameter.
        await connection.run(`CREATE TABLE ${table} AS SELECT ${columns} FROM read_parquet(?)`, [
          join(dir, file),
        ]);
      }
      await loadOlderScale(connection, dir);
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  return instance;
}

function closeConnection(pooled: PooledConnection): void {
  pooled.statements.clear();
  pooled.connection.closeSync();
}
