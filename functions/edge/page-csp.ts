/**
 * The Content-Security-Policy of one HTML page: PAGE_CSP with the sha256 of each inline <script> the page ships
 * (the static site inlines small module scripts), so those run and nothing else inline does.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { PAGE_CSP } from "./headers.ts";

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

export function pageCsp(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  if (hashes.size === 0) return PAGE_CSP;
  return PAGE_CSP.replace("script-src 'self'", `script-src 'self' ${[...hashes].join(" ")}`);
}

/** pageCsp of an HTML file, recomputed only when the file changes. */
export function pageCspCache(): (path: string) => Promise<string> {
  const cache = new Map<string, { version: string; csp: string }>();
  return async (path) => {
    const info = await stat(path);
    const version = `${info.mtimeMs}:${info.size}`;
    const hit = cache.get(path);
    if (hit?.version === version) return hit.csp;
    const csp = pageCsp(await readFile(path, "utf8"));
    cache.set(path, { version, csp });
    return csp;
  };
}
