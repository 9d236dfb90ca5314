/**
 * Local origins for every source of pipeline/sources/sources.yaml, made from the upstream fixtures as the real
 * origins publish them: a bare git repository per git origin (its mapped paths committed where the repository has
 * them; the CORE editions as the JSON the origin publishes) and one HTTP server on 127.0.0.1 for the HTTP origins,
 * with a sources file pointing at them (SYNC_SOURCES_FILE). Nothing reaches the network.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import { parseCsv } from "../../pipeline/sources/csv.ts";
import { type Origin, SOURCE_ENTRIES } from "../../pipeline/sources/sources.ts";
import { publishedCoreObjects } from "./core-published.ts";
import { UPSTREAM_FIXTURES } from "./import-fixtures.ts";

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "fixture",
  GIT_AUTHOR_EMAIL: "fixture@example.org",
  GIT_COMMITTER_NAME: "fixture",
  GIT_COMMITTER_EMAIL: "fixture@example.org",
  GIT_COMMITTER_DATE: "2026-11-20T10:00:00Z",
  GIT_AUTHOR_DATE: "2026-11-20T10:00:00Z",
};

/** A CORE<year>.csv fixture as the origin publishes it (core/CORE_<year>.json). */
function coreJson(csvText: string): string {
  const rows = parseCsv(csvText, "fixture").map((r) => Object.values(r.values));
  return JSON.stringify(publishedCoreObjects(rows), null, 2);
}

/** The fixture file or folder a source folder's path comes from (published forms of derived files included). */
function fixtureContent(dir: string, to: string): string | { folder: string } | null {
  const coreEdition = /^CORE_(\d{4})\.json$/.exec(to);
  const coreCsv = join(UPSTREAM_FIXTURES, dir, `CORE${coreEdition?.[1]}.csv`);
  if (dir === "core-history" && coreEdition)
    return existsSync(coreCsv) ? coreJson(readFileSync(coreCsv, "utf8")) : null;
  const path = join(UPSTREAM_FIXTURES, dir, to === "." ? "" : to);
  if (!existsSync(path)) return null;
  return statSync(path).isDirectory() ? { folder: path } : readFileSync(path, "utf8");
}

/** Fixture files made up for the tests beside a folder's real paths (openaccept/nlp): mapped under their own name. */
function unmappedFixtures(dir: string, mapped: string[]): string[] {
  if (mapped.includes(".") || !existsSync(join(UPSTREAM_FIXTURES, dir))) return [];
  const derived = /^(CORE\d{4}\.csv|calls_all_history_union\.json)$/;
  return readdirSync(join(UPSTREAM_FIXTURES, dir)).filter(
    (name) => !mapped.includes(name) && !derived.test(name),
  );
}

function write(target: string, content: string | { folder: string }): void {
  mkdirSync(dirname(target), { recursive: true });
  if (typeof content === "string") writeFileSync(target, content);
  else cpSync(content.folder, target, { recursive: true });
}

export interface FixtureOrigins {
  /** The sources file naming the local origins (SYNC_SOURCES_FILE). */
  sourcesFile: string;
  /** Every file of the fixtures the build reads, as a synced folder must hold it (path under UPSTREAM_DIR). */
  expectedFiles: string[];
  close(): Promise<void>;
}

function filesUnder(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(root, join(dir, e.name)) : [join(dir, e.name)],
  );
}

export async function fixtureOrigins(work: string): Promise<FixtureOrigins> {
  const served = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const body = served.get(req.url ?? "");
    res.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sources: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(SOURCE_ENTRIES)) {
    const mapped = entry.origin.flatMap((o) => ("http" in o ? [o.to] : Object.values(o.paths)));
    const extra = unmappedFixtures(entry.dir, mapped);
    const origin = entry.origin.map((o: Origin, i): Origin => {
      if ("http" in o) {
        const path = `/${entry.dir}/${o.to}`;
        served.set(path, fixtureContent(entry.dir, o.to) as string);
        return { http: `${base}${path}`, to: o.to };
      }
      // Only the paths the fixtures have (a missing one fails the folder), and the made-up ones with the first.
      const paths: Record<string, string> = Object.fromEntries([
        ...Object.entries(o.paths).filter(([, to]) => fixtureContent(entry.dir, to) !== null),
        ...(i === entry.origin.findIndex((x) => "git" in x) ? extra.map((name) => [name, name]) : []),
      ]);
      const repo = join(work, "origins", `${id}-${i}`);
      mkdirSync(repo, { recursive: true });
      execFileSync("git", ["init", "-q", "-b", "main", repo]);
      for (const [from, to] of Object.entries(paths))
        write(join(repo, from), fixtureContent(entry.dir, to) as string | { folder: string });
      execFileSync("git", ["-C", repo, "add", "-A"], { env: GIT_ENV });
      execFileSync("git", ["-C", repo, "commit", "-q", "-m", "fixture"], { env: GIT_ENV });
      // The pinned refs name commits of the real repositories: here the fixture branch stands for them.
      return { git: repo, ref: "HEAD", paths };
    });
    sources[id] = { ...entry, origin };
  }
  const sourcesFile = join(work, "sources.yaml");
  writeFileSync(sourcesFile, stringify(sources));
  // Derived files the origins do not publish: the importers derive them (CORE JSON, lixin tables, the union is optional).
  const derived = /^(core-history\/CORE\d{4}\.csv|journal-special-issues\/calls_all_history_union\.json)$/;
  const expectedFiles = filesUnder(UPSTREAM_FIXTURES).filter((f) => !derived.test(f));
  return {
    sourcesFile,
    expectedFiles,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
