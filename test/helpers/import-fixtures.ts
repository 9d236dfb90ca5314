/**
 * The importer tests' upstream folder (test/fixtures/upstream), the first checks every importer answer gets, and
 * the check that an importer fails its source when its files are missing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import {
  type Importer,
  type ImportResult,
  SourceError,
  type SourceId,
} from "../../pipeline/sources/observations.ts";

export const UPSTREAM_FIXTURES = join(import.meta.dirname, "../fixtures/upstream");

/** `importer`'s answer on the fixtures, after checking that it names `source` and read `read` records. */
export async function importFixtures(
  importer: Importer,
  source: SourceId,
  read: number,
): Promise<ImportResult> {
  const result = await importer(UPSTREAM_FIXTURES);
  expect(result.source).toBe(source);
  expect(result.read).toBe(read);
  return result;
}

/** `importer` on an empty upstream folder fails its source with a SourceError (never answers with nothing). */
export async function expectSourceErrorWithoutFiles(importer: Importer): Promise<void> {
  const empty = await mkdtemp(join(tmpdir(), "empty-upstream-"));
  try {
    await expect(importer(empty)).rejects.toThrow(SourceError);
  } finally {
    await rm(empty, { recursive: true });
  }
}
