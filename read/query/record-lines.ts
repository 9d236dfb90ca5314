/**
 * Records of a snapshot JSON document read one at a time. The build writes every array of its JSON documents one
 * record per line (`    {"id":"…", …},`, snapshot/files.ts), so a record is found by where its line sits and
 * read alone instead of the whole file being parsed or held. A file whose sha256 is the manifest's is exactly what
 * the build wrote from validated rows: its lines are indexed by their id prefix without being parsed (parsing and
 * validating every detail took most of a 10 s start-up at 100 times today's catalogue).
 */
import { createHash } from "node:crypto";
import { readSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { RECORD_INDENT } from "../../snapshot/files.ts";
import { firstAtLeast } from "./sorted.ts";

/** A line's place: byte offset × 2^22 + byte length (records stay far below 4 MB). */
const LENGTH_RANGE = 2 ** 22;
const CHUNK_BYTES = 4 * 1024 * 1024;
const NEWLINE = 10;
const RECORD_START = Buffer.from(`${RECORD_INDENT}{"id":"`);
const QUOTE = 34;
const DIGIT_0 = 48;

/** A record line without its indent and the comma that separates it from the next. */
export const recordText = (line: string) => line.trim().replace(/,$/, "");

/** The numeric id of a venue id text ("0123", "12a" and the like have none: no venue is numbered so). */
export function numericId(id: string): number | undefined {
  const n = Number(id);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === id ? n : undefined;
}

/** The lines of one array of a document, by numeric record id. */
export class RecordLines {
  private constructor(
    private readonly ids: Float64Array,
    private readonly places: Float64Array,
  ) {}

  /** Ids are unique (the build refuses a duplicate). Sorted once, then looked up by halving: no map of 500,000. */
  static of(ids: readonly number[], places: readonly number[]): RecordLines {
    const sorted = Float64Array.from(ids).sort();
    const placed = new Float64Array(ids.length);
    ids.forEach((id, i) => {
      placed[firstAtLeast(sorted, id)] = places[i] as number;
    });
    return new RecordLines(sorted, placed);
  }

  /** The place of the record with this id, or undefined. */
  placeOf(id: number): number | undefined {
    const i = firstAtLeast(this.ids, id);
    return this.ids[i] === id ? this.places[i] : undefined;
  }
}

/** Collects (id, place) pairs per array while a file is read. */
export class RecordLinesBuilder {
  private readonly sections = new Map<string, { ids: number[]; places: number[] }>();

  add(section: string, id: number, offset: number, length: number): void {
    let lines = this.sections.get(section);
    if (!lines) {
      lines = { ids: [], places: [] };
      this.sections.set(section, lines);
    }
    lines.ids.push(id);
    lines.places.push(offset * LENGTH_RANGE + length);
  }

  finish(): Map<string, RecordLines> {
    return new Map([...this.sections].map(([name, l]) => [name, RecordLines.of(l.ids, l.places)]));
  }
}

/**
 * Reads a file once in chunks, calling `onLine` with each line as `data[start, end)` and its offset in the file.
 * False when `onLine` returns false or a line is longer than any record can be (not a file of record lines).
 * `onChunk` sees every byte once, in order.
 */
export async function eachLine(
  file: FileHandle,
  onLine: (data: Buffer, start: number, end: number, offset: number) => boolean,
  onChunk: (bytes: Buffer) => void = () => {},
): Promise<boolean> {
  // One buffer for the whole file: the unfinished line moves to its front and the next chunk is read after it.
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES + LENGTH_RANGE);
  let position = 0;
  let carried = 0;
  for (;;) {
    const { bytesRead } = await file.read(buffer, carried, CHUNK_BYTES, position);
    onChunk(buffer.subarray(carried, carried + bytesRead));
    const data = buffer.subarray(0, carried + bytesRead);
    const dataStart = position - carried;
    position += bytesRead;
    let lineStart = 0;
    for (let nl = data.indexOf(NEWLINE); nl >= 0; nl = data.indexOf(NEWLINE, lineStart)) {
      if (nl - lineStart >= LENGTH_RANGE || !onLine(data, lineStart, nl, dataStart + lineStart)) return false;
      lineStart = nl + 1;
    }
    if (bytesRead === 0)
      return lineStart === data.length || onLine(data, lineStart, data.length, dataStart + lineStart);
    carried = data.length - lineStart;
    if (carried >= LENGTH_RANGE) return false;
    buffer.copy(buffer, 0, lineStart, data.length);
  }
}

/** A record line's numeric id, read from its `    {"id":"…"` prefix; undefined for any other line. */
function prefixId(data: Buffer, start: number, end: number): number | undefined {
  const digits = start + RECORD_START.length;
  if (end <= digits) return undefined;
  for (let i = 0; i < RECORD_START.length; i++) if (data[start + i] !== RECORD_START[i]) return undefined;
  let id = 0;
  for (let i = digits; i < end; i++) {
    const byte = data[i] as number;
    if (byte === QUOTE) return i > digits ? id : undefined;
    const digit = byte - DIGIT_0;
    if (digit < 0 || digit > 9) return undefined;
    id = id * 10 + digit;
  }
  return undefined;
}

/** An array's opening line, `  "name": [`, gives the section its records belong to. */
const SECTION = /^ {2}"([a-z_]+)": \[$/;

/** A document's records, by array and id, read from the file on demand. */
export class RecordFile {
  private constructor(
    private readonly file: FileHandle,
    private readonly sections: Map<string, RecordLines>,
  ) {}

  /** Wraps an index made elsewhere (a file checked record by record); takes over the handle. */
  static of(file: FileHandle, sections: Map<string, RecordLines>): RecordFile {
    return new RecordFile(file, sections);
  }

  /**
   * Indexes `path` by its record lines' id prefixes when its content hashes to `sha256`; null (file closed)
   * when it does not, so the caller can check it record by record or refuse it.
   */
  static async openVerified(path: string, sha256: string): Promise<RecordFile | null> {
    const file = await open(path, "r");
    try {
      const hash = createHash("sha256");
      const builder = new RecordLinesBuilder();
      let section = "";
      const lines = await eachLine(
        file,
        (data, start, end, offset) => {
          const id = prefixId(data, start, end);
          if (id !== undefined) builder.add(section, id, offset, end - start);
          else if (end - start < 64)
            section = SECTION.exec(data.toString("utf8", start, end))?.[1] ?? section;
          return true;
        },
        (chunk) => hash.update(chunk),
      );
      if (lines && hash.digest("hex") === sha256) return new RecordFile(file, builder.finish());
    } catch (error) {
      await file.close();
      throw error;
    }
    await file.close();
    return null;
  }

  /**
   * The record of `section` with numeric id `id`, parsed but not validated; undefined when there is none. Read
   * synchronously: the file was read whole when opened, so its pages are cached and a record costs a few
   * microseconds, a third of a round trip through the thread pool.
   */
  read(section: string, id: number): unknown {
    const place = this.sections.get(section)?.placeOf(id);
    if (place === undefined) return undefined;
    const length = place % LENGTH_RANGE;
    const buffer = Buffer.allocUnsafe(length);
    readSync(this.file.fd, buffer, 0, length, (place - length) / LENGTH_RANGE);
    return JSON.parse(recordText(buffer.toString("utf8")));
  }

  /** The record of `section` with the venue id text `id` (no record for "0136", "12a" and the like). */
  readId(section: string, id: string): unknown {
    const n = numericId(id);
    return n === undefined ? undefined : this.read(section, n);
  }

  close(): void {
    void this.file.close();
  }
}
