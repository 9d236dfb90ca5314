/**
 * The suite mirrors the source folders (test/README.md): a test at test/X/Y/name.test.ts stands beside the module
 * folder X/Y, so a module's tests are found by its path. Only helpers/, fixtures/ and faults/ sit apart. The last test
 * plants a test in a folder the source does not have, in a throw-away tree, and watches the check name it.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
/** Shared helpers, shared fixture data, and the fault tests (their own vitest project, run last). */
const APART = new Set(["helpers", "fixtures", "faults"]);

/** The test files under root/test whose folder has no twin folder in root. */
function misplacedTests(root: string): string[] {
  const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  return readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".test.ts") && !APART.has(path.split("/")[0] ?? ""))
    .filter((path) => !isFolder(join(root, dirname(path))))
    .map((path) => `test/${path}`)
    .sort();
}

describe("the test tree", () => {
  it("puts every test in a folder the source tree has", () => {
    expect(misplacedTests(ROOT)).toEqual([]);
  });

  const copies: string[] = [];
  afterAll(() => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });

  it("names a test planted in a folder the source does not have", () => {
    const copy = mkdtempSync(join(tmpdir(), "test-layout-"));
    copies.push(copy);
    mkdirSync(join(copy, "pipeline/merge"), { recursive: true });
    const tests = [
      "test/layout.test.ts",
      "test/pipeline/merge/plausibility.test.ts",
      "test/faults/flood.test.ts",
      "test/pipeline/merging/planted.test.ts",
    ];
    for (const path of tests) {
      mkdirSync(join(copy, dirname(path)), { recursive: true });
      writeFileSync(join(copy, path), "");
    }
    expect(misplacedTests(copy)).toEqual(["test/pipeline/merging/planted.test.ts"]);
  });
});
