/** Making directories safely: kept apart from the settings readers so the SQLite worker thread loads no zod. */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Creates `dir` one level at a time from its nearest existing ancestor, each missing level with `mode` (less the
 * umask) when given; existing levels keep theirs. (Node's recursive mkdir never returns for some paths, /proc/x
 * among them; one level at a time fails at once.)
 */
export function ensureDirectory(dir: string, mode?: number): void {
  const path = resolve(dir);
  if (existsSync(path)) return;
  ensureDirectory(dirname(path), mode);
  mkdirSync(path, { mode });
}
