/** Starts a throw-away redis-server for the Redis half of the store tests. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { describe } from "vitest";
import { freePort } from "../../bench/processes.ts";
import { forFile } from "./for-file.ts";

const installed = spawnSync("redis-server", ["--version"]).status === 0;

/**
 * The Redis tests skip only where redis-server is missing outside CI: CI installs it, so there a missing binary fails
 * them (startRedis says so) instead of skipping.
 */
export const skipRedis = !installed && !process.env.CI;

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** `args` are added to redis-server's command line (e.g. `--dir` for where a BGSAVE writes). */
export async function startRedis(args: string[] = []): Promise<RedisServer> {
  if (!installed) throw new Error("redis-server is missing: apt-get install -y redis-server (CI has it)");
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((ready, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Defines `define`'s tests under "with a real redis-server" (skipped as `skipRedis` says), sharing one throw-away
 * server; `url` is its address once started.
 */
export function withRedis(define: (url: () => string) => void): void {
  describe.skipIf(skipRedis)("with a real redis-server", () => {
    const redis = forFile(
      () => startRedis(),
      (server) => server.stop(),
    );
    define(() => redis().url);
  });
}
