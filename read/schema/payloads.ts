/**
 * The REST/MCP payloads in zod: every answer's shape (TypeScript types and the OpenAPI document's components).
 * read/schema/api.ts re-exports them beside the parameters, so callers import the contract from one module.
 */
import { z } from "zod";
import {
  AcceptanceRow,
  CCF_CATEGORY_TABLE,
  CcfCategory,
  CcfRank,
  CORE_FOR_TABLE,
  CoreForCode,
  CoreRank,
  CpIndex,
  Deadline,
  DeadlineEstimate,
  Edition,
  JournalMetricYear,
  OUTLOOK_STATE_TABLE,
  OutlookDeadline,
  OutlookState,
  QualisRank,
  RankHistoryEntry,
  ResearchField,
  RowEdition,
  SubmissionOutlook,
} from "../../snapshot/records.ts";
import { DATA_AS_OF_MAX_AGE_DAYS } from "../../snapshot/source-age.ts";

export const CONFERENCE_RANKINGS = [
  "cfp",
  "past_cfp",
  "ccf",
  "core",
  "qualis",
  "cp_index",
  "most_viewed",
  "most_tracked",
  "most_attended",
  "most_competitive",
  "upcoming",
  "past",
  "trending",
] as const;
export const JOURNAL_RANKINGS = ["cfp", "ccf", "highest_if", "most_viewed", "most_tracked", "all"] as const;

const isoDate = z.iso.date();
const nullableDate = isoDate.nullable();
const count = z.int().min(0);

// Nullable where used, so not a named component: OpenAPI 3.0 cannot mark a $ref nullable.
const CpIndexPayload = CpIndex.meta({
  description:
    "The service's own 0-100 score with a per-factor breakdown (unknown factors scored at a neutral 50), the share of weight that was known (confidence) and the algorithm version.",
});

/** The lists' categories of a row, with what each code names (the OpenAPI document's descriptions). */
const CcfCategories = z.array(CcfCategory).meta({
  description: `CCF list categories of a CCF-ranked venue, as its CCF list row gives them ([] when unranked): ${CCF_CATEGORY_TABLE.map((c) => `${c.code} ${c.name_en} (${c.name_zh})`).join("; ")}. Broader than fields.`,
});
const CoreForCodes = z.array(CoreForCode).meta({
  description: `CORE field-of-research codes (ANZSRC 2020) of a CORE-ranked conference, as its CORE rows give them ([] when unranked or when CORE's export names none): ${CORE_FOR_TABLE.map((c) => `${c.code} ${c.name}`).join("; ")}.`,
});

/** A row's data age (conference, journal, special-issue call): said the same way on each. */
const StaleFlag = z
  .boolean()
  .meta({ description: `data_as_of is over ${DATA_AS_OF_MAX_AGE_DAYS} days old.` });

const RowEditionPayload = RowEdition.meta({
  id: "RowEdition",
  description:
    "The next edition not yet over whose dates are known (next: true), even when the row's dates describe an earlier one because the next has no deadline yet; else the latest edition held (next: false); null when no edition is dated.",
});

