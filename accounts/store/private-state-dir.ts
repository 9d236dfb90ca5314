/**
 * STATE_DIR holds accounts, password hashes, key hashes and (JWT_SECRET unset) the login-token key: only the
 * service's user may read it. Every opening of the state makes the folder 0700 again and the files the service
 * wrote there 0600, so an install made before this rule (0755 / 0644) is put right at its first start.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  ensurePrivateDirectory,
  PRIVATE_DIRECTORY_MODE,
  PRIVATE_FILE_MODE,
} from "../../runtime/private-files.ts";
import { STATE_FILE_NAME } from "./sqlite-store.ts";
import { STATE_MARKER_SUFFIX } from "./state-identity.ts";

/** The folder under STATE_DIR where `npm run backup` writes by default. */
export const BACKUPS_FOLDER = "backups";

/** The sticky bit: set on folders every user writes to (/tmp), never on a folder of the service's own. */
const STICKY = 0o1000;

/**
 * The service's own files directly in STATE_DIR: the SQLite store with its -wal, -shm and -journal, and the state
 * markers. Only these are touched, so a STATE_DIR set to a folder that holds other things (by mistake: /etc, a
 * home folder) never has their modes changed.
 */
const isStateFile = (name: string) => name.startsWith(STATE_FILE_NAME) || name.endsWith(STATE_MARKER_SUFFIX);

/** Sets the folders in `dir` 0700 and its files that `own` accepts 0600; symbolic links point elsewhere: left alone. */
function tightenEntries(dir: string, own: (file: string) => boolean): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(join(dir, entry.name), PRIVATE_DIRECTORY_MODE);
    else if (entry.isFile() && own(entry.name)) chmodSync(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/**
 * STATE_DIR created 0700 or set so; the store's files and the markers 0600, its folders 0700, and every file in
 * `backups/` 0600. The sync's git cache (SYNC_CACHE_DIR, by default `upstream-git` here) keeps git's modes
 * inside: public upstream data, unreachable behind its 0700 folder. Throws naming STATE_DIR when it is a shared
 * folder (sticky bit, like /tmp) or cannot be made private (not a folder, not the service's).
 */
export function makeStateDirPrivate(stateDir: string): void {
  try {
    const found = statSync(stateDir, { throwIfNoEntry: false });
    if (found && found.mode & STICKY) {
      throw new Error(
        "it is a folder every user writes to (sticky bit, like /tmp): give the state a folder of its own",
      );
    }
    ensurePrivateDirectory(stateDir);
    tightenEntries(stateDir, isStateFile);
    const backups = join(stateDir, BACKUPS_FOLDER);
    if (lstatSync(backups, { throwIfNoEntry: false })?.isDirectory()) tightenEntries(backups, () => true);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot open the state store under STATE_DIR (${stateDir}): ${reason}`);
  }
}
