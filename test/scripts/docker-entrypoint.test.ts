/**
 * scripts/docker-entrypoint.sh run directly (as the container runs it): it creates the folders, says where the
 * upstream data comes from, and hands over to the command with its exit status; an unwritable folder stops it with
 * a message naming the variable and the fix.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-entrypoint-");
const ENTRYPOINT = join(REPO_ROOT, "scripts/docker-entrypoint.sh");

function entrypoint(env: Record<string, string>, command: string[]) {
  return spawnSync(ENTRYPOINT, command, { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" });
}

const foldersIn = (root: string) => ({
  STATE_DIR: join(root, "state"),
  SNAPSHOTS_DIR: join(root, "snapshots"),
  UPSTREAM_DIR: join(root, "upstream"),
  SITE_DIR: join(root, "dist"),
});

describe("docker-entrypoint.sh", () => {
  it("creates the folders, announces the first sync and runs the command in its place", () => {
    const root = tempDir("ok");
    const dirs = foldersIn(root);
    const run = entrypoint(dirs, ["sh", "-c", 'echo "command ran as $$"; exit 7']);
    expect(run.status, run.stderr).toBe(7);
    for (const dir of Object.values(dirs)) expect(existsSync(dir)).toBe(true);
    expect(run.stdout).toContain(
      `UPSTREAM_DIR=${dirs.UPSTREAM_DIR} is empty: npm start fetches every source first`,
    );
    expect(run.stdout).toContain("command ran as");
  });

  it("says nothing about the upstream data once there is some", () => {
    const dirs = foldersIn(tempDir("filled"));
    mkdirSync(join(dirs.UPSTREAM_DIR, "ccfddl"), { recursive: true });
    const run = entrypoint(dirs, ["true"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
  });

  it("refuses a path that cannot be a folder, naming it", () => {
    const root = tempDir("file");
    const dirs = foldersIn(root);
    writeFileSync(join(root, "snapshots"), "a file, not a folder");
    const run = entrypoint(dirs, ["true"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Cannot start: SNAPSHOTS_DIR=${dirs.SNAPSHOTS_DIR} is not a folder user`);
    expect(run.stderr).toContain("chown -R");
  });
});
