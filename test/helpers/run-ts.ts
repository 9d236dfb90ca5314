/** Runs a TypeScript script in a child process on the same Node as the tests (tsx as the loader), or a command. */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
}

export const runTs = (script: string, args: string[], options: RunOptions = {}): Promise<RunResult> =>
  runCommand(process.execPath, ["--import", "tsx", script, ...args], options);

/** Runs `command` (`npm`, a script on the tests' Node) in the repository with the tests' environment and `env`. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const child = spawn(command, args, {
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
