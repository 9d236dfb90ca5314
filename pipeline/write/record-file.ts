/**
 * Reading back a public JSON table file of the snapshot writer record by record: the writer puts one record per
 * line in its array (snapshot/files.ts), so a file larger than the longest string V8 holds (at scale) still reads.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { RECORD_INDENT } from "../../snapshot/files.ts";

export interface RecordLine {
  /** The record as parsed. */
  row: Record<string, unknown>;
  /** The record's JSON text, without the separator. */
  text: string;
}

/** Each record of the table file at `path`, in order; a line that is not a JSON record is an error naming it. */
export async function* recordLines(path: string): AsyncGenerator<RecordLine> {
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (!line.startsWith(`${RECORD_INDENT}{`)) continue;
    const text = line.trim().replace(/,$/, "");
    try {
      yield { row: JSON.parse(text) as Record<string, unknown>, text };
    } catch (error) {
      throw new Error(`${path} line ${number}: not a JSON record: ${(error as Error).message}`);
    }
  }
}
