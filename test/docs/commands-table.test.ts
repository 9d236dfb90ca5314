/**
 * README's Commands table against package.json, both ways: every npm script has a row naming it, and every command a
 * row names is a script. `npm run digests` (an operator may run it by hand after a build) is run as its row says:
 * one JSON line with the counts, again without harm, exit 1 when it fails. What it queues and sends is issue 39's
 * test (test/functions/pages/subscriptions/digests-nightly.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, runCommand } from "../helpers/run-ts.ts";
import { servedFixture } from "../helpers/served-fixture.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-commands-");
const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts,
);

/** The rows of the table under "## Commands": first cell, whole row. */
function commandRows(): { command: string; row: string }[] {
  const section = readme.slice(readme.indexOf("\n## Commands\n"));
  const table = section.slice(0, section.indexOf("\n## ", 1));
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `npm"))
    .map((row) => ({ command: row.split(" | ")[0] ?? "", row }));
}

/** The scripts a first cell names: `npm start`, `npm test`, `npm run <name>`. */
const named = (cell: string) =>
  [...cell.matchAll(/`npm (?:run )?([\w:-]+)/g)].map((match) => match[1] as string);

describe("README's Commands table", () => {
  it("names every npm script, and only scripts", () => {
    const rows = commandRows();
    expect(rows.length).toBeGreaterThan(5);
    const inTable = rows.flatMap((r) => named(r.command));
    expect([...new Set(inTable)].sort()).toEqual([...scripts].sort());
  });

  it("`npm run digests` does what its row says", async () => {
    const row = commandRows().find((r) => named(r.command).includes("digests"))?.row ?? "";
    expect(row).toContain("one JSON line on stdout with the counts");
    const state = tempDir("state");
    const run = (env: Record<string, string>) =>
      runCommand("npm", ["run", "digests"], {
        env: { STATE_DIR: state, REDIS_URL: "", SMTP_URL: "", ...env },
      }).then(({ code, stdout, stderr }) => ({ code, out: stdout, err: stderr }));
    const fixture = await servedFixture();
    // Twice: a second run (by hand after npm start's own) is harmless.
    for (let time = 0; time < 2; time++) {
      const { code, out, err } = await run({ SNAPSHOTS_DIR: fixture.snapshotsDir }).finally(() =>
        time === 1 ? fixture.remove() : undefined,
      );
      expect({ code, err }, out).toEqual({ code: 0, err: "" });
      const lines = out.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({
        msg: "digests queued",
        subscriptions: expect.any(Number),
        digests: 0,
        reminders: 0,
        skipped: expect.any(Number),
      });
    }
    const failed = await run({ SNAPSHOTS_DIR: tempDir("no-snapshot") });
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.out.trim())).toMatchObject({ level: 50, msg: "digests failed" });
  }, 60_000);
});
