/**
 * Where a file really is: a symlink planted inside the site or snapshot folder must not serve what it points at
 * (/etc/passwd, the state database). The real path of the file must lie inside the real path of the folder.
 */
import { realpath } from "node:fs/promises";
import { sep } from "node:path";

export type Placement = "inside" | "outside" | "missing";

export async function placementOf(root: string, path: string): Promise<Placement> {
  const [realRoot, real] = await Promise.all([
    realpath(root).catch(() => null),
    realpath(path).catch(() => null),
  ]);
  if (!realRoot || !real) return "missing";
  return real === realRoot || real.startsWith(realRoot + sep) ? "inside" : "outside";
}
