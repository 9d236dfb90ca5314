/**
 * `npm start` on a machine without the upstream data and without network (every origin a closed loopback port):
 * it says it is syncing first, then names each missing folder with its error and how to provide the data, and exits
 * non-zero without a stack trace.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { SOURCE_ENTRIES } from "../../pipeline/sources/sources.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-first-sync-");

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

describe("npm start without upstream data", () => {
  it("syncs first and, without network, says what is missing and how to provide it", async () => {
    const work = tempDir("work");
    const dead = `http://127.0.0.1:${await closedPort()}`;
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
    const child = spawn("npm", ["start"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
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
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c;
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c;
    });
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(code, out).not.toBe(0);
    expect(out).toContain(`No upstream data yet in ${upstream}`);
    expect(out).toContain("fetching every source from its origin first (npm run sync)");
    expect(out).toContain(
      `Cannot start: the upstream data the build needs is missing from UPSTREAM_DIR (${upstream})`,
    );
    for (const dir of new Set(Object.values(SOURCE_ENTRIES).map((e) => e.dir)))
      expect(out).toMatch(new RegExp(`^  ${dir}: `, "m"));
    expect(out).toContain(`ccf-list-2026: cannot reach ${dead}/`);
    expect(out).toContain("run `npm run sync` once these origins can be reached");
    expect(out).not.toMatch(/^\s+at /m);
  }, 60_000);
});
