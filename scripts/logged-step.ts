/**
 * One step of `npm start` (a build, a sync) run as a child process: its own output goes to a file of its own
 * (build-output.ts), and `npm start`'s output gets one JSON line when it starts (`▶ <label>`) and one when it ends
 * (`<label> done` with `duration_ms`, or `<label> failed` at error level with `exit_code` and `last_lines`), each
 * naming that file in `output`. So everything `npm start` prints stays JSON lines.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type pino from "pino";
import { buildOutput } from "./build-output.ts";

export interface LoggedStep {
  /** What the lines call it (`snapshot (no snapshot yet)`, `sync`); its first word names the output file. */
  label: string;
  /** Node's arguments: the child runs on this process's Node. */
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `$STATE_DIR/logs`. */
  logsDir: string;
  log: pino.Logger;
  /** Told of the child once spawned and with undefined once it ended (so a stop signal can be passed on to it). */
  watch?: (child: ChildProcess | undefined) => void;
  /** Whether the process is stopping: then an ending child settles nothing and logs nothing. */
  stopping?: () => boolean;
}

/** Resolves when the child exits 0; rejects, naming its output file, when it does not. */
export function runLoggedStep(step: LoggedStep): Promise<void> {
  const { label, log } = step;
  const output = buildOutput(step.logsDir, label);
  log.info({ step: label, output: output.file }, `▶ ${label}`);
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, step.args, {
      cwd: step.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: step.env,
      // A process group of its own, so a stop signal passed on to the group reaches the step's children too.
      detached: true,
    });
    step.watch?.(child);
    output.attach(child);
    child.on("error", fail);
    // "close": after the output is read to its end.
    child.on("close", (code) => {
      step.watch?.(undefined);
      if (step.stopping?.()) return;
      const fields = { step: label, exit_code: code, duration_ms: Math.round(performance.now() - started) };
      void output.close().then((tail) => {
        if (code === 0) {
          log.info({ ...fields, output: output.file }, `${label} done`);
          done();
        } else {
          log.error({ ...fields, output: output.file, last_lines: tail }, `${label} failed`);
          fail(new Error(`${label} failed (exit ${code}); its output: ${output.file}`));
        }
      });
    });
  });
}
