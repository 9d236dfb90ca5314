/**
 * `lang`: the site language of the page links an answer carries beyond `detail_page` (a conference detail's
 * `calendar`). The data stays language-neutral (the spec's field values) and `detail_page` stays the canonical
 * English page, whatever `lang` says (docs/api.md "Page links in a language").
 */
import { caseInsensitiveEnum, lower } from "./param-rules.ts";

export const PAGE_LANGUAGES = ["en", "zh"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** A BCP 47 tag is read by its language ("zh-CN", "zh-Hans" → zh; "en-GB" → en): the site has one of each. */
const languageOf = (tag: string) => lower(tag).split(/[-_]/)[0] ?? "";

export const pageLanguageParam = (description: string) =>
  caseInsensitiveEnum(
    PAGE_LANGUAGES,
    languageOf,
    `lang must be en or zh (the language of the page links; a tag such as zh-CN counts as zh)`,
  )
    .optional()
    .meta({ description });
