/**
 * One loaded snapshot: its Parquet files as in-memory DuckDB tables, an index of its details file, its manifest,
 * and a cache of the payloads computed on it. Immutable once opened. Queries run on a small pool of connections
 * that keep their prepared statements; `retire()` closes the instance once the queries still running on it have
 * finished, which is what lets a newer snapshot replace it mid-traffic (and drops its cache with it).
 */
import { type FileHandle, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from "@duckdb/node-api";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { ConferenceDetailData, JournalDetailData, Manifest } from "../schema/records.ts";

const DetailsFile = z.object({
  conferences: z.array(ConferenceDetailData),
  journals: z.array(JournalDetailData),
});

/**
 * Derived columns computed once at load: the numeric id (stable ordering, and the key search joins on), the cp_index
 * score, journals' folded title (ordering) and numeric impact factor. Name search has its own index (search-index.ts).
 * The Parquet files are typed (DATE columns, cp_index a STRUCT); payloads carry dates as "YYYY-MM-DD" text and
 * cp_index as JSON text (rows.ts), so those columns are turned back into text here, once.
 */
const TABLE_LOADS = [
  [
    "conferences",
    "conferences.parquet",
    "* REPLACE (CAST(submission_date AS VARCHAR) AS submission_date, " +
      "CAST(notification_date AS VARCHAR) AS notification_date, CAST(conference_date AS VARCHAR) AS conference_date, " +
      "CAST(estimated_submission_date AS VARCHAR) AS estimated_submission_date, " +
      "CAST(updated_at AS VARCHAR) AS updated_at, CAST(to_json(cp_index) AS VARCHAR) AS cp_index), " +
      "cp_index.score AS cp_score, CAST(id AS BIGINT) AS id_num",
  ],
  [
    "journals",
    "journals.parquet",
    "* REPLACE (CAST(updated_at AS VARCHAR) AS updated_at), " +
      "CAST(id AS BIGINT) AS id_num, lower(full_name) AS full_lc, TRY_CAST(impact_factor AS DOUBLE) AS if_num",
  ],
  [
    "special_issues",
    "special-issues.parquet",
    "* REPLACE (CAST(submission_date AS VARCHAR) AS submission_date)",
  ],
] as const;

/**
 * Connections kept open per snapshot. Each query runs on DuckDB's own thread pool, so more connections than
 * this only add memory; callers beyond it wait their turn.
 */
const MAX_CONNECTIONS = 4;
/** Prepared statements kept per connection (the SQL texts are code, a few dozen distinct ones). */
const STATEMENTS_PER_CONNECTION = 64;
/** Payload cache bound, in rows (each payload weighs its rows plus one). */
const CACHE_MAX_ROWS = 20_000;
const CACHE_MAX_ENTRIES = 4_000;

/** A bound value with its DuckDB type spelled out (needed where inference fails, e.g. an empty list). */
export class TypedValue {
  constructor(
    readonly value: DuckDBValue,
    readonly type: DuckDBType,
  ) {}
}

export type SqlParam = DuckDBValue | TypedValue;

interface PooledConnection {
  connection: DuckDBConnection;
  statements: LRUCache<string, DuckDBPreparedStatement>;
}

type DetailKind = "conferences" | "journals";

/**
 * Where each record of details.json sits in the file, so a detail is read when asked for instead of the whole
 * file being held in memory (it grows with the catalogue: 5.5 MB today, 100 times that at 100× the venues).
 * The build writes one record per line (pipeline/write.ts); a file laid out otherwise is parsed whole.
 */
class DetailsStore {
  private constructor(
    private readonly file: FileHandle | null,
    /** id → byte offset × 2^22 + byte length of its line (records stay far below 4 MB). */
    private readonly offsets: Record<DetailKind, Map<string, number>>,
    private readonly parsed: Record<DetailKind, Map<string, unknown>> | null,
  ) {}

  static async open(path: string): Promise<DetailsStore> {
    const file = await open(path, "r");
    try {
      const offsets = await indexLines(file);
      if (offsets) return new DetailsStore(file, offsets, null);
    } catch (error) {
      await file.close();
      throw error;
    }
    await file.close();
    const details = DetailsFile.parse(JSON.parse(await readFile(path, "utf8")));
    const byId = (records: { id: string }[]) => new Map<string, unknown>(records.map((d) => [d.id, d]));
    return new DetailsStore(
      null,
      { conferences: new Map(), journals: new Map() },
      {
        conferences: byId(details.conferences),
        journals: byId(details.journals),
      },
    );
  }

  async get(kind: DetailKind, id: string): Promise<unknown> {
    if (this.parsed) return this.parsed[kind].get(id);
    const place = this.offsets[kind].get(id);
    if (place === undefined || !this.file) return undefined;
    const length = place % LENGTH_RANGE;
    const buffer = Buffer.allocUnsafe(length);
    await this.file.read(buffer, 0, length, (place - length) / LENGTH_RANGE);
    return DETAIL_SCHEMAS[kind].parse(JSON.parse(recordText(buffer.toString("utf8"))));
  }

  close(): void {
    void this.file?.close();
  }
}

const LENGTH_RANGE = 2 ** 22;
const CHUNK_BYTES = 4 * 1024 * 1024;
const RECORD_INDENT = "    ";

/** A record line without its indent and the comma that separates it from the next. */
const recordText = (line: string) => line.trim().replace(/,$/, "");

const DETAIL_SCHEMAS: Record<DetailKind, z.ZodType<{ id: string }>> = {
  conferences: ConferenceDetailData,
  journals: JournalDetailData,
};

/**
 * Reads details.json once, line by line, validating every record, and returns where each one is; null when the
 * file is not laid out one record per line. Invalid JSON or an invalid record throws, as a whole-file parse would.
 */
async function indexLines(file: FileHandle): Promise<Record<DetailKind, Map<string, number>> | null> {
  const offsets: Record<DetailKind, Map<string, number>> = { conferences: new Map(), journals: new Map() };
  // The layout, as a sequence of expected lines; records may repeat inside an open section.
  const layout: { state: "start" | "top" | DetailKind | "between" | "end" } = { state: "start" };
  const seen = new Set<DetailKind>();
  const onLine = (line: string, offset: number, length: number): boolean => {
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
      if (!line.startsWith(`${RECORD_INDENT}{`) || length >= LENGTH_RANGE) return false;
      let json: unknown;
      try {
        json = JSON.parse(recordText(line));
      } catch {
        // Not one record per line (e.g. fully indented): the whole-file parse decides.
        return false;
      }
      const record = DETAIL_SCHEMAS[layout.state].parse(json);
      offsets[layout.state].set(record.id, offset * LENGTH_RANGE + length);
      return true;
    }
    return false;
  };

  let position = 0;
  let carry = Buffer.alloc(0);
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, position);
    const data =
      carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
    const dataStart = position - carry.length;
    position += bytesRead;
    let lineStart = 0;
    for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, lineStart)) {
      if (!onLine(data.toString("utf8", lineStart, nl), dataStart + lineStart, nl - lineStart)) return null;
      lineStart = nl + 1;
    }
    carry = Buffer.from(data.subarray(lineStart));
    if (bytesRead === 0) break;
  }
  if (carry.length > 0 && !onLine(carry.toString("utf8"), position - carry.length, carry.length)) return null;
  return layout.state === "end" ? offsets : null;
}

