/**
 * Every shell block of README.md and docs/*.md fenced as ```sh runnable is run as written, with bash (-e, pipefail),
 * from the project folder, in document order (README first, then docs/ by name), sharing one fresh STATE_DIR and an
 * empty SNAPSHOTS_DIR; each must exit 0. Blocks that need a running server or the network are not marked.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DOCUMENTS } from "../helpers/documentation.ts";

const ROOT = join(import.meta.dirname, "../..");
const RUNNABLE_FENCE = /^```sh runnable\n([\s\S]*?)^```$/gm;

const blocks = DOCUMENTS.flatMap((doc) =>
  [...readFileSync(join(ROOT, doc), "utf8").matchAll(RUNNABLE_FENCE)].map((m, i) => ({
    name: `${doc} #${i + 1}`,
    script: m[1] ?? "",
  })),
);

describe("runnable shell blocks of the documentation", () => {
  const work = mkdtempSync(join(tmpdir(), "vd-doc-blocks-"));
  const env = {
    ...process.env,
    STATE_DIR: join(work, "state"),
    SNAPSHOTS_DIR: join(work, "snapshots"),
    REDIS_URL: "",
    JWT_SECRET: "",
    PAID_ACCESS_KEY: "",
  };
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("are found (README and docs mark their safe examples)", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it.each(blocks)("$name runs as written", ({ script }) => {
    const run = spawnSync("bash", ["-e", "-o", "pipefail", "-c", script], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  });
});
