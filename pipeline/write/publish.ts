/**
 * Publishing a written snapshot: the temp dir renamed to `<date>`, `latest` switched in one rename, and dated
 * snapshots past SNAPSHOT_KEEP_DAYS pruned.
 */
import { existsSync, realpathSync } from "node:fs";
import { readdir, rename, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { daysAfter } from "../../runtime/clock.ts";
import { LATEST } from "../../snapshot/files.ts";
import { randomSuffix, syncPath } from "./durable-files.ts";

const DATED_DIR = /^\d{4}-\d{2}-\d{2}$/;

/**
 * SNAPSHOT_KEEP_DAYS default: dated snapshots of the last this many days stay on disk (and are listed). Defined
 * beside the pruning it governs, so reading the build settings does not load the writer.
 */
export const SNAPSHOT_KEEP_DAYS_DEFAULT = 7;

/**
 * Moves the finished temp dir to `<date>` and points `latest` at it. A same-day snapshot is moved aside first
 * and put back if anything fails; `latest` dangles only between those two renames.
 */
export async function publish(snapshotsDir: string, tmp: string, date: string): Promise<void> {
  const target = join(snapshotsDir, date);
  const aside = existsSync(target) ? join(snapshotsDir, `.old-${date}-${randomSuffix()}`) : null;
  if (aside) await rename(target, aside);
  try {
    await rename(tmp, target);
    await pointLatest(snapshotsDir, date);
  } catch (error) {
    if (!existsSync(tmp)) await rm(target, { recursive: true, force: true });
    if (aside) await rename(aside, target);
    throw error;
  }
  if (aside) await rm(aside, { recursive: true, force: true });
}

/** Replaces `latest` with a relative symlink to `<date>` in one rename, so readers never see it missing. */
async function pointLatest(snapshotsDir: string, date: string): Promise<void> {
  const staged = join(snapshotsDir, `${LATEST}.tmp-${randomSuffix()}`);
  await symlink(date, staged);
  try {
    await rename(staged, join(snapshotsDir, LATEST));
  } catch (error) {
    await rm(staged, { force: true });
    throw new Error(`cannot switch ${join(snapshotsDir, LATEST)} to ${date}: ${(error as Error).message}`);
  }
  await syncPath(snapshotsDir);
}

/** Dated snapshots on or before this day are pruned after the build of `date`. */
export function keepCutoff(date: string, keepDays: number): string {
  return daysAfter(date, -keepDays);
}

/**
 * Deletes dated snapshots older than `keepDays` days before `date` (the one just written), never the one `latest`
 * points to.
 */
export async function pruneSnapshots(snapshotsDir: string, date: string, keepDays: number): Promise<void> {
  const current = resolveLatest(snapshotsDir);
  const cutoff = keepCutoff(date, keepDays);
  const dated = (await readdir(snapshotsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && DATED_DIR.test(entry.name))
    .map((entry) => entry.name);
  for (const name of dated.filter((n) => n <= cutoff)) {
    const path = join(snapshotsDir, name);
    if (realpathSync(path) !== current) await rm(path, { recursive: true, force: true });
  }
}

/** Real path of `snapshotsDir/latest`, or null when there is none (or it dangles). */
export function resolveLatest(snapshotsDir: string): string | null {
  try {
    return realpathSync(join(snapshotsDir, LATEST));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
