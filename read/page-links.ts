/**
 * An answer's page links beyond `detail_page` in the site language asked for (`lang`). English pages keep their
 * addresses and Chinese ones live under `/zh/` (render/i18n.ts `localePath`: read/ cannot import it), so a link
 * takes `/zh` before its path, after the public base URL (which may have a path of its own).
 */
import type { PageLanguage } from "./schema/page-language.ts";

/** `https://host/base/conference/7.ics` → `https://host/base/zh/conference/7.ics`; `path` starts the link's path. */
function inChinese(url: string, path: string): string {
  const at = url.lastIndexOf(path);
  return at < 0 ? url : `${url.slice(0, at)}/zh${url.slice(at)}`;
}

/** Zh answers made once per English answer object (the query layer hands out the same object while it is cached). */
const chinese = new WeakMap<object, object>();

/**
 * A conference detail (whole or cut to sections) with its `calendar` in `lang`; anything without a calendar, or
 * English, is returned as it is.
 */
export function detailLinksIn<D extends object>(detail: D, lang: PageLanguage | undefined): D {
  if (lang !== "zh" || !("calendar" in detail) || typeof detail.calendar !== "string") return detail;
  const made = chinese.get(detail);
  if (made) return made as D;
  const localized = { ...detail, calendar: inChinese(detail.calendar, "/conference/") };
  chinese.set(detail, localized);
  return localized;
}