export const Conference = z
  .object({
    id: z.string().meta({ example: "101" }),
    short_name: z.string(),
    full_name: z.string(),
    submission_date: nullableDate.meta({ description: "Submission deadline." }),
    notification_date: nullableDate.meta({
      description: "The notification of submission_date's round (null when none is known).",
    }),
    conference_date: nullableDate,
    location: z.string().nullable(),
    edition: RowEditionPayload.nullable(),
    ccf_rank: CcfRank.meta({ description: "A / B / C; empty string when unranked." }),
    core_rank: CoreRank.meta({ description: "A* / A / B / C; empty string when unranked." }),
    qualis_rank: QualisRank.meta({
      description:
        "Tier on the QUALIS 2017–2020 scale (A1–A4, B1–B4, C); empty string when unranked. The older 2013–2016 tier is in the details' rank_history.",
    }),
    ccf_category: CcfCategories,
    core_for: CoreForCodes,
    is_extended: z.boolean().nullable(),
    detail_page: z.url().meta({ description: "Canonical detail page of the venue." }),
    cp_index: CpIndexPayload.nullable(),
    estimated_submission_date: nullableDate.meta({
      description:
        "ESTIMATED (not announced) paper deadline of the outlook's next estimated round; null when no round ahead is estimated.",
    }),
    updated_at: nullableDate.meta({ description: "Last change date; null for records never edited." }),
    next_submission_date: nullableDate.meta({
      description: "Next submission (abstract or paper) deadline of the outlook, announced or estimated.",
    }),
    next_submission_closes_at: z.iso.datetime().nullable().meta({
      description: "When it closes (UTC; an estimate: the end of its expected date, AoE).",
    }),
    next_submission_estimated: z.boolean().nullable().meta({ description: "True when it is an estimate." }),
    outlook_state: OutlookState.meta({
      description: `State of the submission outlook: ${OUTLOOK_STATE_TABLE}.`,
    }),
    data_as_of: nullableDate.meta({ description: "Date of the newest source data behind the deadlines." }),
    stale: StaleFlag,
  })
  .meta({ id: "Conference" });
export type Conference = z.output<typeof Conference>;

export const RankedConference = Conference.extend({
  trackers_count: count.optional().meta({ description: "Added by most_tracked." }),
  attendees_count: count.optional().meta({ description: "Added by most_attended." }),
  acceptance_rate: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta({ description: "Added by most_competitive (0-1): the latest main-track rate known." }),
  acceptance_rate_year: z
    .number()
    .int()
    .optional()
    .meta({ description: "Added by most_competitive: the year of that rate." }),
  views_30d: count.optional().meta({ description: "Added by most_viewed and trending." }),
}).meta({ id: "RankedConference" });
export type RankedConference = z.output<typeof RankedConference>;

export const Journal = z
  .object({
    id: z.string().meta({ example: "201" }),
    short_name: z.string().nullable(),
    full_name: z.string(),
    impact_factor: z.string().nullable(),
    publisher: z.string().nullable(),
    issn: z.string().nullable(),
    ccf_rank: CcfRank.meta({ description: "A / B / C; empty string when unranked." }),
    ccf_category: CcfCategories,
    detail_page: z.url(),
    updated_at: nullableDate,
    data_as_of: nullableDate.meta({
      description: "Date of the newest source data behind the journal (its sources' data dates).",
    }),
    stale: StaleFlag,
  })
  .meta({ id: "Journal" });
export type Journal = z.output<typeof Journal>;

/** A call's data age: the date of the data of the source that gave it. */
const callDataAge = {
  data_as_of: nullableDate.meta({ description: "Date of the data of the source that gave the call." }),
  stale: StaleFlag,
};

export const OpenSpecialIssue = z
  .object({ title: z.string(), submission_date: isoDate, ...callDataAge })
  .meta({
    id: "OpenSpecialIssue",
    description: "The journal's open special-issue call with the soonest deadline.",
  });

export const RankedJournal = Journal.extend({
  special_issue: OpenSpecialIssue.optional().meta({ description: "Added by cfp." }),
  trackers_count: count.optional().meta({ description: "Added by most_tracked." }),
  views_30d: count.optional().meta({ description: "Added by most_viewed: views in the last 30 days." }),
}).meta({ id: "RankedJournal" });
export type RankedJournal = z.output<typeof RankedJournal>;

export const SearchPagination = z
  .object({ total: count, total_pages: count, page: z.int().min(1), per_page: z.int().min(1) })
  .meta({ id: "SearchPagination" });
export type SearchPagination = z.output<typeof SearchPagination>;

export const RankingPagination = z
  .object({ count, has_more: z.boolean(), page: z.int().min(1), per_page: z.int().min(1) })
  .meta({ id: "RankingPagination" });
export type RankingPagination = z.output<typeof RankingPagination>;

export const ConferenceSearchData = z
  .object({ conferences: z.array(Conference), pagination: SearchPagination })
  .meta({ id: "ConferenceSearchData" });
