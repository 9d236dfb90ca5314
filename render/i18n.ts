/**
 * The site's languages and its one translation function. The words are data: reviewed message files, one per
 * language (`render/messages/en.json`, `zh.json`, the same keys: test/render/i18n-messages.test.ts), never
 * machine-translated at run time. Pure: the built site, the server pages and the feeds all call `t`.
 */
import { escapeHtml } from "./escape.ts";
import en from "./messages/en.json" with { type: "json" };
import zh from "./messages/zh.json" with { type: "json" };

export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export type MessageKey = keyof typeof en;
export type Messages = Readonly<Record<MessageKey, string>>;

/** Every language's messages; zh.json is checked against en.json's keys by type and by test. */
export const MESSAGES: Readonly<Record<Locale, Messages>> = { en, zh: zh satisfies Messages };

/** The BCP 47 tag of each language: `<html lang>`, `hreflang` and `Intl` (dates and numbers). */
export const LANGUAGE_TAG: Readonly<Record<Locale, string>> = { en: "en", zh: "zh-CN" };

export type MessageParams = Readonly<Record<string, string | number>>;

/** A message with its `{name}` placeholders filled (numbers in the language's digits grouping). */
export function translate(
  messages: Messages,
  tag: string,
  key: MessageKey,
  params: MessageParams = {},
): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? value.toLocaleString(tag) : value;
  });
}

/** `t("zh", "nav.deadlines")` → "截稿日期". */
export const t = (locale: Locale, key: MessageKey, params?: MessageParams) =>
  translate(MESSAGES[locale], LANGUAGE_TAG[locale], key, params);

/**
 * A message as HTML: its own words escaped, its `{name}` placeholders replaced by the HTML given (links, emphasis).
 */
export function tHtml(locale: Locale, key: MessageKey, html: Readonly<Record<string, string>>): string {
  return MESSAGES[locale][key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && html[name] !== undefined ? html[name] : escapeHtml(part);
    })
    .join("");
}

/** The language of a request path: "/zh/deadlines" → zh, anything else → en. */
export const localeOfPath = (pathname: string): Locale =>
  pathname === "/zh" || pathname.startsWith("/zh/") ? "zh" : "en";

/** A site address in a language: ("zh", "/deadlines?x=1") → "/zh/deadlines?x=1"; English keeps today's addresses. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  if (path === "/" || path.startsWith("/?") || path.startsWith("/#")) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/** The address without its language prefix: "/zh/conference/1" → "/conference/1", "/zh" → "/". */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(locale.length + 1) || "/";
}
