/**
 * The choices of the board's filter controls, taken from the project's own lists when the board is built (the
 * frame fetches nothing, so they travel inside it).
 */

import { RANK_SYSTEMS } from "../../../read/schema/rank-tiers.ts";
import { RESEARCH_FIELD_NAMES, RESEARCH_FIELDS } from "../../../snapshot/records.ts";

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

export function boardOptions(): BoardOptions {
  return {
    windows: [
      ...WINDOWS_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
      { value: "", label: "Any time" },
    ],
    fields: RESEARCH_FIELDS.map((field) => ({ value: field, label: RESEARCH_FIELD_NAMES[field] })),
    ranks: RANK_SYSTEMS.flatMap(({ param, system, tiers }) =>
      tiers.map((tier) => ({ value: `${param}=${tier}`, label: `${system} ${tier}` })),
    ),
  };
}
