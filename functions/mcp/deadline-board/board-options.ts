/**
 * The choices of the board's filter controls, taken from the project's own lists when the board is built (the
 * frame fetches nothing, so they travel inside it).
 */
import {
  CCF_TIERS,
  CORE_TIERS,
  QUALIS_TIERS,
  RESEARCH_FIELD_NAMES,
  RESEARCH_FIELDS,
} from "../../../snapshot/records.ts";

export interface Option {
  value: string;
  label: string;
}

export interface BoardOptions {
  windows: Option[];
  fields: Option[];
  ranks: Option[];
}

const WINDOWS_DAYS = [30, 60, 90, 180, 366];

const tiers = (key: string, system: string, values: readonly string[]) =>
  values.map((tier) => ({ value: `${key}=${tier}`, label: `${system} ${tier}` }));

export function boardOptions(): BoardOptions {
  return {
    windows: [
      ...WINDOWS_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
      { value: "", label: "Any time" },
    ],
    fields: RESEARCH_FIELDS.map((field) => ({ value: field, label: RESEARCH_FIELD_NAMES[field] })),
    ranks: [
      ...tiers("ccf_rank", "CCF", CCF_TIERS),
      ...tiers("core_rank", "CORE", CORE_TIERS),
      ...tiers("qualis_rank", "QUALIS", QUALIS_TIERS),
    ],
  };
}
