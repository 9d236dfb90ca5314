/** The importer tests' upstream folder (test/fixtures/upstream) and the first checks every importer answer gets. */
import { join } from "node:path";
import { expect } from "vitest";
import type { Importer, ImportResult, SourceId } from "../../pipeline/sources/observations.ts";

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
