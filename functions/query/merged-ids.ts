/**
 * Ids merged away by entity resolution: the snapshot's id table (ids.json) maps each to the id its venue
 * lives under now, so old links keep working (REST and pages answer 301, MCP returns the surviving record).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { VenueKind } from "./activity.ts";

const KindTable = z.object({ merged: z.record(z.string(), z.string()).optional() }).passthrough();
const IdTable = z
  .object({ conferences: KindTable.default({}), journals: KindTable.default({}) })
  .passthrough();

export type MergedIds = Record<VenueKind, ReadonlyMap<string, string>>;

const EMPTY: MergedIds = { conference: new Map(), journal: new Map() };

// One table per snapshot directory: snapshots are immutable once written.
const loaded = new Map<string, Promise<MergedIds>>();

async function read(dir: string): Promise<MergedIds> {
  const text = await readFile(join(dir, "ids.json"), "utf8").catch(() => null);
  // A snapshot without a readable id table (first builds, test fixtures) has merged nothing: old ids then answer
  // 404 like any unknown id, never an error.
  if (text === null) return EMPTY;
  const parsed = IdTable.safeParse(parseJson(text));
  if (!parsed.success) return EMPTY;
  const table = parsed.data;
  return {
    conference: new Map(Object.entries(table.conferences.merged ?? {})),
    journal: new Map(Object.entries(table.journals.merged ?? {})),
  };
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
