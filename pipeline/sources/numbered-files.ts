/** The files of a source folder that come one per year or list edition (CORE2014.csv, scimagojr_2021_….csv). */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { SourceError } from "./observations.ts";

/**
 * The files of `dir` whose names match `pattern`, each with its first group (the year or edition), oldest first.
 * A folder that cannot be listed, or holds no such file (`expected` names one), fails the whole source.
 */
export async function numberedFiles(
  upstreamDir: string,
  dir: string,
  pattern: RegExp,
  expected: string,
): Promise<{ name: string; number: string }[]> {
  let names: string[];
  try {
    names = await readdir(join(upstreamDir, dir));
  } catch (cause) {
    throw new SourceError(dir, "directory", `cannot list: ${(cause as Error).message}`);
  }
  const files = names.flatMap((name) => {
    const number = pattern.exec(name)?.[1];
    return number === undefined ? [] : [{ name, number }];
  });
  if (files.length === 0) throw new SourceError(dir, "directory", `no ${expected} file`);
  return files.sort((a, b) => a.number.localeCompare(b.number));
}
