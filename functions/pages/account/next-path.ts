/**
 * Where to go after logging in: the `next` parameter, kept only when it is a path of this site (`/…`, not `//host`
 * or `/\host`, which browsers read as another host), so a link cannot send the reader elsewhere after they log in.
 */
export const DEFAULT_NEXT = "/account";

const BASE = "http://same.invalid";

export function samePath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return DEFAULT_NEXT;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return DEFAULT_NEXT;
  const url = URL.canParse(next, BASE) ? new URL(next, BASE) : null;
  if (!url || url.origin !== BASE) return DEFAULT_NEXT;
  // The log-in and log-out pages themselves lead nowhere useful.
  if (url.pathname === "/account/login" || url.pathname === "/account/logout") return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The log-in page's address that comes back to `path` afterwards. */
export const loginPath = (path: string) => `/account/login?next=${encodeURIComponent(samePath(path))}`;
