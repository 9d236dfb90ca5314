/**
 * The lists' own subject categories, beside our research fields (research-fields.ts): the CCF list's ten
 * categories and CORE's field-of-research (FoR) codes. A venue carries the ones its list rows give it, so a
 * filter by them finds what the list files there; a research field is a narrower tag of our own.
 *
 * Both lists are reviewed data in categories.json, code → names, checked when loaded. The codes' types are the
 * file's keys, so a code added there is a type error wherever a table keyed by the codes leaves it out.
 *
 * - `ccf`: the codes ccfddl uses (`conference/types.yml`), the Chinese names the CCF list prints and the English
 *   names of CCF's English edition of the list, in the list's order.
 * - `core_for`: the FoR codes CORE files its conferences under since CORE2020 (ANZSRC 2020, division 46
 *   Information and Computing Sciences), and "CSE", CORE2023's mark for its computer systems engineering panel.
 *   Earlier editions' 2008 codes (08xx) are not carried: one vocabulary, so a filter by a code finds every venue
 *   filed there. Number-like keys come first, ascending, as JavaScript orders them: the codes' own order.
 */
import { z } from "zod";
import names from "./categories.json" with { type: "json" };

const name = z.string().min(1);

const CategoryNames = z.strictObject({
  ccf: z.record(z.string().regex(/^[A-Z]{2}$/), z.strictObject({ name_zh: name, name_en: name })),
  core_for: z.record(z.string().regex(/^(?:46(?:\d\d)?|CSE)$/), name),
});

/** The names file checked; a mistake in it stops whatever loads it, naming the entry. */
export function checkCategoryNames(data: unknown): void {
  const checked = CategoryNames.safeParse(data);
  if (!checked.success) {
    throw new Error(`snapshot/records/categories.json: ${z.prettifyError(checked.error)}`);
  }
}
checkCategoryNames(names);

/** A list's codes: its keys in the file's order, typed as the non-empty tuple z.enum takes. */
const codesOf = <K extends string>(list: Record<K, unknown>) => Object.keys(list) as [K, ...K[]];

export type CcfCategory = keyof typeof names.ccf;
export const CCF_CATEGORIES = codesOf(names.ccf);
export const CcfCategory = z.enum(CCF_CATEGORIES);

export const CCF_CATEGORY_TABLE = CCF_CATEGORIES.map((code) => {
  const { name_zh, name_en } = names.ccf[code];
  return { code, name_zh, name_en };
});

export type CoreForCode = keyof typeof names.core_for;
export const CORE_FOR_CODES = codesOf(names.core_for);
export const CoreForCode = z.enum(CORE_FOR_CODES);

export const CORE_FOR_TABLE = CORE_FOR_CODES.map((code) => ({ code, name: names.core_for[code] }));

export const isCcfCategory = (code: string): code is CcfCategory =>
  (CCF_CATEGORIES as readonly string[]).includes(code);
export const isCoreForCode = (code: string): code is CoreForCode =>
  (CORE_FOR_CODES as readonly string[]).includes(code);
