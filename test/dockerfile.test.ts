/**
 * The container image (Dockerfile, .dockerignore), checked without a container runtime: it passes dockerfilelint
 * (the npm registry's Dockerfile linter), runs as a non-root user, declares the volumes docs/install.md documents,
 * checks /readyz, starts through scripts/docker-entrypoint.sh, and builds in two stages.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/run-ts.ts";

const dockerfile = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8");
const installDoc = readFileSync(join(REPO_ROOT, "docs/install.md"), "utf8");
/** Instructions with their continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .filter((line) => line.trim() && !line.trim().startsWith("#"));
const lines = (keyword: string) => instructions.filter((l) => l.startsWith(`${keyword} `));

describe("Dockerfile", () => {
  it("passes dockerfilelint", () => {
    const run = spawnSync(join(REPO_ROOT, "node_modules/.bin/dockerfilelint"), ["-j", "Dockerfile"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    const report = JSON.parse(run.stdout) as { files: { issues: { line: string; title: string }[] }[] };
    const issues = (report.files[0]?.issues ?? []).filter(
      // dockerfilelint 1.8 reads HEALTHCHECK options with /--\w+/, which stops at the hyphen of --start-period
      // (a valid option since Docker 17.05) and calls the line invalid: that one finding alone is set aside.
      (issue) =>
        !(
          issue.title === "Invalid Argument Format" &&
          dockerfile.split("\n")[Number(issue.line) - 1]?.includes("--start-period")
        ),
    );
    expect(issues).toEqual([]);
  });

  it("builds in two stages and runs as the unprivileged user venues", () => {
    expect(lines("FROM")).toHaveLength(2);
    expect(lines("FROM")[0]).toMatch(/ AS deps$/);
    expect(dockerfile).toContain("COPY --from=deps");
    const users = lines("USER");
    expect(users).toEqual(["USER venues"]);
    expect(instructions.indexOf(users[0] as string)).toBeGreaterThan(
      instructions.findIndex((l) => l.includes("useradd --system")),
    );
  });

  it("keeps state, snapshots and upstream copies in the volumes the install page names", () => {
    const volumes = JSON.parse((lines("VOLUME")[0] ?? "VOLUME []").slice("VOLUME ".length)) as string[];
    expect(volumes).toEqual([
      "/srv/venue-directory/state",
      "/srv/venue-directory/snapshots",
      "/srv/venue-directory/upstream",
    ]);
    for (const volume of volumes) expect(installDoc).toContain(volume);
    for (const [name, dir] of [
      ["STATE_DIR", "state"],
      ["SNAPSHOTS_DIR", "snapshots"],
      ["UPSTREAM_DIR", "upstream"],
    ])
      expect(dockerfile).toContain(`${name}=/srv/venue-directory/${dir}`);
  });

  it("checks /readyz and starts npm start through the entrypoint", () => {
    expect(lines("HEALTHCHECK")[0]).toContain("/readyz");
    expect(lines("ENTRYPOINT")[0]).toContain("/srv/venue-directory/app/scripts/docker-entrypoint.sh");
    expect(lines("CMD").at(-1)).toBe('CMD ["npm", "start"]');
  });

  it("leaves local data, builds, state and dependencies out of the build context", () => {
    const ignored = readFileSync(join(REPO_ROOT, ".dockerignore"), "utf8").split("\n");
    for (const entry of ["node_modules", "snapshots", "var", "dist", ".git"])
      expect(ignored).toContain(entry);
  });
});
