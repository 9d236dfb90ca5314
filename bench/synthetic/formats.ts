/**
 * The upstream file formats, as the synthetic generator writes them: CSV lists, YAML lists (one file or a
 * folder of files) and JSON arrays. Copy 0 is the real file as published where the format allows appending
 * (CSV, YAML); later copies are the real records passed through a source's `transform`.
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import Papa from "papaparse";
import { parse, stringify } from "yaml";
import type { Names } from "./names.ts";
import { type FileSink, JsonArrayFile } from "./sink.ts";

export interface SyntheticSource {
  /** Passes every real record through the source's transform (how the real names are collected). */
  visit(names: Names): void;
  /** Opens files that wrap every copy (JSON headers). */
  open?(sink: FileSink, scale: number): void;
  /** Writes copy `names.copy`; copy 0 is the real data. */
  copy(sink: FileSink, names: Names): void;
  close?(sink: FileSink): void;
}

export type Record_ = Record<string, unknown>;
export type Transform = (record: Record_, names: Names) => Record_;

export function isRecord(value: unknown): value is Record_ {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Applies `fn` to a value when it is text; anything else (null, a number) is kept. */
export function text(value: unknown, fn: (text: string) => string): unknown {
  return typeof value === "string" ? fn(value) : value;
}

/** A copy of the record with the given fields mapped; fields it lacks stay absent. */
export function mapFields(record: Record_, mappers: Record<string, (value: unknown) => unknown>): Record_ {
  const out: Record_ = { ...record };
  for (const [key, map] of Object.entries(mappers)) if (key in record) out[key] = map(record[key]);
  return out;
}

/** Maps the records of a list value (non-records are kept). */
export function eachRecord(value: unknown, fn: (record: Record_) => Record_): unknown {
  return Array.isArray(value) ? value.map((item) => (isRecord(item) ? fn(item) : item)) : value;
}

const readText = (realDir: string, file: string) => readFile(join(realDir, file), "utf8");

/** The text of every `*.<ext>` file under `dir` (and its sub-folders), by path; `file` is relative to `realDir`. */
function readFolder(realDir: string, dir: string, ext: string): Promise<{ file: string; raw: string }[]> {
  const files = readdirSync(join(realDir, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => join(dir, name));
  return Promise.all(files.map(async (file) => ({ file, raw: await readText(realDir, file) })));
}

/** Papaparse keeps cells beyond the header under this key; the build joins them back into the last column. */
const EXTRA = "__parsed_extra";

/** A CSV list: copy 0 verbatim, each copy's rows appended after it with the file's own line ends. */
export async function csvSource(
  realDir: string,
  file: string,
  transform: Transform,
  delimiter = ",",
): Promise<SyntheticSource> {
  const raw = await readText(realDir, file);
  const newline = raw.includes("\r\n") ? "\r\n" : "\n";
  const parsed = Papa.parse<Record_>(raw.replace(/^\ufeff/, ""), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  });
  const columns = parsed.meta.fields ?? [];
  const last = columns.at(-1) ?? "";
  const rows = parsed.data.map(({ [EXTRA]: extra, ...row }) =>
    Array.isArray(extra) ? { ...row, [last]: [row[last], ...extra].join(delimiter) } : row,
  );
  return {
    visit: (names) => void rows.map((row) => transform(row, names)),
    copy(sink, names) {
      if (names.copy === 0) {
        sink.write(file, raw.endsWith("\n") ? raw : `${raw}${newline}`);
        return;
      }
      const data = rows.map((row) => transform(row, names));
      sink.write(file, `${Papa.unparse(data, { columns, header: false, delimiter, newline })}${newline}`);
    },
  };
}

/** A table row's edition cell, "|ACL'21 Findings": the venue's name before the year. */
const TABLE_ROW = /^(\|\s*)([^|'\n]+?)('\d{2})/gm;

/**
 * Markdown tables whose rows open with "<venue>'YY" (lixin4ever's README, read by pipeline/importers/lixin-tables.ts):
 * copy 0 verbatim, copy k the whole text again, headings and headers included, with each venue renamed.
 */
export async function markdownTablesSource(
  realDir: string,
  file: string,
  rename: (name: string, names: Names) => string,
): Promise<SyntheticSource> {
  const raw = await readText(realDir, file);
  const text = raw.endsWith("\n") ? raw : `${raw}\n`;
  return {
    visit: (names) => void [...text.matchAll(TABLE_ROW)].map((m) => rename(m[2] ?? "", names)),
    copy(sink, names) {
      const copy = text.replace(TABLE_ROW, (_, lead, name, year) => `${lead}${rename(name, names)}${year}`);
      sink.write(file, names.copy === 0 ? text : copy);
    },
  };
}

function yamlList(raw: string, file: string): unknown[] {
  const document: unknown = parse(raw);
  if (document === null || document === undefined) return [];
  if (!Array.isArray(document)) throw new Error(`${file}: expected a YAML list`);
  return document;
}

const transformAll = (items: readonly unknown[], transform: Transform, names: Names) =>
  items.map((item) => (isRecord(item) ? transform(item, names) : item));

/** `dir/name.yml` of copy k: `dir/name-c<k>.yml`, beside the real file. */
export const copyFileName = (file: string, copy: number) =>
  join(dirname(file), `${basename(file, ".yml")}-c${copy}.yml`);

/** Every `.yml` list under `dir` (and its sub-folders): copy 0 verbatim, copy k as a file of its own. */
export async function yamlFolderSource(
  realDir: string,
  dir: string,
  transform: Transform,
): Promise<SyntheticSource> {
  const lists = (await readFolder(realDir, dir, ".yml")).map(({ file, raw }) => ({
    file,
    raw,
    items: yamlList(raw, file),
  }));
  return {
    visit: (names) => void lists.map(({ items }) => transformAll(items, transform, names)),
    copy(sink, names) {
      for (const { file, raw, items } of lists) {
        if (names.copy === 0) sink.writeFile(file, raw);
        else sink.writeFile(copyFileName(file, names.copy), stringify(transformAll(items, transform, names)));
      }
    },
  };
}

/** One YAML list: copy 0 verbatim, each copy's entries appended as more items of the same list. */
export async function yamlFileSource(
  realDir: string,
  file: string,
  transform: Transform,
): Promise<SyntheticSource> {
  const raw = await readText(realDir, file);
  const items = yamlList(raw, file);
  return {
    visit: (names) => void transformAll(items, transform, names),
    copy(sink, names) {
      if (names.copy === 0) sink.write(file, raw.endsWith("\n") ? raw : `${raw}\n`);
      else sink.write(file, stringify(transformAll(items, transform, names)));
    },
  };
}

/**
 * A JSON file holding one array of records: bare (`arrayKey` null) or beside header members, whose `count`
 * (if any) is scaled.
 */
export async function jsonArraySource(
  realDir: string,
  file: string,
  arrayKey: string | null,
  transform: Transform,
): Promise<SyntheticSource> {
  const data: unknown = JSON.parse((await readText(realDir, file)).replace(/^\ufeff/, ""));
  const items = arrayKey === null ? data : isRecord(data) ? data[arrayKey] : undefined;
  if (!Array.isArray(items)) throw new Error(`${file}: expected an array${arrayKey ? ` "${arrayKey}"` : ""}`);
  let out: JsonArrayFile | undefined;
  return {
    visit: (names) => void transformAll(items, transform, names),
    open(sink, scale) {
      let header: { members: Record_; arrayKey: string } | null = null;
      if (arrayKey !== null && isRecord(data)) {
        const { [arrayKey]: _, ...members } = data;
        if (typeof members.count === "number") members.count *= scale;
        header = { members, arrayKey };
      }
      out = new JsonArrayFile(file, header);
      out.open(sink);
    },
    copy(sink, names) {
      out?.items(sink, transformAll(items, transform, names));
    },
    close(sink) {
      out?.close(sink);
    },
  };
}

/** JSON lines: copy 0 verbatim, each copy's records appended as more lines. */
export async function jsonlSource(
  realDir: string,
  file: string,
  transform: Transform,
): Promise<SyntheticSource> {
  const raw = await readText(realDir, file);
  const records = raw
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as unknown);
  return {
    visit: (names) => void transformAll(records, transform, names),
    copy(sink, names) {
      if (names.copy === 0) sink.write(file, raw.endsWith("\n") ? raw : `${raw}\n`);
      else
        sink.write(
          file,
          transformAll(records, transform, names)
            .map((r) => `${JSON.stringify(r)}\n`)
            .join(""),
        );
    },
  };
}

/** Every `.json` record file under `dir`: copy 0 verbatim, copy k as `name-c<k>.json` beside it. */
export async function jsonFolderSource(
  realDir: string,
  dir: string,
  transform: Transform,
): Promise<SyntheticSource> {
  const records = (await readFolder(realDir, dir, ".json")).map(({ file, raw }) => ({
    file,
    raw,
    record: JSON.parse(raw) as unknown,
  }));
  return {
    visit: (names) => void records.map(({ record }) => transformAll([record], transform, names)),
    copy(sink, names) {
      for (const { file, raw, record } of records) {
        if (names.copy === 0) sink.writeFile(file, raw);
        else {
          const [copied] = transformAll([record], transform, names);
          sink.writeFile(
            join(dirname(file), `${basename(file, ".json")}-c${names.copy}.json`),
            JSON.stringify(copied),
          );
        }
      }
    },
  };
}

/**
 * A JavaScript file holding one list as a string literal of tab-separated rows, one `"…\n" +` line per row, up to
 * the first `;` (CCFrank4dblp's dataGen.js). Copy 0 verbatim; the copies' rows go inside the literal, before the `;`.
 */
export async function stringLiteralRowsSource(
  realDir: string,
  file: string,
  literalName: string,
  transformCells: (cells: string[], names: Names) => string[],
): Promise<SyntheticSource> {
  const raw = await readText(realDir, file);
  const start = raw.indexOf(literalName);
  const end = raw.indexOf(";", start);
  if (start < 0 || end < 0) throw new Error(`${file}: no ${literalName} string found`);
  const rows = [...raw.slice(start, end).matchAll(/^\s*"((?:[^"\\]|\\.)*)"/gm)].map((m) =>
    (JSON.parse(`"${(m[1] ?? "").replaceAll("\t", "\\t")}"`) as string).replace(/\n$/, "").split("\t"),
  );
  const copies: string[] = [];
  return {
    visit: (names) => void rows.map((cells) => transformCells(cells, names)),
    copy(_sink, names) {
      if (names.copy === 0) return;
      for (const cells of rows)
        copies.push(`  ${JSON.stringify(`${transformCells(cells, names).join("\t")}\n`)} +\n`);
    },
    close(sink) {
      // The copies go before the literal's last line, so every row stays inside it.
      const lastLine = raw.lastIndexOf("\n", end) + 1;
      sink.write(file, raw.slice(0, lastLine) + copies.join("") + raw.slice(lastLine));
    },
  };
}
