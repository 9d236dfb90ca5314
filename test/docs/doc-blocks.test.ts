/**
 * The code blocks of README.md and docs/*.md that runnable-blocks.test.ts does not run: every ```sh block is either
 * run there (```sh runnable) or says why not in a `# not run: <reason>` line; every ```nginx block passes `nginx -t`
 * (Debian's nginx, as the docs' readers have it; certificate paths pointed at a throw-away certificate, a bare
 * server block put in an http block); every systemd unit (an ```ini block starting with [Unit]) passes
 * `systemd-analyze verify`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENTS } from "../helpers/documentation.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

const tempDir = tempDirsForFile("vd-doc-blocks-");
const FENCE = /^```([^\n]*)\n([\s\S]*?)^```$/gm;

const blocks = DOCUMENTS.flatMap((doc) =>
  [...readFileSync(join(REPO_ROOT, doc), "utf8").matchAll(FENCE)].map((m) => ({
    doc,
    line: readFileSync(join(REPO_ROOT, doc), "utf8").slice(0, m.index).split("\n").length,
    info: (m[1] ?? "").trim(),
    body: m[2] ?? "",
  })),
);
const named = (list: typeof blocks) => list.map((b) => ({ ...b, name: `${b.doc}:${b.line}` }));
const shBlocks = named(blocks.filter((b) => b.info === "sh"));
const nginxBlocks = named(blocks.filter((b) => b.info === "nginx"));
const units = named(blocks.filter((b) => b.info === "ini" && b.body.startsWith("[Unit]")));

/** A key and certificate nginx can load, standing for the Let's Encrypt files the examples name. */
function throwAwayCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "fullchain.pem");
  const key = join(dir, "privkey.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=venues.example.org"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

describe("shell blocks of the documentation", () => {
  it("are found", () => expect(shBlocks.length).toBeGreaterThanOrEqual(10));

  it.each(shBlocks)("$name is run by runnable-blocks.test.ts or says why not", ({ body }) => {
    expect(body).toMatch(/^# not run: \S.{8,}$/m);
  });
});

describe("nginx blocks of the documentation", () => {
  it("are found", () => expect(nginxBlocks.length).toBeGreaterThanOrEqual(3));

  it.each(nginxBlocks)("$name passes nginx -t", ({ body }) => {
    const dir = tempDir("nginx");
    mkdirSync(join(dir, "logs"));
    const { cert, key } = throwAwayCertificate(dir);
    const config = body
      .replaceAll("/etc/letsencrypt/live/venues.example.org/fullchain.pem", cert)
      .replaceAll("/etc/letsencrypt/live/venues.example.org/privkey.pem", key);
    // A block of the main context (events, http) is a whole configuration; a bare server goes in an http block.
    const whole = /^\s*(events|http)\s*\{/m.test(config) ? config : `events {}\nhttp {\n${config}\n}\n`;
    writeFileSync(join(dir, "nginx.conf"), `pid ${join(dir, "nginx.pid")};\n${whole}`);
    const run = spawnSync(
      "nginx",
      ["-t", "-p", `${dir}/`, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
      {
        encoding: "utf8",
      },
    );
    expect(
      run.error,
      "nginx is not installed (apt-get install nginx-light: README's test line)",
    ).toBeUndefined();
    expect(run.status, `${run.stderr}\n--- nginx.conf ---\n${whole}`).toBe(0);
  });
});

describe("systemd units of the documentation", () => {
  it("are found", () => expect(units.length).toBeGreaterThanOrEqual(3));

  it.each(units)("$name passes systemd-analyze verify", ({ doc, line, body }) => {
    // The unit's file name is the last /etc/systemd/system/… path the text before the block names.
    const before = readFileSync(join(REPO_ROOT, doc), "utf8").split("\n").slice(0, line).join("\n");
    const path = [...before.matchAll(/\/etc\/systemd\/system\/([\w@.-]+\.service)/g)].at(-1)?.[1];
    expect(path, "the text before the unit names its file").toBeDefined();
    const dir = tempDir("unit");
    // A template (name@.service) is verified as one of its instances.
    const file = join(dir, (path as string).replace("@.service", "@4321.service"));
    writeFileSync(file, body);
    const run = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
    expect(run.error, "systemd-analyze is missing").toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/Unknown (key|section)|Failed to|Invalid/);
  });
});
