/**
 * Where `npm start`'s builds write their own output: a file per build in `STATE_DIR/logs/` (the site build alone
 * prints thousands of lines), so the service's output stays JSON lines only; `npm start` logs one JSON line when a
 * build starts and one when it ends, naming the file, with the last lines of a failed build's output. The newest
 * KEEP_FILES files are kept.
 */
import type { ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const KEEP_FILES = 20;
/** Lines of a failed build's output repeated in its log line. */
const TAIL_LINES = 20;

export interface BuildOutput {
  file: string;
  attach(child: ChildProcess): void;
  /** Closes the file; resolves with the last lines written. */
  close(): Promise<string[]>;
}

export function buildOutput(logsDir: string, label: string): BuildOutput {
  mkdirSync(logsDir, { recursive: true, mode: 0o700 });
  const kind = label.split(" ")[0]?.replace(/\W/g, "") || "build";
  const file = join(logsDir, `${kind}-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
  const stream = createWriteStream(file, { mode: 0o600 });
  let tail: string[] = [];
  const keep = (chunk: Buffer) => {
    stream.write(chunk);
    tail = [
      ...tail,
      ...chunk
        .toString()
        .split("\n")
        .filter((line) => line.trim() !== ""),
    ].slice(-TAIL_LINES);
  };
  prune(logsDir);
  return {
    file,
    attach(child) {
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
    },
    close: () => new Promise((done) => stream.end(() => done(tail))),
  };
}

/** Removes all but the newest KEEP_FILES build logs (their names sort by time). */
function prune(logsDir: string): void {
  const instant = (name: string) => name.slice(name.indexOf("-") + 1);
  const logs = readdirSync(logsDir)
    .filter((name) => name.endsWith(".log"))
    .sort((a, b) => instant(a).localeCompare(instant(b)));
  for (const old of logs.slice(0, Math.max(0, logs.length - KEEP_FILES)))
    rmSync(join(logsDir, old), { force: true });
}
