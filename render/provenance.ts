/**
 * Which source said a date, and as of when: the line every deadline of a venue page and its Markdown carries.
 * An announced deadline names its source and the date of that source's data in this build (the manifest's
 * `SourceInfo.date`); an estimate says it is ours, from which cycles, and the venue's `data_as_of`.
 */
import type { SourceInfo } from "../snapshot/records.ts";
import { type DatedDeadline, oldestDataDate } from "../snapshot/source-age.ts";
import { type Locale, t } from "./i18n.ts";

/** A source's short name and data date, by id. */
export type SourceDates = ReadonlyMap<string, { name: string; date: string | null }>;

/** "Conference Partner (myhuiban.com) published daily snapshot" → "Conference Partner": the name before its gloss. */
const shortName = (name: string) => name.split(" (")[0]?.trim() || name;

export function sourceDates(sources: readonly Pick<SourceInfo, "id" | "name" | "date">[]): SourceDates {
  return new Map(sources.map((s) => [s.id, { name: shortName(s.name), date: s.date }]));
}

/**
 * The oldest data date of deadlines shown together (each its data date, snapshot/source-age.ts `deadlineDataDate`:
 * an announced one's source's data date in this build, an estimate's the venue's `data_as_of`); `dataAsOf` when
 * none is shown (the venue's own date). What the data-age notice of a venue page and its `.md` counts from.
 */
export const shownDeadlinesDataDate = (
  ds: readonly DatedDeadline[],
  sources: SourceDates,
  dataAsOf: string | null,
) => (ds.length === 0 ? dataAsOf : oldestDataDate(ds, (id) => sources.get(id)?.date, dataAsOf));

/** What a deadline's provenance is read from: an outlook deadline or a typed deadline as published. */
export interface Provenanced {
  source: string | null;
  estimated?: boolean;
  based_on?: readonly number[];
}

const cycles = (years: readonly number[], locale: Locale) =>
  years.length === 0
    ? ""
    : years.length === 1
      ? t(locale, "prov.cycle", { years: `${years[0]}` })
      : t(locale, "prov.cycles", { years: `${years[0]}–${years.at(-1)}` });

const isEstimate = (d: Provenanced) => d.estimated === true || !d.source;

/**
 * "ccfddl/ccf-deadlines, data of 2026-08-20" (a Source cell), or "estimated by Venue Directory from the 2024–2026
 * cycles, data as of 2026-08-22". A source the manifest does not list is named by its id, with no date.
 */
export function sourceCellText(
  d: Provenanced,
  sources: SourceDates,
  dataAsOf: string | null,
  locale: Locale = "en",
): string {
  if (isEstimate(d)) {
    const years = cycles(d.based_on ?? [], locale);
    return dataAsOf
      ? t(locale, "prov.estimated_as_of", { cycles: years, date: dataAsOf })
      : t(locale, "prov.estimated", { cycles: years });
  }
  const known = sources.get(d.source as string);
  const name = known?.name ?? (d.source as string);
  return known?.date ? t(locale, "prov.data_of", { name, date: known.date }) : name;
}

/** The same after a date in running text: "source: ccfddl/ccf-deadlines, data of 2026-08-20". */
export const provenanceText = (
  d: Provenanced,
  sources: SourceDates,
  dataAsOf: string | null,
  locale: Locale = "en",
) =>
  isEstimate(d)
    ? sourceCellText(d, sources, dataAsOf, locale)
    : t(locale, "prov.source", { source: sourceCellText(d, sources, dataAsOf, locale) });

/**
 * Where a group of dates shown together comes from, in one line: "Source of these dates: ccfddl/ccf-deadlines,
 * data of 2026-08-20" when they share one, else each source after the dates it gave ("Abstract, Paper submission:
 * ccfddl/ccf-deadlines, data of 2026-08-20 · Notification: Conference Partner, data of 2026-08-22"). Null for none.
 */
export function groupedProvenanceText(
  dates: readonly { label: string; d: Provenanced }[],
  sources: SourceDates,
  dataAsOf: string | null,
  locale: Locale = "en",
): string | null {
  const groups = new Map<string, string[]>();
  for (const { label, d } of dates) {
    const text = sourceCellText(d, sources, dataAsOf, locale);
    groups.set(text, [...(groups.get(text) ?? []), label]);
  }
  if (groups.size === 0) return null;
  const [only] = groups.keys();
  if (groups.size === 1) return t(locale, "prov.sources", { source: only ?? "" });
  return [...groups].map(([text, labels]) => `${[...new Set(labels)].join(", ")}: ${text}`).join(" · ");
}
