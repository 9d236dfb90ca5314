/**
 * The static site (Astro output in SITE_DIR): `/path` serves `path`, `path.html` or `path/index.html`. A
 * request that asks for Markdown (Accept: text/markdown without text/html) gets the page's `.md` rendition when
 * the site ships one next to it (`/conference/12.md` beside `/conference/12.html` or `/conference/12/index.html`);
 * `/conference/12.md` is also served directly as a plain file.
 */
import { extname, resolve, sep } from "node:path";
import { localeOfPath, localePath } from "../../render/i18n.ts";
import { contentTypeOf, fileResponse } from "./files.ts";
import { PAGE_CSP } from "./headers.ts";
import { pageCspCache } from "./page-csp.ts";
import { placementOf } from "./real-path.ts";
import type { FileHandler } from "./snapshot-files.ts";

/** Hashed build assets never change under the same name. */
const IMMUTABLE_PREFIX = "/_astro/";

export function prefersMarkdown(req: Request): boolean {
  const accept = (req.headers.get("accept") ?? "").toLowerCase();
  return accept.includes("text/markdown") && !accept.includes("text/html");
}

/** Files to try for a URL path, in order; null for a path that could escape the site folder. */
function candidates(pathname: string, markdown: boolean): string[] | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes("\0") || path.split("/").includes("..")) return null;
  if (path.endsWith("/")) return [`${path}index.md`, `${path}index.html`].slice(markdown ? 0 : 1);
  const pages = [`${path}.html`, `${path}/index.html`];
  return markdown ? [`${path}.md`, path, ...pages] : [path, ...pages];
}

export function siteFiles(siteDir: string): FileHandler & { notFound(req: Request): Promise<Response> } {
  const root = resolve(siteDir);
  const cspOf = pageCspCache();
  /**
   * Pages have one address, without a trailing slash (`build.format: "file"`): `/feeds/` answers 301 to
   * `/feeds`, query kept, when the site has that page and no folder index of its own.
   */
  const serve = async (req: Request, pathname: string): Promise<Response | null> => {
    const served = await serveFile(req, pathname);
    if (served || pathname === "/" || !pathname.endsWith("/")) return served;
    const page = pathname.replace(/\/+$/, "");
    if (!(await serveFile(new Request(req.url, { method: "HEAD" }), page))) return null;
    return new Response(null, { status: 301, headers: { location: `${page}${new URL(req.url).search}` } });
  };
  const serveFile = async (req: Request, pathname: string) => {
    const tries = candidates(pathname, prefersMarkdown(req));
    if (!tries) return null;
    const cacheControl = pathname.startsWith(IMMUTABLE_PREFIX)
      ? "public, max-age=31536000, immutable"
      : "public, max-age=300";
    // Pages (extension-less paths) may have a Markdown rendition, so they vary on Accept.
    const vary: Record<string, string> = extname(pathname) === "" ? { vary: "Accept" } : {};
    for (const candidate of tries) {
      const file = resolve(root, `.${candidate}`);
      if (file !== root && !file.startsWith(root + sep)) return null;
      const placement = await placementOf(root, file);
      if (placement === "outside") return null;
      if (placement === "missing") continue;
      const headers = contentTypeOf(file).startsWith("text/html")
        ? { ...vary, "content-security-policy": await cspOf(file).catch(() => PAGE_CSP) }
        : vary;
      const res = await fileResponse(req, file, { cacheControl, headers });
      if (res) return res;
    }
    return null;
  };
  const notFoundPage = async (req: Request, file: string) =>
    fileResponse(req, file, {
      cacheControl: "no-store",
      status: 404,
      headers: { "content-security-policy": await cspOf(file).catch(() => PAGE_CSP) },
    });
  /** The site's 404 page in the address's language (`zh/404.html` under /zh/), else the English one. */
  const notFound = async (req: Request) => {
    const locale = localeOfPath(new URL(req.url).pathname);
    return (
      (locale === "en"
        ? null
        : await notFoundPage(req, resolve(root, `.${localePath(locale, "/404")}.html`))) ??
      (await notFoundPage(req, resolve(root, "404.html"))) ??
      new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } })
    );
  };
  return Object.assign(serve, { notFound });
}
