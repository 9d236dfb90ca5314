/**
 * The lists' own subject categories, beside our research fields (research-fields.ts): the CCF list's ten
 * categories and CORE's field-of-research (FoR) codes. A venue carries the ones its list rows give it, so a
 * filter by them finds what the list files there; a research field is a narrower tag of our own.
 */
import { z } from "zod";

/**
 * The CCF list's categories: the codes ccfddl uses (`conference/types.yml`), the Chinese names the CCF list
 * prints and the English names of CCF's English edition of the list.
 */
export const CCF_CATEGORY_TABLE = [
  {
    code: "DS",
    name_zh: "计算机体系结构/并行与分布计算/存储系统",
    name_en: "Computer Architecture/Parallel and Distributed Computing/Storage System",
  },
  { code: "NW", name_zh: "计算机网络", name_en: "Computer Network" },
  { code: "SC", name_zh: "网络与信息安全", name_en: "Network and Information Security" },
  {
    code: "SE",
    name_zh: "软件工程/系统软件/程序设计语言",
    name_en: "Software Engineering/System Software/Programming Language",
  },
  { code: "DB", name_zh: "数据库/数据挖掘/内容检索", name_en: "Database/Data Mining/Content Retrieval" },
  { code: "CT", name_zh: "计算机科学理论", name_en: "Computer Science Theory" },
  { code: "CG", name_zh: "计算机图形学与多媒体", name_en: "Computer Graphics and Multimedia" },
  { code: "AI", name_zh: "人工智能", name_en: "Artificial Intelligence" },
  {
    code: "HI",
    name_zh: "人机交互与普适计算",
    name_en: "Human-Computer Interaction and Pervasive Computing",
  },
  { code: "MX", name_zh: "交叉/综合/新兴", name_en: "Interdisciplinary/Comprehensive/Emerging" },
] as const;

/** A table's codes, typed as the non-empty tuple z.enum takes. */
function codesOf<T extends readonly { code: string }[]>(table: T) {
  return table.map((c) => c.code) as [T[number]["code"], ...T[number]["code"][]];
}

export const CCF_CATEGORIES = codesOf(CCF_CATEGORY_TABLE);
export const CcfCategory = z.enum(CCF_CATEGORIES);
export type CcfCategory = z.infer<typeof CcfCategory>;

/**
 * The FoR codes CORE files its conferences under since CORE2020 (ANZSRC 2020, division 46 Information and
 * Computing Sciences), and "CSE", CORE2023's mark for its computer systems engineering panel. Earlier
 * editions' 2008 codes (08xx) are not carried: one vocabulary, so a filter by a code finds every venue filed there.
 */
export const CORE_FOR_TABLE = [
  { code: "46", name: "Information and computing sciences" },
  { code: "4601", name: "Applied computing" },
  { code: "4602", name: "Artificial intelligence" },
  { code: "4603", name: "Computer vision and multimedia computation" },
  { code: "4604", name: "Cybersecurity and privacy" },
  { code: "4605", name: "Data management and data science" },
  { code: "4606", name: "Distributed computing and systems software" },
  { code: "4607", name: "Graphics, augmented reality and games" },
  { code: "4608", name: "Human-centred computing" },
  { code: "4609", name: "Information systems" },
  { code: "4610", name: "Library and information studies" },
  { code: "4611", name: "Machine learning" },
  { code: "4612", name: "Software engineering" },
  { code: "4613", name: "Theory of computation" },
  { code: "4699", name: "Other information and computing sciences" },
  { code: "CSE", name: "Computer systems engineering (CORE2023 panel)" },
] as const;

export const CORE_FOR_CODES = codesOf(CORE_FOR_TABLE);
export const CoreForCode = z.enum(CORE_FOR_CODES);
export type CoreForCode = z.infer<typeof CoreForCode>;

export const isCcfCategory = (code: string): code is CcfCategory =>
  (CCF_CATEGORIES as readonly string[]).includes(code);
export const isCoreForCode = (code: string): code is CoreForCode =>
  (CORE_FOR_CODES as readonly string[]).includes(code);
