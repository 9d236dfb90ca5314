/**
 * Turns one resolved cluster of journal observations into the public row and the detail data.
 */
import type { JournalDetailData, JournalRow, SpecialIssue } from "../../snapshot/records.ts";
import { isStaleData } from "../../snapshot/source-age.ts";
import { inferredFieldsSource, venueFields } from "../fields/venue-fields.ts";
import { normalizeTitle } from "../normalize/normalize.ts";
import { type ChosenNames, chooseNames } from "../resolve/choose-names.ts";
import type { JournalClaims } from "../resolve/describe.ts";
import type { JournalObservation, SourceId } from "../sources/observations.ts";
import { firstBy } from "../sources/priority.ts";
import { ccfCategories } from "./list-categories.ts";
import type { Conflict } from "./merge-conferences.ts";
import { canonicalPublisher } from "./publishers.ts";

export type JournalDraft = Omit<JournalRow, "id" | "updated_at"> & { sourceUpdatedAt: string | null };
export type JournalDetailDraft = Omit<JournalDetailData, "id">;

export const TITLE_PRIORITY: SourceId[] = ["ccf2026", "ccf", "reference", "scimago", "special_issues"];
export const ACRONYM_PRIORITY: SourceId[] = ["ccf2026", "ccf", "reference", "special_issues"];
const PUBLISHER_PRIORITY: SourceId[] = ["reference", "ccf2026", "ccf", "scimago"];

/** When the data behind a journal or a call was dated (the sources' data dates), on the build day. */
export interface DataDates {
  /** Each source's data date (SourceInfo.date). */
  sourceDates: ReadonlyMap<string, string | null>;
  /** The build day, "YYYY-MM-DD". */
  today: string;
}

/** `data_as_of` / `stale` of data from `sources`: the newest of their dates (conference rows say it the same way). */
function dataAge(sources: readonly string[], dates: DataDates) {
  const dataAsOf =
    sources
      .flatMap((s) => dates.sourceDates.get(s) ?? [])
      .sort()
      .at(-1) ?? null;
  return { data_as_of: dataAsOf, stale: isStaleData(dataAsOf, dates.today) };
}

function specialIssues(members: JournalObservation[], dates: DataDates): SpecialIssue[] {
  const seen = new Map<string, SpecialIssue>();
  for (const source of ["special_issues", "reference"] as SourceId[]) {
    for (const o of members.filter((m) => m.source === source)) {
      for (const si of o.specialIssues) {
        const key = normalizeTitle(si.title);
        if (!seen.has(key)) seen.set(key, { ...si, ...dataAge([si.source], dates) });
      }
    }
  }
  return [...seen.values()].sort((a, b) => (a.submission_date ?? "").localeCompare(b.submission_date ?? ""));
}

export function mergeJournal(
  members: JournalObservation[],
  conflicts: Conflict[],
  /** None known (a test merging one cluster): every data_as_of null, nothing stale. */
  dates: DataDates = { sourceDates: new Map(), today: "1970-01-01" },
): {
  draft: JournalDraft;
  detail: JournalDetailDraft;
  names: ChosenNames;
  /** The source whose list rows gave the CCF categories (the build report counts them by it). */
  ccfCategorySource: SourceId | null;
} {
  // Short and full name together from one row, cleaned (pipeline/resolve/names.ts).
  // The current list's name, never outvoted: journals are renamed (IEEE TNET, no longer IEEE/ACM; Discover Computing,
  // once Information Retrieval Journal) far more often than a list misspells them, and the older rows keep old names.
  const names = chooseNames(members, TITLE_PRIORITY, ACRONYM_PRIORITY, "journal");
  const fullName = names.full ?? "";
  const ref = members.find((o) => o.source === "reference");
  // CCF 2026 is the current list; the 2022 list only speaks for a journal the 2026 list does not name.
  const ccf = members.find((o) => o.source === "ccf2026") ?? members.find((o) => o.source === "ccf");
  const ccfRank = ccf?.ccfRank || ref?.ccfRank || "";
  if (ccf && ref && ccf.ccfRank !== ref.ccfRank) {
    conflicts.push({
      venue: fullName,
      field: "journal ccf_rank",
      chosen: { value: ccf.ccfRank, source: ccf.source },
      others: [{ value: ref.ccfRank, source: "reference" }],
      why: "CCF ranks come from the CCF list (2026, else 2022)",
    });
  }
  const issns = [...new Set([...(ref?.issns ?? []), ...members.flatMap((o) => o.issns)])];
  // An ISSN a row of this journal claimed went to another journal in resolution (describe.ts, resolve.ts).
  for (const o of members as JournalClaims[]) {
    for (const lost of o.lostIssns ?? []) {
      conflicts.push({
        venue: fullName,
        field: "journal issn",
        chosen: { value: issns.join(", ") || null, source: "resolution" },
        others: [{ value: lost.issn, source: o.source }],
        why: lost.why.replace(/\bissn:/g, "ISSN "),
      });
    }
  }
  const metrics = members
    .filter((o) => o.source === "scimago")
    .flatMap((o) => o.metrics)
    .sort((a, b) => a.year - b.year);
  const newest = metrics[metrics.length - 1];
  const quartile = newest?.quartile;
  const fields = venueFields(members, fullName);
  // The list whose rank the journal shows files it (its edition: "CCF2026", "CCF2022"); else the reference's.
  const rankEdition = ccf?.ccfRank ? (ccf.ranks[0]?.edition ?? null) : ccfRank ? "reference" : null;
  const categories = ccfCategories(members, rankEdition);
  return {
    names,
    ccfCategorySource: categories.source,
    draft: {
      short_name: names.short,
      full_name: fullName,
      impact_factor: ref?.impactFactor ?? null,
      publisher: canonicalPublisher(firstBy(members, PUBLISHER_PRIORITY, (o) => o.publisher)),
      issn: issns[0] ?? null,
      ccf_rank: ccfRank,
      issns,
      fields: fields.fields,
      ccf_category: categories.categories,
      sjr: newest?.sjr ?? null,
      sjr_quartile:
        quartile === "Q1" || quartile === "Q2" || quartile === "Q3" || quartile === "Q4" ? quartile : null,
      h_index: newest?.h_index ?? null,
      cites_per_doc_2y: newest?.cites_per_doc_2y ?? null,
      sjr_year: newest?.year ?? null,
      views: ref?.views ?? 0,
      reference_id: ref?.referenceId ?? null,
      ...dataAge(
        members.map((o) => o.source),
        dates,
      ),
      sourceUpdatedAt: ref?.updatedAt ?? null,
    },
    detail: {
      website: firstBy(members, TITLE_PRIORITY, (o) => o.website),
      cfp_text: null,
      special_issues: specialIssues(members, dates),
      metrics,
      rank_history: members.flatMap((o) => o.ranks),
      dblp: members.find((o) => o.dblp)?.dblp ?? null,
      sources: [...members.map((o) => ({ source: o.source, key: o.key })), ...inferredFieldsSource(fields)],
    },
  };
}