export type ConferenceSearchData = z.output<typeof ConferenceSearchData>;

export const JournalSearchData = z
  .object({ journals: z.array(Journal), pagination: SearchPagination })
  .meta({ id: "JournalSearchData" });
export type JournalSearchData = z.output<typeof JournalSearchData>;

/** What a popularity list says about its order (docs/api.md: the popularity lists). */
export const Popularity = z
  .object({
    counter: z
      .enum(["views_30d", "trackers_count", "attendees_count"])
      .meta({ description: "The row field the list is ranked by." }),
    counted: count.meta({
      description:
        "Venues of the whole list (every page) whose count is above 0: they come first, most first. trending lists only them; the other lists follow with every other venue at 0.",
    }),
    note: z.string().nullable().meta({
      description:
        "When counted is 0: says that nothing has been counted yet, so the list has no popularity order.",
    }),
  })
  .meta({ id: "Popularity" });
export type Popularity = z.output<typeof Popularity>;

const popularityField = Popularity.optional().meta({ description: "Popularity lists only." });

/** A ranking list's answer: which list, its rows (named for their kind), the page, a popularity list's order. */
function rankingData<const R extends readonly [string, ...string[]], Rows extends z.ZodRawShape>(
  rankings: R,
  rows: Rows,
) {
  return z.object({
    ranking: z.enum(rankings),
    ...rows,
    pagination: RankingPagination,
    popularity: popularityField,
  });
}

export const ConferenceRankingData = rankingData(CONFERENCE_RANKINGS, {
  conferences: z.array(RankedConference),
}).meta({ id: "ConferenceRankingData" });
export type ConferenceRankingData = z.output<typeof ConferenceRankingData>;

const OutlookDeadlinePayload = OutlookDeadline.meta({ id: "OutlookDeadline" });
const SubmissionOutlookPayload = SubmissionOutlook.meta({
  id: "SubmissionOutlook",
  description: "Submission rounds announced or estimated, the next submission deadline and a state.",
});

export const UpcomingDeadline = z
  .object({
    conference_id: z.string().meta({ example: "136" }),
    short_name: z.string(),
    full_name: z.string(),
    ccf_rank: CcfRank,
    core_rank: CoreRank,
    qualis_rank: QualisRank,
    ccf_category: CcfCategories,
    core_for: CoreForCodes,
    fields: z.array(ResearchField),
    detail_page: z.url(),
    outlook_state: OutlookState,
    cycle_year: z.int(),
    round: z.int().min(1),
    rounds: z.int().min(1),
    next: OutlookDeadlinePayload.meta({
      description: "The round's first submission deadline still ahead (announced or estimated).",
    }),
    deadlines: z
      .array(OutlookDeadlinePayload)
      .meta({ description: "The round's submission deadlines (abstract and paper), earliest first." }),
    conference: SubmissionOutlook.shape.conference,
    data_as_of: nullableDate,
    deadline_data_as_of: nullableDate.meta({
      description:
        "The date of the data behind this row's deadlines still ahead (the oldest when several): an announced one's source's data date, an estimate's the venue's data_as_of. May be older than data_as_of (the newest source behind the venue).",
    }),
    stale: z.boolean(),
  })
  .meta({ id: "UpcomingDeadline" });
export type UpcomingDeadline = z.output<typeof UpcomingDeadline>;

/** The whole result (every page) by its rows' next deadline; the two add up to `pagination.total`. */
export const DeadlineCounts = z.object({ announced: count, estimated: count }).meta({
  id: "DeadlineCounts",
  description: "Rows of the whole result whose next deadline is announced / estimated.",
});
export type DeadlineCounts = z.output<typeof DeadlineCounts>;

export const DeadlineListData = z
  .object({ deadlines: z.array(UpcomingDeadline), counts: DeadlineCounts, pagination: SearchPagination })
  .meta({ id: "DeadlineListData" });
/**
 * `subscribe`: the e-mail digest page of the same filter. Left out of the schema on purpose: tools/list (which
 * carries the output schemas) stays under 15 KB; docs/api.md and docs/mcp.md name it.
 */
