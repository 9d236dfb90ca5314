/**
 * Child processes of the benchmark: the build, the server and the bare baseline server each run in their own
 * Node 24 process (the one running the bench), so their memory is their own and is read from /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The project root (bench/..): children run from there so `--import tsx` and relative paths resolve. */
export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface StartOptions {
  env: Record<string, string>;
  /** Where stdout and stderr go: a pipe the caller reads, or a log file. */
  output: "pipe" | { logFile: string };
  /** Node flags before the script. */
  nodeArgs?: readonly string[];
}

/** Runs a TypeScript file of the project in a new Node process (the same Node binary as the bench). */
export function startScript(script: string, args: readonly string[], options: StartOptions): ChildProcess {
  const log = options.output === "pipe" ? null : openSync(options.output.logFile, "a");
  return spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", script, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", log ?? "pipe", log ?? "pipe"],
  });
}

export interface Memory {
  /** Resident set size now, MB. */
  rssMb: number;
  /** Peak resident set size so far (VmHWM), MB. */
  peakMb: number;
}

/** RSS and its high-water mark from /proc/<pid>/status; null once the process is gone. */
export async function readMemory(pid: number): Promise<Memory | null> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  const rssMb = kb("VmRSS") / 1024;
  const peakMb = kb("VmHWM") / 1024;
  // A process that has exited but is not reaped yet has a status without the memory lines.
  return Number.isFinite(rssMb) && Number.isFinite(peakMb) ? { rssMb, peakMb } : null;
}

/**
 * A TCP port free right now on 127.0.0.1 (nothing listens on it once this resolves). The tests use it too, for the
 * servers they start and for a relay or an origin that is down.
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (code ${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url, { headers: { "user-agent": "venue-bench/1.0" } });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `graceMs`). */
export function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    child.kill("SIGTERM");
  });
}
