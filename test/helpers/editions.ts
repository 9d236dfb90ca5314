/** Builders of Edition and Deadline records for the pipeline's edition, round-model and outlook tests. */
import type { Deadline, Edition } from "../../snapshot/records.ts";

/** A deadline at the end of its day in AoE unless a time and zone are given. */
export const deadline = (
  type: Deadline["type"],
  date: string,
  at: { time?: string | null; timezone?: string | null; utc?: string | null; source?: string } = {},
): Deadline => ({
  type,
  label: type,
  date,
  time: at.time ?? null,
  timezone: at.timezone === undefined ? "AoE" : at.timezone,
  utc:
    at.utc === undefined
      ? new Date(Date.parse(`${date}T11:59:59Z`) + 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z")
      : at.utc,
  source: at.source ?? "ccfddl",
});

/** An edition with paper deadlines, optional abstracts (each a week before) and other fields. */
export const edition = (
  year: number,
  papers: string[],
  extra: Partial<Edition> = {},
  abstracts: string[] = [],
): Edition => ({
  year,
  start_date: null,
  end_date: null,
  date_text: null,
  place: null,
  country: null,
  deadlines: [...abstracts.map((d) => deadline("abstract", d)), ...papers.map((d) => deadline("paper", d))],
  sources: ["ccfddl"],
  ...extra,
});
