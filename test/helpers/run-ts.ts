/** Runs a TypeScript script in a child process on the same Node as the tests (tsx as the loader). */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");

export function runTs(
  script: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string } = {},
): Promise<RunResult> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(options.input ?? "");
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("close", (code) => done({ code, stdout, stderr }));
  });
}
