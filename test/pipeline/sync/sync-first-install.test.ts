/**
 * A first install: `npm run sync` into an empty UPSTREAM_DIR, against local origins made from the fixtures
 * (test/helpers/fixture-origins.ts, named by SYNC_SOURCES_FILE), fetches every folder and file the build reads,
 * the derived ones in the form their origins publish, and `npm run snapshot` builds from it.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOURCE_ENTRIES } from "../../../pipeline/sources/sources.ts";
import { type FixtureOrigins, fixtureOrigins } from "../../helpers/fixture-origins.ts";
import { UPSTREAM_FIXTURES } from "../../helpers/import-fixtures.ts";
import { REPO_ROOT } from "../../helpers/run-ts.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-first-install-");

/** `npm run <script>`, asynchronously: the origins' HTTP server answers in this process meanwhile. */
function npmRun(script: string, env: Record<string, string>): Promise<RunResult> {
  const child = spawn("npm", ["run", script], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on("close", (status) => done({ status, stdout, stderr })));
}

interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe("npm run sync into an empty folder", () => {
  let origins: FixtureOrigins;
  let work: string;
  let upstream: string;
  let sync: RunResult;
  beforeAll(async () => {
    work = tempDir("work");
    upstream = join(work, "upstream"); // does not exist yet
    origins = await fixtureOrigins(work);
    sync = await npmRun("sync", {
      UPSTREAM_DIR: upstream,
      SYNC_SOURCES_FILE: origins.sourcesFile,
      SYNC_CACHE_DIR: join(work, "git-cache"),
    });
  }, 120_000);
  afterAll(() => origins?.close());

  it("fetches every folder from its origin, none left without one", () => {
    expect(sync.status, `${sync.stdout}\n${sync.stderr}`).toBe(0);
    expect(sync.stdout).toMatch(/sync: \d+ updated, 0 up to date, 0 without origin, 0 failed/);
    const dirs = new Set(Object.values(SOURCE_ENTRIES).map((e) => e.dir));
    for (const dir of dirs) expect(existsSync(join(upstream, dir)), dir).toBe(true);
  });

  it("holds every file the build reads, byte for byte as the fixtures", () => {
    expect(origins.expectedFiles.length).toBeGreaterThan(30);
    for (const file of origins.expectedFiles) {
      expect(existsSync(join(upstream, file)), file).toBe(true);
      expect(readFileSync(join(upstream, file), "utf8"), file).toBe(
        readFileSync(join(UPSTREAM_FIXTURES, file), "utf8"),
      );
    }
    // The CORE editions come as their origin publishes them, not as converted copies.
    expect(readdirSync(join(upstream, "core-history")).sort()).toEqual(
      ["2014", "2017", "2018", "2020", "2021", "2023"].map((y) => `CORE_${y}.json`),
    );
    expect(existsSync(join(upstream, "lixin4ever-acceptance/acceptance_rates_parsed.csv"))).toBe(false);
  });

  it("is enough for the build, which reads the derived data from the published files", async () => {
    const snapshots = join(work, "snapshots");
    const build = await npmRun("snapshot", { UPSTREAM_DIR: upstream, SNAPSHOTS_DIR: snapshots });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const manifest = JSON.parse(readFileSync(join(snapshots, "latest/manifest.json"), "utf8"));
    expect(manifest.counts.conferences).toBeGreaterThan(0);
    expect(manifest.counts.acceptance).toBeGreaterThan(0);
    // The CORE editions and the lixin tables were read from the published files (their faulty rows are named).
    const report = readFileSync(join(snapshots, "latest/build-report.md"), "utf8");
    expect(report).toContain("| core-history/CORE_2017.json | row 5 |");
    expect(report).toContain("| lixin4ever-acceptance/README_source_tables.md | line 8 (ACL 2022) |");
  }, 120_000);
});
