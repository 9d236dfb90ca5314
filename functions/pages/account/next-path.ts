/**
 * Where to go after logging in: the `next` parameter, kept only when it is a path of this site (`/…`, not `//host`
 * or `/\host`, which browsers read as another host), so a link cannot send the reader elsewhere after they log in.
 */
import { type Locale, localePath, unlocalizedPath } from "../../../render/i18n.ts";

export const DEFAULT_NEXT = "/account";

const BASE = "http://same.invalid";

/** `next` when it is a path of this site, else the account page (in `locale`: /zh/account in Chinese). */
export function samePath(next: string | null | undefined, locale: Locale = "en"): string {
  const fallback = localePath(locale, DEFAULT_NEXT);
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  const url = URL.canParse(next, BASE) ? new URL(next, BASE) : null;
  if (!url || url.origin !== BASE) return fallback;
  // The log-in and log-out pages themselves (in either language) lead nowhere useful.
  const page = unlocalizedPath(url.pathname);
  if (page === "/account/login" || page === "/account/logout") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The log-in page's address (in `locale`) that comes back to `path` afterwards. */
export const loginPath = (path: string, locale: Locale = "en") =>
  `${localePath(locale, "/account/login")}?next=${encodeURIComponent(samePath(localePath(locale, path), locale))}`;
