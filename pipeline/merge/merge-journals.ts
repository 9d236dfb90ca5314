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
import { agreedFirst, mainIssn, metricsByYear } from "./journal-rows.ts";
import { ccfCategories } from "./list-categories.ts";
import type { Conflict } from "./merge-conferences.ts";
import { canonicalPublisher } from "./publishers.ts";

export type JournalDraft = Omit<JournalRow, "id" | "updated_at"> & { sourceUpdatedAt: string | null };
export type JournalDetailDraft = Omit<JournalDetailData, "id">;

export const TITLE_PRIORITY: SourceId[] = ["ccf2026", "ccf", "reference", "scimago", "special_issues"];
export const ACRONYM_PRIORITY: SourceId[] = ["ccf2026", "ccf", "reference", "special_issues"];
/** Only the CCF lists give journals a dblp key; the current one first. */
const DBLP_PRIORITY: SourceId[] = ["ccf2026", "ccf"];
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

/**
 * Another source's copy of a call already kept: the same title, and no deadline or link that tells them apart
 * (JAIS called twice for "Innovation in Information Infrastructures", a month apart: two calls). One source's
 * calls are never merged here: its importer already told its calls apart.
 */
const sameCall = (a: SpecialIssue, b: SpecialIssue) =>
  a.source !== b.source &&
  normalizeTitle(a.title) === normalizeTitle(b.title) &&
  (a.submission_date === null || b.submission_date === null || a.submission_date === b.submission_date) &&
  (a.url === null || b.url === null || a.url === b.url);

function specialIssues(members: JournalObservation[], dates: DataDates): SpecialIssue[] {
  const kept: SpecialIssue[] = [];
  for (const source of ["special_issues", "reference"] as SourceId[]) {
    for (const o of members.filter((m) => m.source === source)) {
      for (const si of o.specialIssues) {
        if (!kept.some((k) => sameCall(k, si))) kept.push({ ...si, ...dataAge([si.source], dates) });
      }
    }
  }
  return kept.sort((a, b) => (a.submission_date ?? "").localeCompare(b.submission_date ?? ""));
}

/** Each rank claim once: two reference rows of one journal make the same claim. */
function uniqueClaims(members: JournalObservation[]): JournalObservation["ranks"] {
  const byKey = new Map<string, JournalObservation["ranks"][number]>();
  for (const r of members.flatMap((o) => o.ranks)) {
    const key = JSON.stringify([r.system, r.edition, r.rank, r.source]);
    if (!byKey.has(key)) byKey.set(key, r);
  }
  return [...byKey.values()];
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
  // Of two rows of one source (two reference ids of one journal), the one other sources agree with names it.
  const names = chooseNames(agreedFirst(members), TITLE_PRIORITY, ACRONYM_PRIORITY, "journal", ["ccf2026"]);
  const fullName = names.full ?? "";
  // The reference row whose id the journal keeps; a field it lacks comes from the journal's other reference rows.
  const refs = members.filter((o) => o.source === "reference");
  const ref = refs[0];
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
  const scimago = members.filter((o) => o.source === "scimago");
  const listed = [...new Set([...(ref?.issns ?? []), ...members.flatMap((o) => o.issns)])];
  const main = mainIssn(listed, fullName, scimago);
  const issns = main ? [main, ...listed.filter((i) => i !== main)] : listed;
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
  const metrics = metricsByYear(scimago);
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
      impact_factor: firstBy(refs, ["reference"], (o) => o.impactFactor),
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
      rank_history: uniqueClaims(members),
      // A journal's dblp key is a journals/ path, the current list's first (CCF 2022 has IET Software's old one).
      dblp: firstBy(members, DBLP_PRIORITY, (o) => (o.dblp?.startsWith("journals/") ? o.dblp : null)),
      sources: [...members.map((o) => ({ source: o.source, key: o.key })), ...inferredFieldsSource(fields)],
    },
  };
}