export type DeadlineListData = z.output<typeof DeadlineListData> & { subscribe?: string };

export const JournalRankingData = rankingData(JOURNAL_RANKINGS, { journals: z.array(RankedJournal) }).meta({
  id: "JournalRankingData",
});
export type JournalRankingData = z.output<typeof JournalRankingData>;

export const RatingSummary = z
  .object({ average: z.number().min(1).max(5), count: z.int().min(1) })
  .meta({ description: "Mean of 1-5 star ratings by signed-in users; null when unrated." });
export type RatingSummary = z.output<typeof RatingSummary>;

export const Comment = z
  .object({
    id: z.string(),
    author_id: z.string().nullable().meta({ description: "Researcher id (GET /api/researchers/{id})." }),
    author_name: z.string(),
    body: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Comment" });
export type Comment = z.output<typeof Comment>;

export const CompactConference = z
  .object({
    id: z.string(),
    short_name: z.string(),
    full_name: z.string(),
    ccf_rank: CcfRank,
    core_rank: CoreRank,
    qualis_rank: QualisRank,
    submission_date: nullableDate,
    conference_date: nullableDate,
    detail_page: z.url(),
  })
  .meta({ id: "CompactConference" });
export type CompactConference = z.output<typeof CompactConference>;

export const CompactJournal = z
  .object({
    id: z.string(),
    short_name: z.string().nullable(),
    full_name: z.string(),
    ccf_rank: CcfRank,
    impact_factor: z.string().nullable(),
    detail_page: z.url(),
  })
  .meta({ id: "CompactJournal" });
export type CompactJournal = z.output<typeof CompactJournal>;

const RankHistoryPayload = RankHistoryEntry.meta({ id: "RankHistoryEntry" });

const websiteField = z
  .url()
  .nullable()
  .optional()
  .meta({ description: "The venue's official website: present on paid (X-Paid-Access) responses only." });

/** What a free detail says in place of the website: the same sentence for every venue, so it hints at nothing. */
export const WEBSITE_WITH_PAID_ACCESS = "available with paid access (X-Paid-Access)";

const websiteAccessField = z.literal(WEBSITE_WITH_PAID_ACCESS).optional().meta({
  description: "Present on free responses in place of `website`: the website is available with paid access.",
});

/**
 * What both details end with, around what each has of its own (`own`: its kind's counts, then the related
 * venues, its own kind first): the rating and the tracker count before, the comments and the website after.
 */
function detailTail<Own extends z.ZodRawShape>(own: Own) {
  return {
    rating_summary: RatingSummary.nullable(),
    trackers_count: count,
    ...own,
    comments: z.array(Comment),
    website: websiteField,
    website_access: websiteAccessField,
  };
}

export const ConferenceDetail = Conference.extend({
  fields: z.array(ResearchField),
  calendar: z.url().meta({
    description: "iCalendar address of this conference's deadlines and estimates (subscribe or import).",
  }),
  cfp_text: z.string().nullable(),
  deadlines: z
    .array(Deadline.meta({ id: "Deadline" }))
    .meta({ description: "Typed deadlines of this edition." }),
  history: z.array(Edition.meta({ id: "Edition" })).meta({ description: "Editions, newest first." }),
  deadline_estimates: z.array(DeadlineEstimate.meta({ id: "DeadlineEstimate" })).meta({
    description:
      "The outlook's ESTIMATED (not announced) abstract and paper deadlines in the older form: date, window, editions used, confidence, rhythm.",
  }),
  outlook: SubmissionOutlookPayload,
  acceptance: z
    .array(AcceptanceRow.meta({ id: "AcceptanceRate" }))
    .meta({ description: "Newest year first." }),
  rank_history: z.array(RankHistoryPayload),
  rank_sources: z.array(RankHistoryPayload).meta({
    description:
      'The rank_history claim behind each current rank (ICORE2026\'s "Australasian B" behind core_rank B).',
  }),
  ...detailTail({
    attendees_count: count,
    related_conferences: z.array(CompactConference),
    related_journals: z.array(CompactJournal),
  }),
}).meta({ id: "ConferenceDetail" });
export type ConferenceDetail = z.output<typeof ConferenceDetail>;

export const SpecialIssueDetail = z
  .object({
    title: z.string(),
    submission_date: nullableDate,
    description: z.string().nullable(),
    topics: z.array(z.string()),
    editors: z.array(z.string()),
    url: z.url().nullable().optional().meta({ description: "The call's own page: paid responses only." }),
    ...callDataAge,
  })
  .meta({ id: "SpecialIssue" });
export type SpecialIssueDetail = z.output<typeof SpecialIssueDetail>;

export const JournalDetail = Journal.extend({
  issns: z.array(z.string()),
  fields: z.array(ResearchField),
  cfp_text: z.string().nullable(),
  special_issues: z.array(SpecialIssueDetail).meta({ description: "Soonest deadline first." }),
  metrics: z
    .array(JournalMetricYear.meta({ id: "JournalMetricYear" }))
    .meta({ description: "Newest year first." }),
  rank_history: z.array(RankHistoryPayload),
  ...detailTail({
    related_journals: z.array(CompactJournal),
    related_conferences: z.array(CompactConference),
  }),
}).meta({ id: "JournalDetail" });
export type JournalDetail = z.output<typeof JournalDetail>;

export const KeyCount = z.object({ key: z.string(), count }).meta({ id: "KeyCount" });
export type KeyCount = z.output<typeof KeyCount>;
/** A statistic's {key, count} list, described. */
const keyCounts = (description: string) => z.array(KeyCount).meta({ description });

export const Statistics = z
  .object({
    snapshot_date: isoDate,
    conferences_total: count,
    journals_total: count,
    conferences_with_open_cfp: count.meta({
      description: "Conferences whose submission deadline is today or later (UTC).",
    }),
    conference_deadline_by_month: keyCounts(
      "Conferences per submission-deadline month (key YYYY-MM), ascending.",
    ),
    conference_country_distribution: keyCounts(
      "Conferences per country, most first; conferences with no country left out.",
    ),
    journal_impact_factor_distribution: keyCounts(
      'Journals per impact-factor bucket ("0-1", "1-2", "2-3", "3-5", "5-10", "10-20", "20+", "none").',
    ),
    journal_publisher_distribution: keyCounts(
      'The 20 largest publishers, most first, then "other" for the rest.',
    ),
    conference_open_cfp_by_ccf_rank: keyCounts('Open calls per CCF tier, best first, then "unranked".'),
    conference_open_cfp_by_core_rank: keyCounts('Open calls per CORE tier, best first, then "unranked".'),
    conference_open_cfp_by_qualis_rank: keyCounts('Open calls per QUALIS tier, best first, then "unranked".'),
    conference_field_distribution: keyCounts(
      "Conferences per research field, in the order of the field list (all 27 keys).",
    ),
    journal_field_distribution: keyCounts(
      "Journals per research field, in the order of the field list (all 27 keys).",
    ),
    journal_ccf_rank_distribution: keyCounts('Journals per CCF tier, best first, then "unranked".'),
    data_sources: z
      .array(
        z.object({
          id: z.string(),
          name: z.string().optional().meta({ description: "Left out unless full=true." }),
          commit: z.string().optional().meta({ description: "Left out unless full=true." }),
          date: isoDate
            .nullable()
            .meta({ description: "Date of the source's data the snapshot was built from." }),
          fetched_at: z.string().nullable().optional().meta({
            description:
              "When the source was last fetched; null for the copy shipped with the data. Left out unless full=true.",
          }),
          age_days: z.int().nullable(),
          stale: z
            .boolean()
            .meta({ description: "A living source neither fetched nor dated within the last 30 days." }),
        }),
      )
      .meta({
        description: "Each upstream source: its commit, the date of its data and when it was fetched.",
      }),
  })
  .meta({ id: "Statistics" });
export type Statistics = z.output<typeof Statistics>;
