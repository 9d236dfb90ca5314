/**
 * CCF subject areas onto research fields. ccfddl files carry the code (`sub`), the CCF list carries the
 * Chinese name; `ccfddl/conference/types.yml` pairs the two. CCF's categories are broad: a code gives here only
 * the field it settles; the fields it merely suggests are in broad-codes.yaml (kept where a finer source agrees).
 */
import {
  CCF_CATEGORY_TABLE,
  type CcfCategory,
  isCcfCategory,
  type ResearchField,
} from "../../snapshot/records.ts";

const BY_CODE: Record<CcfCategory, ResearchField[]> = {
  DS: [], // Computer Architecture / Parallel & Distributed Computing / Storage: broad-codes.yaml
  NW: ["network"],
  SC: ["security"],
  SE: [], // Software Engineering / System Software / Programming Languages: se, pl, systems only where agreed
  DB: ["data"], // Database / Data Mining / Information Retrieval (ir where agreed)
  CT: ["theory"],
  CG: [], // Computer Graphics and Multimedia: broad-codes.yaml
  AI: ["ai"],
  HI: ["hci"], // Human-Computer Interaction and Pervasive Computing
  MX: [], // Interdisciplinary / Mixed / Emerging: no single field
};

/** The list's categories by their Chinese name, as both CCF lists print it. */
const CODE_BY_CHINESE_NAME: ReadonlyMap<string, CcfCategory> = new Map(
  CCF_CATEGORY_TABLE.map((c) => [c.name_zh, c.code]),
);

export function ccfCodeFromChineseName(name: string): CcfCategory | null {
  return CODE_BY_CHINESE_NAME.get(name.trim()) ?? null;
}

export function fieldsFromCcfCode(code: string): ResearchField[] {
  return BY_CODE[code.trim().toUpperCase() as CcfCategory] ?? [];
}

/** A ccfddl `sub` code as a CCF category: itself when it is one of the list's ten, none otherwise. */
export function ccfCategoryOf(code: string): CcfCategory[] {
  const upper = code.trim().toUpperCase();
  return isCcfCategory(upper) ? [upper] : [];
}
