/** Snapshots built by the real pipeline for tests: from the real upstream data beside the repo, or from copies. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { buildSnapshot } from "../../pipeline/pipeline.ts";

/** The real upstream data (../shared/data/upstream, UPSTREAM_DIR's default). */
export const REAL_UPSTREAM = resolve(import.meta.dirname, "../../../shared/data/upstream");

/**
 * A suite that reads REAL_UPSTREAM. CI has the data, so where it is missing the suite fails, in one test that says
 * what is missing, instead of skipping (its body, hooks included, does not run).
 */
export function describeOnRealUpstream(name: string, body: () => void | Promise<void>): void {
  describe(
    name,
    existsSync(REAL_UPSTREAM) ? body : () => it("finds the real upstream data", requireRealUpstream),
  );
}

function requireRealUpstream(): never {
  throw new Error(
    `the real upstream data is missing: ${REAL_UPSTREAM} (UPSTREAM_DIR's default, ../shared/data/upstream beside ` +
      "the repo) is not there. CI has it; put a copy or a link there to run this suite.",
  );
}

/**
 * The nightly build of `upstreamDir` into `snapshotsDir` for `baseUrl`, without log lines; `now` is the clock. The
 * pipeline is loaded on the first call, so the tests that only read REAL_UPSTREAM do not load it.
 */
export async function buildQuietly(
  upstreamDir: string,
  snapshotsDir: string,
  baseUrl: string,
  now = new Date(),
): ReturnType<typeof buildSnapshot> {
  const { buildSnapshot } = await import("../../pipeline/pipeline.ts");
  return buildSnapshot({ upstreamDir, snapshotsDir, baseUrl, now, log: () => {} });
}

/**
 * The real upstream built once for the calling suite into a temp folder named by `prefix`, removed after the suite;
 * the hooks run before the suite's own. The getter gives the snapshots folder and the dated snapshot in it.
 */
export function realSnapshotForSuite(prefix: string): () => { snapshotsDir: string; dir: string } {
  let snapshotsDir: string | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    snapshotsDir = await mkdtemp(join(tmpdir(), prefix));
    ({ dir } = await buildQuietly(REAL_UPSTREAM, snapshotsDir, "https://venues.test"));
  });
  afterAll(async () => {
    if (snapshotsDir) await rm(snapshotsDir, { recursive: true, force: true });
  });
  return () => {
    if (!snapshotsDir || !dir)
      throw new Error("the real snapshot is read before the suite's beforeAll built it");
    return { snapshotsDir, dir };
  };
}

/** The next night's Qualis list in a copy of the fixtures: 3DV moved from A1 to A2, a new venue NEWCONF (B2). */
export async function nextNightQualis(upstream: string): Promise<void> {
  const qualis = join(upstream, "qualis-cs-confs-br/CAPES-CC-2017-2020-Qualis.csv");
  writeFileSync(
    qualis,
    readFileSync(qualis, "utf8").replace(
      "3DV,International Conference on 3D Vision,A1",
      "3DV,International Conference on 3D Vision,A2",
    ),
  );
  await appendFile(qualis, "NEWCONF,International Conference on Something Entirely New,B2\n");
}

/**
 * The next night's conference-partner lists in a copy of the fixtures: AsiaCCS 2027 (the reference rows) moves its
 * paper deadline by three days (2026-12-11 → 2026-12-14); nothing else changes.
 */
export function nextNightAsiaccsDeadline(upstream: string): void {
  for (const f of ["core-conferences.json", "qualis-conferences.json"]) {
    const file = join(upstream, "conference-partner", f);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        '"submission_date": "2026-12-11"',
        '"submission_date": "2026-12-14"',
      ),
    );
  }
}
