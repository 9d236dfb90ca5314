/**
 * The importer tests' upstream folder (test/fixtures/upstream), the first checks every importer answer gets, the
 * check that an importer fails its source when its files are missing, a broken copy of one file, and the rank
 * claims the list importers give.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import {
  conferenceObservation,
  type Importer,
  type ImportResult,
  SourceError,
  type SourceId,
} from "../../pipeline/sources/observations.ts";
import type { RankHistoryEntry } from "../../snapshot/records.ts";

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

export function claims(source: string, edition: string, ...pairs: [RankHistoryEntry["system"], string][]) {
  return pairs.map(([system, rank]) => ({ system, edition, rank, source }));
}

/** A builder of one rank list's conferences as its importer reads them: keyed by edition, title and acronym. */
export const rankedConference =
  (source: SourceId, edition: string, system: RankHistoryEntry["system"], file: string) =>
  (title: string, acronym: string | null, rank: string) =>
    conferenceObservation({
      source,
      key: `${edition}#${title}|${acronym ?? ""}`,
      file,
      acronym,
      title,
      ranks: claims(source, edition, [system, rank]),
    });

/** A copy of the fixtures to break one file of; removeFixtureCopies (in afterEach) removes them. */
const scratch: string[] = [];
export function fixturesCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "importers-lists-"));
  cpSync(UPSTREAM_FIXTURES, dir, { recursive: true });
  scratch.push(dir);
  return dir;
}
export function removeFixtureCopies(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function sourceError(run: Promise<unknown>): Promise<SourceError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

/** The SourceError `importer` throws once `file` holds `text` in a copy of the fixtures; it names the file. */
export async function brokenFileError(importer: Importer, file: string, text: string) {
  const dir = fixturesCopy();
  writeFileSync(join(dir, file), text);
  const error = await sourceError(importer(dir));
  expect(error.file).toBe(file);
  return { dir, error };
}
