/**
 * `npm start` on a machine without the upstream data and without network (every origin a closed loopback port):
 * it says it is syncing first, then names each missing folder with its error and how to provide the data, and exits
 * non-zero without a stack trace. Every line it prints is JSON (the sync's own lines go to its file in
 * `$STATE_DIR/logs/`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { freePort } from "../../bench/processes.ts";
import { SOURCE_ENTRIES } from "../../pipeline/sources/sources.ts";
import { runCommand } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-first-sync-");

describe("npm start without upstream data", () => {
  it("syncs first and, without network, says what is missing and how to provide it", async () => {
    const work = tempDir("work");
    // Every origin on a loopback port nothing listens on: no network.
    const dead = `http://127.0.0.1:${await freePort()}`;
    const sources = Object.fromEntries(
      Object.entries(SOURCE_ENTRIES).map(([id, entry]) => [
        id,
        {
          ...entry,
          origin: entry.origin.map((o) =>
            "http" in o ? { ...o, http: `${dead}/${o.to}` } : { ...o, git: `${dead}/${id}.git` },
          ),
        },
      ]),
    );
    const sourcesFile = join(work, "sources.yaml");
    writeFileSync(sourcesFile, stringify(sources));
    const upstream = join(work, "upstream");
    const {
      code,
      stdout: out,
      stderr: err,
    } = await runCommand("npm", ["start"], {
      env: {
        UPSTREAM_DIR: upstream,
        SYNC_SOURCES_FILE: sourcesFile,
        SYNC_CACHE_DIR: join(work, "git-cache"),
        STATE_DIR: join(work, "var"),
        SNAPSHOTS_DIR: join(work, "snapshots"),
        SITE_DIR: join(work, "dist"),
        HOST: "127.0.0.1",
        PORT: "0",
        PUBLIC_BASE_URL: "http://127.0.0.1:9",
      },
    });
    expect(code, out + err).not.toBe(0);
    expect(err, "nothing but JSON lines on stdout").toBe("");
    const lines = out.split("\n").filter((line) => line.trim() !== "");
    const entries = lines.map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as { level: number; msg: string; [field: string]: unknown };
    });
    const folders = [...new Set(Object.values(SOURCE_ENTRIES).map((e) => e.dir))].sort();

    const said = entries.find((e) => e.msg.startsWith(`No upstream data yet in ${upstream}`));
    expect(said?.msg, out).toContain("fetching every source from its origin first (npm run sync)");
    expect(said).toMatchObject({ level: 30, upstream_dir: upstream, missing: folders });

    // The sync's own lines went to its file, named by the JSON lines around it.
    const started = entries.find((e) => e.msg === "▶ sync (first install)");
    const output = String(started?.output);
    expect(output.startsWith(join(work, "var", "logs", "sync-")), out).toBe(true);
    expect(entries.find((e) => e.msg === "sync (first install) failed")).toMatchObject({
      level: 50,
      output,
      exit_code: 1,
    });
    const synced = readFileSync(output, "utf8");
    expect(synced).toContain(`ccf-list-2026`);
    expect(synced).toMatch(/^sync: 0 updated/m);

    const fatal = entries.find((e) => e.level === 60);
    expect(fatal?.msg, out).toContain(
      `Cannot start: the upstream data the build needs is missing from UPSTREAM_DIR (${upstream})`,
    );
    expect(fatal?.msg).toContain("run `npm run sync` once these origins can be reached");
    const missing = fatal?.missing as Record<string, string>;
    expect(Object.keys(missing).sort()).toEqual(folders);
    expect(missing["ccf-list-2026"]).toContain(`cannot reach ${dead}/`);
    expect(fatal?.msg).toContain(`ccf-list-2026: cannot reach ${dead}/`);
    expect(out).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);
});
