/** Reading a built site the way the server serves it. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file under `dir`, as paths relative to it. */
export function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

/** The file a URL path is served from (`/x` → `x`, `x.html` or `x/index.html`), or null. */
export function servedFile(dist: string, urlPath: string): string | null {
  const path = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? "");
  const tries = path.endsWith("/") ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  for (const candidate of tries) {
    const file = join(dist, candidate);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export const readText = (file: string) => readFileSync(file, "utf8");

/** The text served at a URL path; fails the test when nothing is. */
export function page(dist: string, urlPath: string): string {
  const file = servedFile(dist, urlPath);
  if (!file) throw new Error(`nothing in ${dist} serves ${urlPath}`);
  return readText(file);
}
