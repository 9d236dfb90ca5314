/** SQLite rows as the store's records: SQLite returns integers for the 0/1 flags and counts, null for absent text. */
import type { SQLOutputValue } from "node:sqlite";
import { recordReaders } from "../shared.ts";

export type Row = Record<string, SQLOutputValue>;

export const str = (v: SQLOutputValue | undefined): string => String(v);
export const strOrNull = (v: SQLOutputValue | undefined): string | null =>
  v === null || v === undefined ? null : String(v);
export const num = (v: SQLOutputValue | undefined): number => Number(v ?? 0);

export const records = recordReaders<Row>((r) => ({
  text: (name) => str(r[name]),
  optionalText: (name) => strOrNull(r[name]),
  count: (name) => num(r[name]),
  flag: (name) => num(r[name]) === 1,
}));
