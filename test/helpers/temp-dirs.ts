/** Temporary folders for the tests of a file, all removed after them. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** A maker of fresh folders named `<prefix><name>-…` in the temp folder; every one is removed after the file's tests. */
export function tempDirsForFile(prefix: string): (name: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (name) => {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}${name}-`));
    dirs.push(dir);
    return dir;
  };
}
