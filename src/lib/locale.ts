/**
 * The language of the page being built and its translation function. Astro's i18n routing (astro.config.mjs)
 * knows it from the address: English at today's addresses, Chinese under /zh/.
 */
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  localePath,
  type MessageKey,
  type MessageParams,
  t,
} from "../../render/i18n.ts";

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The `lang` param of the pages under src/pages/[...lang]/: undefined (English, no prefix) or "zh". */
export const localePaths = () =>
  LOCALES.map((locale) => ({
    params: { lang: locale === DEFAULT_LOCALE ? undefined : locale },
    props: { locale },
  }));

/** The page's language, from Astro.currentLocale. */
export const pageLocale = (currentLocale: string | undefined): Locale =>
  isLocale(currentLocale) ? currentLocale : DEFAULT_LOCALE;

/** The translation function and address maker of one language. */
export function messagesOf(locale: Locale) {
  return {
    locale,
    t: (key: MessageKey, params?: MessageParams) => t(locale, key, params),
    href: (path: string) => localePath(locale, path),
  };
}
