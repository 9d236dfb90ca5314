/**
 * One build at a time per snapshots folder, whichever process or machine runs it (`npm start`'s nightly build, a
 * builder, `npm run snapshot` by hand): a lock directory `SNAPSHOTS_DIR/.build.lock` (proper-lockfile: made
 * atomically by mkdir, also on a network file system, its time refreshed while the build runs; one left unrefreshed
 * for STALE_MS belonged to a build that died and is taken over). A build run by a process that holds the lock
 * (npm start runs `scripts/snapshot.ts` as a child) is told so through BUILD_LOCK_HELD and does not wait for itself.
 */
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";
import { ensureDirectory } from "../runtime/directories.ts";

export const BUILD_LOCK_HELD = "VD_BUILD_LOCK_HELD";
const LOCK_NAME = ".build.lock";
const STALE_MS = 30_000;
const RETRY_MS = 2000;
/** How long a build waits by default for another build of the same folder to finish. */
const BUILD_LOCK_WAIT_MS = 15 * 60_000;

export interface BuildLockOptions {
  /** How long to wait for another build to finish before giving up (BUILD_LOCK_WAIT_MS unless told). */
  waitMs?: number;
  /** Takes the lock over even when it looks held: its holder is known to be gone. */
  force?: boolean;
  log: (line: string) => void;
}

/** Runs `work` holding the build lock of `snapshotsDir`; throws, naming the lock, when it cannot be had in time. */
export async function withBuildLock<T>(
  snapshotsDir: string,
  work: () => Promise<T>,
  options: BuildLockOptions,
): Promise<T> {
  const dir = resolve(snapshotsDir);
  if (process.env[BUILD_LOCK_HELD] === dir) return work();
  const waitMs = options.waitMs ?? BUILD_LOCK_WAIT_MS;
  ensureDirectory(dir);
  const lockfilePath = join(dir, LOCK_NAME);
  if (options.force) rmSync(lockfilePath, { recursive: true, force: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      retries: {
        retries: Math.ceil(waitMs / RETRY_MS),
        minTimeout: RETRY_MS,
        maxTimeout: RETRY_MS,
        factor: 1,
      },
      onCompromised: (err) => options.log(`build lock ${lockfilePath} lost while building: ${err.message}`),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ELOCKED") throw err;
    throw new Error(
      `another build holds ${lockfilePath} (waited ${Math.round(waitMs / 1000)} s); ` +
        "if no build is running anywhere on this folder, run again with --force",
    );
  }
  process.env[BUILD_LOCK_HELD] = dir;
  try {
    return await work();
  } finally {
    delete process.env[BUILD_LOCK_HELD];
    await release().catch(() => {});
  }
}
