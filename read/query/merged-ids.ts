/**
 * Ids merged away by entity resolution: the snapshot's merged.json (written from its id table, ids.json) maps each
 * to the id its venue lives under now, so old links keep working (REST and pages answer 301, MCP returns the surviving record).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { IDS, MERGED } from "../../snapshot/files.ts";
import type { VenueKind } from "./activity.ts";

/** merged.json: per kind, each id merged away → the id its venue lives under now. */
const Merged = z.record(z.string(), z.string());
const MergedFile = z.object({ conferences: Merged.default({}), journals: Merged.default({}) });
/** Snapshots written before merged.json: the id table's `merged` maps. */
const IdTable = z.object({
  conferences: z.object({ merged: Merged.default({}) }).default({ merged: {} }),
  journals: z.object({ merged: Merged.default({}) }).default({ merged: {} }),
});

export type MergedIds = Record<VenueKind, ReadonlyMap<string, string>>;

const EMPTY: MergedIds = { conference: new Map(), journal: new Map() };

// One table per snapshot directory: snapshots are immutable once written.
const loaded = new Map<string, Promise<MergedIds>>();

async function read(dir: string): Promise<MergedIds> {
  const table = await readTable(dir);
  // A snapshot without a readable id table (first builds, test fixtures) has merged nothing: old ids then answer
  // 404 like any unknown id, never an error.
  if (!table) return EMPTY;
  return {
    conference: new Map(Object.entries(table.conferences)),
    journal: new Map(Object.entries(table.journals)),
  };
}

async function readTable(dir: string): Promise<z.infer<typeof MergedFile> | null> {
  const merged = await readFile(join(dir, MERGED), "utf8").catch(() => null);
  if (merged !== null) return MergedFile.safeParse(parseJson(merged)).data ?? null;
  const ids = await readFile(join(dir, IDS), "utf8").catch(() => null);
  const table = ids === null ? undefined : IdTable.safeParse(parseJson(ids)).data;
  return table ? { conferences: table.conferences.merged, journals: table.journals.merged } : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function mergedIds(dir: string): Promise<MergedIds> {
  let table = loaded.get(dir);
  if (!table) {
    table = read(dir);
    loaded.set(dir, table);
  }
  return table;
}
