/**
 * Every ```caddy block of README.md and docs/*.md passes `caddy validate` (Debian's caddy, as the docs' readers
 * have it: apt-get install caddy, README's test line), alone and, for a block of global options, in front of the
 * site blocks (where a reader puts it). A block with a misspelt directive is refused, so the check can fail.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENTS } from "../helpers/documentation.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-caddy-blocks-");
const CADDY_FENCE = /^```caddy\n([\s\S]*?)^```$/gm;

const blocks = DOCUMENTS.flatMap((doc) => {
  const text = readFileSync(join(REPO_ROOT, doc), "utf8");
  return [...text.matchAll(CADDY_FENCE)].map((m) => ({
    name: `${doc}:${text.slice(0, m.index).split("\n").length}`,
    body: m[1] ?? "",
  }));
});
const isGlobalOptions = (body: string) => body.trimStart().startsWith("{");

/** `caddy validate` of a Caddyfile, with caddy's own folders in a temp folder (no certificate is asked for). */
function validate(caddyfile: string): { status: number | null; output: string } {
  const dir = tempDir("run");
  const file = join(dir, "Caddyfile");
  writeFileSync(file, caddyfile);
  const run = spawnSync("caddy", ["validate", "--adapter", "caddyfile", "--config", file], {
    encoding: "utf8",
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    timeout: 30_000,
  });
  expect(run.error, "caddy is not installed (apt-get install caddy: README's test line)").toBeUndefined();
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe("Caddy blocks of the documentation", () => {
  it("are found: a site and the global options", () => {
    expect(blocks.filter((b) => isGlobalOptions(b.body)).length).toBeGreaterThanOrEqual(1);
    expect(blocks.filter((b) => !isGlobalOptions(b.body)).length).toBeGreaterThanOrEqual(1);
  });

  it.each(blocks)("$name passes caddy validate", ({ body }) => {
    const { status, output } = validate(body);
    expect(status, output).toBe(0);
  });

  it("pass together, the global options first", () => {
    const globals = blocks.filter((b) => isGlobalOptions(b.body)).map((b) => b.body);
    const sites = blocks.filter((b) => !isGlobalOptions(b.body)).map((b) => b.body);
    const { status, output } = validate([...globals, ...sites].join("\n"));
    expect(status, output).toBe(0);
  });

  it("refuse a misspelt directive (the check can fail)", () => {
    const site = blocks.find((b) => !isGlobalOptions(b.body))?.body ?? "";
    const { status } = validate(site.replace("reverse_proxy", "reverse_proxi"));
    expect(status).not.toBe(0);
  });
});
