/**
 * Pages the server renders inside a frame the static build ships (`search.html`, `deadlines.html`,
 * `watchlist.html`): the frame's `<!--slot-->` comment is replaced by the server's HTML, so the page keeps the
 * site's layout, CSS and scripts, works without JavaScript, and its address is the query.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { escapeHtml } from "../../render/html.ts";
import { type Locale, localePath } from "../../render/i18n.ts";
import { pageCsp } from "../edge/page-csp.ts";

/**
 * A frame's text and its page CSP. The slot's HTML never carries an inline script, so the filled page's CSP (the
 * hashes of the frame's inline scripts) is the frame's: computed once per read, not per request.
 */
export interface Frame {
  text: string;
  csp: string;
}

/**
 * Frames memoised by path, as last read: read again only when the file changed on disk (mtime and size). Unbounded:
 * one entry per frame file (three per site folder).
 */
const memo = new Map<string, { mtimeMs: number; size: number; frame: Frame }>();

/** A frame file; the nightly site build replaces it while the server runs. Null when there is none. */
async function frameFile(path: string): Promise<Frame | null> {
  const now = await stat(path).catch(() => null);
  if (!now) return null;
  const before = memo.get(path);
  if (before?.mtimeMs === now.mtimeMs && before.size === now.size) return before.frame;
  const text = await readFile(path, "utf8").catch(() => null);
  if (text === null) {
    memo.delete(path);
    return null;
  }
  const frame = { text, csp: pageCsp(text) };
  memo.set(path, { mtimeMs: now.mtimeMs, size: now.size, frame });
  return frame;
}

/**
 * The built frame `<name>.html` (in Chinese `zh/<name>.html`) if it holds `<!--<name>-->`, else null (the site
 * was built without it).
 */
export async function readFrame(siteDir: string, name: string, locale: Locale = "en"): Promise<Frame | null> {
  const frame = await frameFile(join(siteDir, `${localePath(locale, `/${name}`)}.html`));
  return frame?.text.includes(`<!--${name}-->`) ? frame : null;
}

/** The language switch's links (`data-lang-switch`) in a frame name the page without its query: add this one's. */
const SWITCH_HREF = /href="([^"?#]*)"(?=[^>]*data-lang-switch=)/g;

/** The frame with its slot filled, as an HTML answer (the page's own CSP, hashes of the frame's inline scripts). */
export function framedPage(
  req: Request,
  frame: Frame,
  name: string,
  html: string,
  status = 200,
  cacheControl = "public, max-age=300",
): Response {
  const query = new URL(req.url).search;
  // The switch leads to the same filter or watchlist in the other language, without JavaScript too.
  const text = query
    ? frame.text.replace(SWITCH_HREF, (_, href: string) => `href="${href}${escapeHtml(query)}"`)
    : frame.text;
  const page = text.replace(`<!--${name}-->`, () => html);
  return new Response(req.method === "HEAD" ? null : page, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": cacheControl,
      "content-security-policy": frame.csp,
    },
  });
}
