/**
 * The lists' own categories as pages and feeds name them (snapshot/records/categories.ts): CCF's categories in the
 * words of the CCF list (its Chinese names on Chinese pages, its English edition's on English ones), CORE's
 * field-of-research codes with their ANZSRC names (English only: no Chinese edition exists, so Chinese pages quote
 * them marked `lang="en"`).
 */
import { CCF_CATEGORY_TABLE, CORE_FOR_TABLE } from "../snapshot/records.ts";
import { type Locale, t } from "./i18n.ts";

/** "SE" → "Software Engineering/System Software/Programming Language" (软件工程/系统软件/程序设计语言); any case. */
export function ccfCategoryLabel(code: string, locale: Locale = "en"): string {
  const row = CCF_CATEGORY_TABLE.find((c) => c.code === code.toUpperCase());
  if (!row) return code;
  return locale === "zh" ? row.name_zh : row.name_en;
}

/** "4612" → "4612 Software engineering"; "cse" → "CSE Computer systems engineering (CORE2023 panel)". */
export function coreForLabel(code: string): string {
  const row = CORE_FOR_TABLE.find((c) => c.code === code.toUpperCase());
  return row ? `${row.code} ${row.name}` : code;
}

/** The category part of a filter's summary ("CCF category Artificial Intelligence · CORE field 4602 …"), or null. */
export function categorySummary(
  f: { ccf_category: readonly string[]; core_for: readonly string[] },
  locale: Locale,
): string | null {
  const or = t(locale, "summary.rank_or");
  const parts = [
    f.ccf_category.length > 0
      ? t(locale, "summary.ccf_category", {
          names: f.ccf_category.map((c) => ccfCategoryLabel(c, locale)).join(or),
        })
      : null,
    f.core_for.length > 0
      ? t(locale, "summary.core_for", { names: f.core_for.map(coreForLabel).join(or) })
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" · ") : null;
}
