/**
 * CCF subject areas onto research fields. ccfddl files carry the code (`sub`), the CCF list carries the
 * Chinese name; `ccfddl/conference/types.yml` pairs the two. CCF's categories are broad: a code gives here only
 * the field it settles; the fields it merely suggests are in broad-codes.yaml (kept where a finer source agrees).
 */
import type { ResearchField } from "../../snapshot/records.ts";

const BY_CODE: Record<string, ResearchField[]> = {
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

const CODE_BY_CHINESE_NAME: Record<string, string> = {
  "计算机体系结构/并行与分布计算/存储系统": "DS",
  计算机网络: "NW",
  网络与信息安全: "SC",
  "软件工程/系统软件/程序设计语言": "SE",
  "数据库/数据挖掘/内容检索": "DB",
  计算机科学理论: "CT",
  计算机图形学与多媒体: "CG",
  人工智能: "AI",
  人机交互与普适计算: "HI",
  "交叉/综合/新兴": "MX",
};

export function ccfCodeFromChineseName(name: string): string | null {
  return CODE_BY_CHINESE_NAME[name.trim()] ?? null;
}

export function fieldsFromCcfCode(code: string): ResearchField[] {
  return BY_CODE[code.trim().toUpperCase()] ?? [];
}
