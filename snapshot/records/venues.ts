/**
 * The venue records: the public conference and journal rows, and the detail data only credentialed callers and
 * the pages read.
 */
import { z } from "zod";
import { CcfCategory, CoreForCode } from "./categories.ts";
import { Deadline, DeadlineEstimate, Edition } from "./deadlines.ts";
import { OutlookState, SubmissionOutlook } from "./outlook.ts";
import { CcfRank, CoreRank, QualisRank } from "./ranks.ts";
import { ResearchField } from "./research-fields.ts";
import { IsoDate, IsoInstant, VenueId } from "./scalars.ts";
import { columnTypeOf } from "./table-columns.ts";

/** All-time page views (the reference snapshot's `clicked`), 0 when unknown; may pass 32 bits. */
const PageViews = z.number().int().min(0).register(columnTypeOf, { column: "BIGINT" });
/** Id of the venue on the reference service (myhuiban.com), for its attribution link. */
const ReferenceId = z.number().int().register(columnTypeOf, { column: "BIGINT" });

/** Defaults to none, so a record written before the lists' categories were carried still reads. */
const CcfCategories = z.array(CcfCategory).default([]);

/**
 * How old the data behind a journal or a special-issue call is, as a conference's outlook says it: the date of the
 * newest source data behind it, and `stale` past DATA_AS_OF_MAX_AGE_DAYS (snapshot/source-age.ts). Defaults
 * (unknown, not stale) so a record written before they were carried still reads.
 */
const DataAge = {
  data_as_of: IsoDate.nullable().default(null),
  stale: z.boolean().default(false),
};

/**
 * The edition a conference row describes for a reader planning ahead: the next one not yet over whose dates are
 * known, else (`next` false) the latest one held. Null when no edition has dates.
 */
export const RowEdition = z
  .object({
    year: z.number().int(),
    start_date: IsoDate,
    end_date: IsoDate.nullable(),
    place: z.string().nullable(),
    next: z.boolean(),
  })
  .register(columnTypeOf, {
    column: 'STRUCT("year" INTEGER, start_date DATE, end_date DATE, place VARCHAR, "next" BOOLEAN)',
  });
export type RowEdition = z.infer<typeof RowEdition>;

export const CpIndexFactor = z.object({
  name: z.enum(["recognition", "selectivity", "longevity", "community", "completeness"]),
  /** 0-100; 50 (neutral) when unknown. */
  value: z.number().min(0).max(100),
  weight: z.number().min(0).max(1),
  known: z.boolean(),
});
export const CpIndex = z
  .object({
    score: z.number().min(0).max(100),
    /** Share of the total weight whose factor was known, 0-1. */
    confidence: z.number().min(0).max(1),
    version: z.string(),
    breakdown: z.array(CpIndexFactor),
  })
  .register(columnTypeOf, {
    // A STRUCT, so `cp_index.score` reads without JSON functions (spelled as DuckDB prints it).
    column:
      'STRUCT(score DOUBLE, confidence DOUBLE, "version" VARCHAR, breakdown STRUCT("name" VARCHAR, "value" DOUBLE, weight DOUBLE, known BOOLEAN)[])',
  });
export type CpIndex = z.infer<typeof CpIndex>;

export const AcceptanceRow = z.object({
  year: z.number().int(),
  submitted: z.number().int().nullable(),
  accepted: z.number().int().nullable(),
  /** Fraction 0-1. */
  rate: z.number().min(0).max(1).nullable(),
  /** Track or category when the source splits them ("Long Paper", "Findings"...), null for the main track. */
  track: z.string().nullable(),
  source: z.string(),
});
export type AcceptanceRow = z.infer<typeof AcceptanceRow>;

export const RankHistoryEntry = z.object({
  system: z.enum(["CCF", "CORE", "QUALIS", "THCPL"]),
  /** List edition: "CCF2022", "CORE2023", "ICORE2026", "QUALIS2017-2020", "reference-2026-08-22"... */
  edition: z.string(),
  rank: z.string(),
  source: z.string(),
});
export type RankHistoryEntry = z.infer<typeof RankHistoryEntry>;

export const SpecialIssue = z.object({
  title: z.string(),
  /** Full-paper submission deadline. */
  submission_date: IsoDate.nullable(),
  description: z.string().nullable(),
  topics: z.array(z.string()),
  editors: z.array(z.string()),
  /** The call's own page; kept for paid responses only. */
  url: z.string().nullable(),
  source: z.string(),
  /**
   * The date of the data of the source that gave the call, and whether it is old: set by the merge
   * (pipeline/merge/merge-journals.ts), absent on an importer's call and in details written before.
   */
  data_as_of: IsoDate.nullable().optional(),
  stale: z.boolean().optional(),
});
export type SpecialIssue = z.infer<typeof SpecialIssue>;

export const SourceRef = z.object({ source: z.string(), key: z.string() });

