/**
 * The nightly build at the bench's scale, in a child process: wall time, peak memory of the whole build, and
 * time and peak RSS per stage. Memory is sampled from /proc while the child runs (stages are synchronous, so
 * the child could not sample itself); a sample belongs to the stage whose start line came last.
 */
import { createInterface } from "node:readline";
import { BUILD_NODE_ARGS } from "../pipeline/node-args.ts";
import { readMemory, startScript } from "./processes.ts";

export interface StageMeasure {
  name: string;
  seconds: number;
  peak_rss_mb: number;
}

export interface BuildMeasure {
  seconds: number;
  peak_rss_mb: number;
  stages: StageMeasure[];
  counts: { conferences: number; journals: number; special_issues: number };
  dir: string;
}

interface DoneEvent {
  type: "done";
  dir: string;
  counts: BuildMeasure["counts"];
  stages: { name: string; seconds: number }[];
  maxRssMb: number;
}

type ChildEvent = { type: "log"; line: string } | DoneEvent | { type: "error"; message: string };

const SAMPLE_MS = 50;
const STAGE_START = /^… (.+)$/;

export async function measureBuild(
  options: { upstreamDir: string; snapshotsDir: string; baseUrl: string },
  log: (line: string) => void,
): Promise<BuildMeasure> {
  const started = performance.now();
  const child = startScript(
    "bench/build-child.ts",
    [options.upstreamDir, options.snapshotsDir, options.baseUrl],
    {
      env: {},
      output: "pipe",
      nodeArgs: BUILD_NODE_ARGS,
    },
  );
  const pid = child.pid as number;
  const stagePeaks = new Map<string, number>();
  let stage = "(start-up)";
  let peak = 0;
  const sample = async () => {
    const memory = await readMemory(pid);
    if (!memory) return;
    peak = Math.max(peak, memory.peakMb);
    stagePeaks.set(stage, Math.max(stagePeaks.get(stage) ?? 0, memory.rssMb));
  };
  const sampler = setInterval(() => void sample(), SAMPLE_MS);

  let done: DoneEvent | null = null;
  let failure: string | null = null;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    let event: ChildEvent;
    try {
      event = JSON.parse(line) as ChildEvent;
    } catch {
      continue;
    }
    if (event.type === "log") {
      // Close the current stage's figures on every line, so even a stage shorter than a sample has one.
      await sample();
      const start = STAGE_START.exec(event.line);
      if (start?.[1]) stage = start[1];
      log(`  ${event.line}`);
    } else if (event.type === "done") {
      done = event;
    } else {
      failure = event.message;
    }
  }
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve),
  );
  clearInterval(sampler);
  if (!done) throw new Error(`the build failed (exit ${code}): ${failure ?? stderr.trim().slice(-2000)}`);
  const finished: DoneEvent = done;
  return {
    seconds: (performance.now() - started) / 1000,
    peak_rss_mb: Math.max(peak, finished.maxRssMb),
    stages: finished.stages.map((s) => ({ ...s, peak_rss_mb: stagePeaks.get(s.name) ?? 0 })),
    counts: finished.counts,
    dir: finished.dir,
  };
}
