/**
 * Folders and files only the service's own user may read (the state store, its backups, the state markers, the
 * sync cache): folders 0700, files 0600, whatever the process umask. A umask only takes bits away, so a mode given
 * at creation is enough for a new file; one that exists (an older install left 0644) is set with chmod.
 */
import { chmodSync, closeSync, openSync, writeFileSync } from "node:fs";
import { ensureDirectory } from "./directories.ts";

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the missing levels of `dir` 0700; an existing one keeps its mode (it may be someone else's folder). */
export function ensurePrivatePath(dir: string): void {
  ensureDirectory(dir, PRIVATE_DIRECTORY_MODE);
}

/** A folder of the service's own: created 0700 where missing, set to 0700 where it was not. */
export function ensurePrivateDirectory(dir: string): void {
  ensurePrivatePath(dir);
  chmodSync(dir, PRIVATE_DIRECTORY_MODE);
}

/**
 * Creates `file` empty and 0600 when missing, sets an existing one to 0600. An empty file is a new SQLite
 * database to SQLite, which gives its -wal, -shm and -journal files the database file's mode.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Creates `file` 0600, failing when it exists already. */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, "wx", PRIVATE_FILE_MODE));
}

/** Writes `text` to `file`, made 0600 before anything is written. */
export function writePrivateFile(file: string, text: string): void {
  ensurePrivateFile(file);
  writeFileSync(file, text);
}
