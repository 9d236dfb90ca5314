/**
 * What the builder's last nightly sync and build did, kept in `SNAPSHOTS_DIR/.build-status.json` beside the
 * snapshots, so every server that follows that folder can report it (/readyz) — the builder may be another process
 * or machine. Written whole and renamed into place, so a reader never sees half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const BUILD_STATUS_FILE = ".build-status.json";

const Outcome = z.object({
  outcome: z.enum(["ok", "failed"]),
  /** ISO instant the step finished. */
  at: z.string(),
  /** Why it failed; absent when it did not. */
  message: z.string().optional(),
  /** How long it took, ms; absent in files written before it was recorded. */
  duration_ms: z.number().optional(),
});
export type StepOutcome = z.infer<typeof Outcome>;

const BuildStatus = z.object({ sync: Outcome.nullable(), build: Outcome.nullable() });
export type BuildStatus = z.infer<typeof BuildStatus>;

/** The recorded status; both steps null when none was recorded yet, or the file cannot be read. */
export function readBuildStatus(snapshotsDir: string): BuildStatus {
  try {
    return BuildStatus.parse(JSON.parse(readFileSync(join(snapshotsDir, BUILD_STATUS_FILE), "utf8")));
  } catch {
    return { sync: null, build: null };
  }
}

/** Records one step's outcome, keeping the other's. */
export function recordBuildStep(snapshotsDir: string, step: keyof BuildStatus, outcome: StepOutcome): void {
  const file = join(snapshotsDir, BUILD_STATUS_FILE);
  const next = { ...readBuildStatus(snapshotsDir), [step]: outcome };
  mkdirSync(snapshotsDir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temp, file);
}