/** A public conference row: what the credential-free endpoints serve and the snapshot publishes. */
export const ConferenceRow = z.object({
  id: VenueId,
  short_name: z.string(),
  full_name: z.string(),
  submission_date: IsoDate.nullable(),
  notification_date: IsoDate.nullable(),
  conference_date: IsoDate.nullable(),
  location: z.string().nullable(),
  ccf_rank: CcfRank,
  core_rank: CoreRank,
  qualis_rank: QualisRank,
  is_extended: z.boolean().nullable(),
  cp_index: CpIndex.nullable(),
  /** Paper deadline of the outlook's next estimated round (from the series' history), else null. Never announced data. */
  estimated_submission_date: IsoDate.nullable(),
  updated_at: IsoDate.nullable(),
  // Public extras used by filters and ranking lists.
  fields: z.array(ResearchField),
  /** The CCF list's categories of a CCF-ranked venue (categories.ts); [] when unranked. */
  ccf_category: CcfCategories,
  /** CORE's field-of-research codes of a CORE-ranked venue (categories.ts); [] when unranked. */
  core_for: z.array(CoreForCode).default([]),
  country: z.string().nullable(),
  views: PageViews,
  /** Latest known main-track acceptance rate, 0-1. */
  acceptance_rate: z.number().min(0).max(1).nullable(),
  /** The year of that rate (absent in older snapshots). */
  acceptance_rate_year: z.number().int().nullable().default(null),
  /** Editions held, when a source states it. */
  editions_count: z.number().int().nullable(),
  reference_id: ReferenceId.nullable(),
  // The outlook's next submission deadline and state (SubmissionOutlook: the detail field `outlook`).
  /** Date of the next submission deadline (abstract or paper), announced or estimated. */
  next_submission_date: IsoDate.nullable(),
  /** When it passes (date-only and estimated deadlines: the end of the day in their zone). */
  next_submission_closes_at: IsoInstant.nullable(),
  /** True when that deadline is an estimate; null when there is none. */
  next_submission_estimated: z.boolean().nullable(),
  outlook_state: OutlookState,
  data_as_of: IsoDate.nullable(),
  stale: z.boolean(),
  /** The next edition when its dates are known, else the latest held (RowEdition); absent in older snapshots. */
  edition: RowEdition.nullable().default(null),
});
export type ConferenceRow = z.infer<typeof ConferenceRow>;

/** What a venue's detail record (conference or journal) opens with: each kind's record extends it. */
const DetailHead = z.object({
  id: VenueId,
  /** Official website: paid responses only, never in free output. */
  website: z.string().nullable(),
  cfp_text: z.string().nullable(),
});

/** Detail-only data: written to the unpublished details file, served to credentialed callers and the pages. */
export const ConferenceDetailData = DetailHead.extend({
  /** Typed deadlines of the current edition (the one the row's dates describe). */
  deadlines: z.array(Deadline),
  editions: z.array(Edition),
  /** Expected deadlines of the next edition where none is announced yet (labelled estimates). */
  deadline_estimates: z.array(DeadlineEstimate),
  /** The submission outlook: rounds, next submission deadline and state (the one computation of it). */
  outlook: SubmissionOutlook,
  acceptance: z.array(AcceptanceRow),
  rank_history: z.array(RankHistoryEntry),
  dblp: z.string().nullable(),
  core_id: z.string().nullable(),
  sources: z.array(SourceRef),
});
export type ConferenceDetailData = z.infer<typeof ConferenceDetailData>;

export const JournalRow = z.object({
  id: VenueId,
  short_name: z.string().nullable(),
  full_name: z.string(),
  /** As published by the journal (reference snapshot). */
  impact_factor: z.string().nullable(),
  publisher: z.string().nullable(),
  /** Primary ISSN, hyphenated. */
  issn: z.string().nullable(),
  ccf_rank: CcfRank,
  updated_at: IsoDate.nullable(),
  // Public extras.
  issns: z.array(z.string()),
  fields: z.array(ResearchField),
  /** The CCF list's categories of a CCF-ranked journal (categories.ts); [] when unranked. */
  ccf_category: CcfCategories,
  /** SCImago Journal Rank of the newest year available ("SCImago Journal & Country Rank"). */
  sjr: z.number().nullable(),
  sjr_quartile: z.enum(["Q1", "Q2", "Q3", "Q4"]).nullable(),
  h_index: z.number().int().nullable(),
  /** SCImago Cites / Doc. (2 years), an open analogue of the 2-year impact factor. */
  cites_per_doc_2y: z.number().nullable(),
  sjr_year: z.number().int().nullable(),
  views: PageViews,
  reference_id: ReferenceId.nullable(),
  /** The newest data date of the sources behind the journal, and whether it is old. */
  ...DataAge,
});
export type JournalRow = z.infer<typeof JournalRow>;

export const JournalMetricYear = z.object({
  year: z.number().int(),
  sjr: z.number().nullable(),
  quartile: z.string().nullable(),
  h_index: z.number().int().nullable(),
  cites_per_doc_2y: z.number().nullable(),
});

export const JournalDetailData = DetailHead.extend({
  special_issues: z.array(SpecialIssue),
  metrics: z.array(JournalMetricYear),
  rank_history: z.array(RankHistoryEntry),
  dblp: z.string().nullable(),
  sources: z.array(SourceRef),
});
export type JournalDetailData = z.infer<typeof JournalDetailData>;

/** One open or past special-issue call, public (the journal `cfp` ranking reads these). */
export const SpecialIssueRow = z.object({
  journal_id: VenueId,
  title: z.string(),
  submission_date: IsoDate.nullable(),
  source: z.string(),
  ...DataAge,
});
export type SpecialIssueRow = z.infer<typeof SpecialIssueRow>;