/**
 * Payloads computed on this snapshot, keyed by what they depend on (the caller builds the key from the
 * normalised parameters, "today" and whatever else the payload reads). Concurrent requests for one key share
 * one computation; a failed one is forgotten.
 */
class PayloadCache {
  private readonly lru = new LRUCache<string, { value: Promise<unknown> }>({
    max: CACHE_MAX_ENTRIES,
    maxSize: CACHE_MAX_ROWS,
    sizeCalculation: () => 1,
  });

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
  private readonly payloads = new PayloadCache();
  private readonly state = new Map<string, unknown>();

  private constructor(
    readonly dir: string,
    readonly manifest: Manifest,
    private readonly details: DetailsStore,
    private readonly instance: DuckDBInstance,
  ) {}

  /** Loads everything before returning, so a broken snapshot fails here and never replaces a working one. */
  static async open(dir: string): Promise<SnapshotDatabase> {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")));
    const details = await DetailsStore.open(join(dir, "details.json"));
    let instance: DuckDBInstance | undefined;
    try {
      instance = await DuckDBInstance.create(":memory:");
      const connection = await instance.connect();
      try {
        for (const [table, file, columns] of TABLE_LOADS) {
          // The table name and column list are constants; the file path is bound as a parameter.
          await connection.run(`CREATE TABLE ${table} AS SELECT ${columns} FROM read_parquet(?)`, [
            join(dir, file),
          ]);
        }
      } finally {
        connection.closeSync();
      }
    } catch (error) {
      instance?.closeSync();
      details.close();
      throw error;
    }
    return new SnapshotDatabase(dir, manifest, details, instance);
  }

  /** The snapshot's detail data of one conference (validated when the snapshot was loaded). */
  async conferenceDetail(id: string): Promise<ConferenceDetailData | undefined> {
    return (await this.details.get("conferences", id)) as ConferenceDetailData | undefined;
  }

  async journalDetail(id: string): Promise<JournalDetailData | undefined> {
    return (await this.details.get("journals", id)) as JournalDetailData | undefined;
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
  cached<T>(key: string, compute: () => Promise<T>, weight: (value: T) => number): Promise<T> {
    return this.payloads.get(key, compute, weight);
  }

  /**
   * State that lives as long as this snapshot (search indexes, orders, row caches): made by `make` on first use of
   * `key`, dropped with the snapshot. A promise that fails is forgotten, so the next use tries again.
   */
  kept<T>(key: string, make: () => T): T {
    if (this.state.has(key)) return this.state.get(key) as T;
    const value = make();
    this.state.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.state.get(key) === value) this.state.delete(key);
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
    this.payloads.clear();
    this.details.close();
    this.instance.closeSync();
  }
}

function closeConnection(pooled: PooledConnection): void {
  pooled.statements.clear();
  pooled.connection.closeSync();
}
