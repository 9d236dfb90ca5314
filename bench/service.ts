/**
 * The service under test and the bare baseline, each in a child process listening on a free port: the real
 * server (scripts/serve.ts, as deployed) and a plain Node HTTP server answering a precomputed body.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { freePort, readMemory, startScript, stop, waitForHttp } from "./processes.ts";

export interface RunningChild {
  url: string;
  child: ChildProcess;
  /** Seconds from spawn to the first good answer. */
  startSeconds: number;
  /** Peak RSS so far (VmHWM), MB. */
  peakRssMb(): Promise<number>;
  stop(): Promise<void>;
}

async function startChild(
  script: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  readyPath: string,
  nodeArgs: readonly string[] = [],
): Promise<RunningChild> {
  const port = await freePort();
  const started = performance.now();
  const child = startScript(script, args, {
    env: { ...env, PORT: String(port) },
    output: { logFile },
    nodeArgs,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${readyPath}`, child, 600_000);
  } catch (error) {
    await stop(child);
    throw new Error(`${script} did not start (see ${logFile}): ${(error as Error).message}`);
  }
  return {
    url,
    child,
    startSeconds: (performance.now() - started) / 1000,
    peakRssMb: async () => (await readMemory(child.pid as number))?.peakMb ?? Number.NaN,
    stop: () => stop(child),
  };
}

export interface ServiceOptions {
  snapshotsDir: string;
  stateDir: string;
  /** When set, the state store is this Redis instead of the SQLite file under stateDir. */
  redisUrl: string | null;
  workDir: string;
  logLevel: string;
  /** Node flags of the server process (bench/profile.ts: `--cpu-prof`). */
  nodeArgs?: readonly string[];
}

/** Quotas far above what a run sends, so they never limit the load. */
export const UNLIMITED_QUOTA = "1000000000";

/** Environment of the server and of the accounts CLI (same state store). */
export function serviceEnv(options: ServiceOptions): Record<string, string> {
  return {
    SNAPSHOTS_DIR: options.snapshotsDir,
    SITE_DIR: join(options.workDir, "site"),
    STATE_DIR: options.stateDir,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    SNAPSHOT_POLL_MS: "0",
    ANON_DAILY_QUOTA: UNLIMITED_QUOTA,
    ACCOUNT_DAILY_QUOTA: UNLIMITED_QUOTA,
    // The load comes from one address: the per-second limit would measure refusals, not the service.
    RATE_LIMIT_PER_SECOND: "0",
    LOG_LEVEL: options.logLevel,
    HOST: "127.0.0.1",
  };
}

export async function startService(options: ServiceOptions): Promise<RunningChild> {
  const env = serviceEnv(options);
  // No site is built for the bench, but the server refuses a SITE_DIR that does not exist.
  await mkdir(env.SITE_DIR as string, { recursive: true });
  return startChild(
    "scripts/serve.ts",
    [],
    env,
    join(options.workDir, "server.log"),
    "/api/statistics",
    options.nodeArgs,
  );
}

/** A throw-away redis-server (no persistence) for runs with `--store redis`. */
export async function startRedis(workDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", workDir],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const ready = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ready) break;
    if (Date.now() > deadline) throw new Error("redis-server did not start within 10 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => stop(child) };
}

/** The bare Node baseline answering every request with `payload` (kept in a file of `workDir` for the child). */
export async function startBaseline(payload: string, workDir: string): Promise<RunningChild> {
  const payloadFile = join(workDir, "baseline-payload.json");
  await writeFile(payloadFile, payload);
  return startChild("bench/baseline-server.ts", [payloadFile], {}, join(workDir, "baseline.log"), "/");
}
