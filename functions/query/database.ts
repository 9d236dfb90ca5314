/**
 * One loaded snapshot: its Parquet files as in-memory DuckDB tables, its details file as maps, its manifest.
 * Immutable once opened. Queries run on a small pool of connections; `retire()` closes the instance once the
 * queries still running on it have finished, which is what lets a newer snapshot replace it mid-traffic.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type DuckDBConnection, DuckDBInstance, type DuckDBType, type DuckDBValue } from "@duckdb/node-api";
import { z } from "zod";
import { ConferenceDetailData, JournalDetailData, Manifest } from "../schema/records.ts";

const DetailsFile = z.object({
  conferences: z.array(ConferenceDetailData),
  journals: z.array(JournalDetailData),
});

/** Derived columns computed once at load: numeric id for stable ordering, folded names for search. */
const TABLE_LOADS = [
  [
    "conferences",
    "conferences.parquet",
    "*, CAST(id AS BIGINT) AS id_num, lower(short_name) AS short_lc, lower(full_name) AS full_lc",
  ],
  [
    "journals",
    "journals.parquet",
    "*, CAST(id AS BIGINT) AS id_num, lower(coalesce(short_name, '')) AS short_lc, lower(full_name) AS full_lc, " +
      "TRY_CAST(impact_factor AS DOUBLE) AS if_num",
  ],
  ["special_issues", "special-issues.parquet", "*"],
] as const;

/** A bound value with its DuckDB type spelled out (needed where inference fails, e.g. an empty list). */
export class TypedValue {
  constructor(
    readonly value: DuckDBValue,
    readonly type: DuckDBType,
  ) {}
}

export type SqlParam = DuckDBValue | TypedValue;

export class SnapshotDatabase {
  private readonly idle: DuckDBConnection[] = [];
  private leases = 0;
  private retired = false;
  private closed = false;

  private constructor(
    readonly dir: string,
    readonly manifest: Manifest,
    readonly conferenceDetails: ReadonlyMap<string, ConferenceDetailData>,
    readonly journalDetails: ReadonlyMap<string, JournalDetailData>,
    private readonly instance: DuckDBInstance,
  ) {}

  /** Loads everything before returning, so a broken snapshot fails here and never replaces a working one. */
  static async open(dir: string): Promise<SnapshotDatabase> {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")));
    const details = DetailsFile.parse(JSON.parse(await readFile(join(dir, "details.json"), "utf8")));
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
      } finally {
        connection.closeSync();
      }
    } catch (error) {
      instance.closeSync();
      throw error;
    }
    return new SnapshotDatabase(
      dir,
      manifest,
      new Map(details.conferences.map((d) => [d.id, d])),
      new Map(details.journals.map((d) => [d.id, d])),
      instance,
    );
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

  /** Rows as plain JS objects. Every value is bound; SQL text never contains caller input. */
  async all<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    const values = params.map((p) => (p instanceof TypedValue ? p.value : p));
    const types = params.map((p) => (p instanceof TypedValue ? p.type : undefined));
    const connection = this.idle.pop() ?? (await this.instance.connect());
    try {
      const reader = await connection.runAndReadAll(sql, values, types as DuckDBType[]);
      return reader.getRowObjectsJS() as T[];
    } finally {
      if (this.closed) connection.closeSync();
      else this.idle.push(connection);
    }
  }

  /** No new leases should be taken; closes now if idle, else when the last lease ends. */
  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.closeSync();
    this.instance.closeSync();
  }
}
