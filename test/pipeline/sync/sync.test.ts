/**
 * `npm run sync` against origins the test makes: local git repositories and a local HTTP server (no network).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SOURCE_ENTRIES } from "../../../pipeline/sources/sources.ts";
import { sourceProvenance } from "../../../pipeline/sync/provenance.ts";
import { readSyncState, writeSyncState } from "../../../pipeline/sync/state.ts";
import { syncUpstream } from "../../../pipeline/sync/sync.ts";
import { sourceAges } from "../../../snapshot/source-age.ts";

const ROOT = join(import.meta.dirname, "../../..");

function gitRepo(dir: string, files: Record<string, string>, message = "initial"): string {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, ".git"))) execFileSync("git", ["init", "-q", "-b", "main", dir]);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.org",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.org",
    GIT_COMMITTER_DATE: "2026-11-20T10:00:00Z",
  };
  execFileSync("git", ["-C", dir, "add", "-A"], { env });
  execFileSync("git", ["-C", dir, "commit", "-q", "-m", message], { env });
  return execFileSync("git", ["-C", dir, "rev-parse", "HEAD"]).toString().trim();
}

const entry = (dir: string, origin: unknown[]) => ({
  name: dir,
  dir,
  repo: "local",
  commit: "0",
  license: "MIT",
  attribution: "test",
  publish: true,
  date: "2026-01-01",
  static: false,
  origin,
});

describe("npm run sync", () => {
  let work: string;
  let upstream: string;
  let repo: string;
  let server: Server;
  let base: string;
  let served = "one";
  let requests: { path: string; ifNoneMatch?: string }[] = [];
  const log: string[] = [];
  let sources: typeof SOURCE_ENTRIES;
  const sync = (only?: string[]) =>
    syncUpstream({
      upstreamDir: upstream,
      cacheDir: join(work, "cache"),
      timeoutMs: 30_000,
      now: () => new Date("2026-11-24T01:00:00Z"),
      log: (l) => log.push(l),
      sources,
      only,
    });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "vd-sync-"));
    upstream = join(work, "upstream");
    mkdirSync(join(upstream, "tracker"), { recursive: true });
    // The shipped copy holds a derived file that no origin produces: it must survive every sync.
    writeFileSync(join(upstream, "tracker", "derived.csv"), "kept\n");
    writeFileSync(join(upstream, "tracker", "old.yml"), "stale\n");
    repo = join(work, "origin-repo");
    gitRepo(repo, { "data/conf/a.yml": "title: A\n", LICENSE: "MIT\n", "other/ignored.txt": "x" });
    server = createServer((req, res) => {
      requests.push({ path: req.url ?? "", ifNoneMatch: req.headers["if-none-match"] as string | undefined });
      if (req.url !== "/list.jsonl") return res.writeHead(404).end();
      const etag = `"${served}"`;
      if (req.headers["if-none-match"] === etag) return res.writeHead(304).end();
      res.writeHead(200, { etag, "last-modified": "Sat, 21 Nov 2026 08:00:00 GMT" }).end(`${served}\n`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sources = {
      tracker: entry("tracker", [
        { git: repo, ref: "main", paths: { "data/conf": "conf", LICENSE: "LICENSE" } },
      ]),
      list: entry("list", [{ http: `${base}/list.jsonl`, to: "list.jsonl" }]),
      archived: entry("archived", []),
    } as unknown as typeof SOURCE_ENTRIES;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("fetches git and HTTP origins into place, keeps derived files, records commit, date and fetch time", async () => {
    const results = await sync();
    expect(results.map((r) => [r.folder, r.outcome])).toEqual([
      ["tracker", "updated"],
      ["list", "updated"],
      ["archived", "no-origin"],
    ]);
    expect(readFileSync(join(upstream, "tracker", "conf", "a.yml"), "utf8")).toBe("title: A\n");
    expect(readFileSync(join(upstream, "tracker", "derived.csv"), "utf8")).toBe("kept\n");
    expect(existsSync(join(upstream, "tracker", "other"))).toBe(false);
    expect(readFileSync(join(upstream, "list", "list.jsonl"), "utf8")).toBe("one\n");
    const state = readSyncState(upstream);
    const head = execFileSync("git", ["-C", repo, "rev-parse", "HEAD"]).toString().trim();
    expect(state.folders.tracker).toMatchObject({ commit: head, data_date: "2026-11-20", error: null });
    expect(state.folders.tracker?.fetched_at).toBe("2026-11-24T01:00:00.000Z");
    expect(state.folders.list).toMatchObject({ data_date: "2026-11-21", origins: [{ etag: '"one"' }] });
    // No temporary folder is left beside the sources.
    expect(readdirSync(upstream).filter((n) => n.startsWith(".sync-") && n !== ".sync-state.json")).toEqual(
      [],
    );
  });

  it("asks conditionally the second time and changes nothing when the origins did not move", async () => {
    requests = [];
    const results = await sync();
    expect(results.slice(0, 2).map((r) => r.outcome)).toEqual(["unchanged", "unchanged"]);
    expect(requests).toEqual([{ path: "/list.jsonl", ifNoneMatch: '"one"' }]);
  });

  it("follows a new commit: removed files go, changed files change", async () => {
    execFileSync("git", ["-C", repo, "rm", "-q", "data/conf/a.yml"]);
    const commit = gitRepo(repo, { "data/conf/b.yml": "title: B\n" }, "second");
    served = "two";
    const results = await sync();
    expect(results.slice(0, 2).map((r) => r.outcome)).toEqual(["updated", "updated"]);
    expect(readdirSync(join(upstream, "tracker", "conf"))).toEqual(["b.yml"]);
    expect(readFileSync(join(upstream, "list", "list.jsonl"), "utf8")).toBe("two\n");
    expect(readSyncState(upstream).folders.tracker?.commit).toBe(commit);
  });

  it("an origin that is offline or broken keeps the last good copy and says so", async () => {
    const good = readFileSync(join(upstream, "tracker", "conf", "b.yml"), "utf8");
    const before = readSyncState(upstream).folders.tracker;
    sources = {
      tracker: entry("tracker", [{ git: join(work, "no-such-repo"), ref: "main", paths: { conf: "conf" } }]),
      list: entry("list", [{ http: "http://127.0.0.1:9/list.jsonl", to: "list.jsonl" }]),
    } as unknown as typeof SOURCE_ENTRIES;
    const results = await sync();
    expect(results.map((r) => r.outcome)).toEqual(["failed", "failed"]);
    expect(results[0]?.message).toMatch(/tracker: sync FAILED \(.+\); keeping the last good copy/);
    expect(results[1]?.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9\/list\.jsonl/);
    expect(readFileSync(join(upstream, "tracker", "conf", "b.yml"), "utf8")).toBe(good);
    const after = readSyncState(upstream).folders.tracker;
    expect(after?.commit).toBe(before?.commit);
    expect(after?.error).toMatch(/.+/);
  });

  it("a path the origin lacks fails that folder, leaving it untouched", async () => {
    sources = {
      tracker: entry("tracker", [{ git: repo, ref: "main", paths: { "no/such/path": "conf" } }]),
    } as unknown as typeof SOURCE_ENTRIES;
    execFileSync("git", ["-C", repo, "commit", "-q", "--allow-empty", "-m", "third"], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@e.org",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@e.org",
      },
    });
    const [result] = await sync(["tracker"]);
    expect(result?.outcome).toBe("failed");
    expect(readdirSync(join(upstream, "tracker", "conf"))).toEqual(["b.yml"]);
  });

  it("records the last error of a folder that was never synced, and refuses an unknown source", async () => {
    const fresh = mkdtempSync(join(tmpdir(), "vd-sync-never-"));
    const results = await syncUpstream({
      upstreamDir: fresh,
      cacheDir: join(fresh, ".cache"),
      timeoutMs: 5000,
      now: () => new Date("2026-11-24T02:00:00Z"),
      log: () => {},
      sources: {
        gone: entry("gone", [{ http: `${base}/missing.jsonl`, to: "x.jsonl" }]),
      } as unknown as typeof SOURCE_ENTRIES,
    });
    expect(results[0]?.outcome).toBe("failed");
    expect(readSyncState(fresh).folders.gone).toMatchObject({
      error: expect.stringMatching(/404/),
      attempted_at: "2026-11-24T02:00:00.000Z",
      fetched_at: null,
      data_date: null,
    });
    await expect(sync(["bogus"])).rejects.toThrow(/unknown source or folder: bogus/);
  });

  it("the CLI exits 1 with a clear summary when the upstream folder cannot be written", () => {
    const readOnly = mkdtempSync(join(tmpdir(), "vd-sync-ro-"));
    const out = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts/sync.ts"), "ccfddl"], {
      cwd: ROOT,
      env: {
        ...process.env,
        UPSTREAM_DIR: join(readOnly, "missing", "dir"),
        STATE_DIR: join(readOnly, "var"),
        SYNC_TIMEOUT_MS: "1",
      },
      encoding: "utf8",
    });
    expect(out.status).toBe(1);
    expect(out.stdout).toMatch(/ccfddl: sync FAILED .*keeping the last good copy/);
    expect(out.stdout).toMatch(
      /sync: 0 updated, 0 up to date, 0 without origin, 1 failed \(kept their last good copies\)/,
    );
  });
});

describe("data age", () => {
  it("the manifest's sources carry the synced commit, data date and fetch time; the registry's otherwise", () => {
    const upstream = mkdtempSync(join(tmpdir(), "vd-age-"));
    writeSyncState(upstream, {
      version: 1,
      folders: {
        ccfddl: {
          data_date: "2026-11-20",
          commit: "abc123",
          fetched_at: "2026-11-24T00:05:00.000Z",
          origins: [{ url: "x", commit: "abc123", etag: null, last_modified: null }],
          error: null,
          attempted_at: "2026-11-24T00:05:00.000Z",
        },
      },
    });
    const sources = sourceProvenance(upstream);
    expect(sources.find((s) => s.id === "ccfddl")).toMatchObject({
      commit: "abc123",
      date: "2026-11-20",
      fetched_at: "2026-11-24T00:05:00.000Z",
      static: false,
    });
    expect(sources.find((s) => s.id === "hf")).toMatchObject({ date: "2026-07-16", fetched_at: null });
    const ages = sourceAges(sources, "2026-11-24");
    expect(ages.find((s) => s.id === "ccfddl")).toMatchObject({ age_days: 4, stale: false });
    expect(ages.find((s) => s.id === "hf")).toMatchObject({ age_days: 131, stale: true });
    // A fixed list edition never goes stale; a fetch that found nothing new makes a source current again.
    expect(ages.find((s) => s.id === "pwc")?.stale).toBe(false);
    const checked = sourceAges(
      [
        {
          ...sources[0],
          id: "x",
          static: false,
          date: "2025-01-01",
          fetched_at: "2026-11-23T00:00:00Z",
        } as never,
      ],
      "2026-11-24",
    );
    expect(checked[0]).toMatchObject({ age_days: 692, stale: false });
  });
});
