/** The one JSON file reader of the build: an unreadable or malformed file is an error of the whole source. */
import { readFile } from "node:fs/promises";
import { SourceError } from "./observations.ts";

/** Reads and parses one JSON file (a leading byte-order mark is allowed); `file` names it in errors. */
export async function readJsonFile(path: string, file: string): Promise<unknown> {
  try {
    return JSON.parse((await readFile(path, "utf8")).replace(/^\ufeff/, ""));
  } catch (cause) {
    throw new SourceError(file, "file", `cannot read JSON: ${(cause as Error).message}`);
  }
}
