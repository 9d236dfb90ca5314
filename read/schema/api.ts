/**
 * The REST/MCP contract in zod: every request parameter (validation) and every payload (types and the OpenAPI
 * document). REST validates with these schemas, the MCP tools reuse them, and /api/openapi.json is generated
 * from them, so the three cannot drift apart.
 */
import { z } from "zod";
import {
  AcceptanceRow,
  CCF_TIERS,
  CcfRank,
  CORE_TIERS,
  CoreRank,
  CpIndex,
  Deadline,
  DeadlineEstimate,
  Edition,
  JournalMetricYear,
  OutlookDeadline,
  OutlookState,
  QUALIS_TIERS,
  QualisRank,
  RankHistoryEntry,
  RESEARCH_FIELDS,
  ResearchField,
  SubmissionOutlook,
} from "../../snapshot/records.ts";
import { detailSectionsParam, sparseFieldsParam } from "./compact.ts";
import {
  booleanParam,
  caseInsensitiveEnum,
  commaSeparatedEnum,
  dateParam,
  integerParam,
  issnParam,
  lower,
  pageParam,
  perPageParam,
  queryParam,
  rankingName,
  upper,
} from "./param-rules.ts";

export const API_VERSION = "1.2.0";

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
export type ConferenceRanking = (typeof CONFERENCE_RANKINGS)[number];

export const JOURNAL_RANKINGS = ["cfp", "ccf", "highest_if", "most_viewed", "most_tracked", "all"] as const;
export type JournalRanking = (typeof JOURNAL_RANKINGS)[number];

export const PER_PAGE_MAX = 100;
export const SEARCH_PER_PAGE_DEFAULT = 10;
export const RANKING_PER_PAGE_DEFAULT = 20;
export const QUERY_MAX_LENGTH = 200;

const CORE_PARAM_VALUES = CORE_TIERS;

// ---------------------------------------------------------------------------------------------------------
// Parameters, composed of param-rules.ts.

const queryTextParam = queryParam(QUERY_MAX_LENGTH);

/** A research field in any letter case; also the `field` argument of the MCP prompts. */
export const ResearchFieldParam = caseInsensitiveEnum(
  RESEARCH_FIELDS,
  lower,
  `field must be one of ${RESEARCH_FIELDS.join(", ")}`,
)
  .optional()
  .meta({ description: "Research field (27 values: the reference's 21 and 6 finer computing areas)." });

/** Rank and field filters of the conference lists: comma-separated, OR within each (docs/api.md). */
// In the case the data uses (rows say "A"); any case is accepted.
const ccfRanksParam = commaSeparatedEnum("ccf_rank", CCF_TIERS, upper, "CCF rank A, B, C.");
const coreRanksParam = commaSeparatedEnum("core_rank", CORE_PARAM_VALUES, upper, "ICORE rank A*, A, B, C.");
const qualisRanksParam = commaSeparatedEnum(
  "qualis_rank",
  QUALIS_TIERS,
  upper,
  "QUALIS tier, 2017–2020 scale; a 2013–2016 tier (B5…) also matches the reference's older rating.",
);
const fieldsParam = commaSeparatedEnum(
  "field",
  RESEARCH_FIELDS,
  lower,
  "Research field (27 values: venue://fields).",
);

// Row fields are read when a request is checked: the row schemas are defined below.
const conferenceFieldsParam = sparseFieldsParam(() => Object.keys(RankedConference.shape));
const journalFieldsParam = sparseFieldsParam(() => Object.keys(RankedJournal.shape));

/** `sections=` of GET /api/conferences/{id} and get_conference. */
export const ConferenceDetailParams = z.object({
  sections: detailSectionsParam(
    () => Object.keys(ConferenceDetail.shape),
    () => Object.keys(Conference.shape),
  ),
});
export type ConferenceDetailParams = z.output<typeof ConferenceDetailParams>;

/** `sections=` of GET /api/journals/{id} and get_journal. */
export const JournalDetailParams = z.object({
  sections: detailSectionsParam(
    () => Object.keys(JournalDetail.shape),
    () => Object.keys(Journal.shape),
  ),
});
export type JournalDetailParams = z.output<typeof JournalDetailParams>;

const updatedSinceParam = dateParam("updated_since", "Records changed on or after this date.");

export const ConferenceSearchParams = z
  .object({
    query: queryTextParam,
    ccf_rank: ccfRanksParam,
    core_rank: coreRanksParam,
    qualis_rank: qualisRanksParam,
    field: fieldsParam,
    submission_date_start: dateParam("submission_date_start", "Submission deadline on or after."),
    submission_date_end: dateParam("submission_date_end", "Submission deadline on or before."),
    conference_date_start: dateParam("conference_date_start", "Conference date on or after."),
    conference_date_end: dateParam("conference_date_end", "Conference date on or before."),
    deadline_within_days: integerParam("deadline_within_days", 0, 730).optional().meta({
      description:
        "Next submission deadline (announced, else estimated) from today to today + N days (UTC), not yet closed.",
    }),
    updated_since: updatedSinceParam,
    page: pageParam,
    per_page: perPageParam("per_page", SEARCH_PER_PAGE_DEFAULT, PER_PAGE_MAX),
    fields: conferenceFieldsParam,
  })
  .superRefine((p, ctx) => {
    for (const range of ["submission_date", "conference_date"] as const) {
      const start = p[`${range}_start`];
      const end = p[`${range}_end`];
      if (start && end && start > end) {
        ctx.addIssue({
          code: "custom",
          path: [`${range}_end`],
          message: `${range}_end must not be before ${range}_start`,
        });
      }
    }
  });
export type ConferenceSearchParams = z.output<typeof ConferenceSearchParams>;

export const DEADLINES_PER_PAGE_DEFAULT = 50;

export const DeadlineListParams = z.object({
  within_days: integerParam("within_days", 1, 366)
    .optional()
    .meta({ description: "Only deadlines from today to today + N days (UTC); no limit when absent." }),
  ccf_rank: ccfRanksParam,
  core_rank: coreRanksParam,
  qualis_rank: qualisRanksParam,
  field: fieldsParam,
  estimates: booleanParam(
    "estimates",
    true,
    "false: announced deadlines only (default true: estimates too).",
  ),
  ranked_only: booleanParam("ranked_only", false, "Only venues with a CCF, CORE or QUALIS rank."),
  page: pageParam,
  page_size: perPageParam("page_size", DEADLINES_PER_PAGE_DEFAULT, PER_PAGE_MAX),
  fields: sparseFieldsParam(() => Object.keys(UpcomingDeadline.shape), "conference_id"),
});
export type DeadlineListParams = z.output<typeof DeadlineListParams>;

export const JournalSearchParams = z.object({
  query: queryTextParam,
  ccf_rank: ccfRanksParam,
  issn: issnParam,
  field: fieldsParam,
  updated_since: updatedSinceParam,
  page: pageParam,
  per_page: perPageParam("per_page", SEARCH_PER_PAGE_DEFAULT, PER_PAGE_MAX),
  fields: journalFieldsParam,
});
export type JournalSearchParams = z.output<typeof JournalSearchParams>;

/** A conference ranking-list name: the REST path segment, and the MCP `ranking` argument. */
export const ConferenceRankingName = rankingName(CONFERENCE_RANKINGS);
/** A journal ranking-list name: the REST path segment, and the MCP `ranking` argument. */
export const JournalRankingName = rankingName(JOURNAL_RANKINGS);

const RANKING_PATH_META = { param: { name: "ranking", in: "path" }, description: "Ranking list." } as const;

export const ConferenceRankingPath = z.object({ ranking: ConferenceRankingName.meta(RANKING_PATH_META) });

export const JournalRankingPath = z.object({ ranking: JournalRankingName.meta(RANKING_PATH_META) });

export const ConferenceRankingParams = z.object({
  page: pageParam,
  per_page: perPageParam("per_page", RANKING_PER_PAGE_DEFAULT, PER_PAGE_MAX),
  fields: conferenceFieldsParam,
});
export type ConferenceRankingParams = z.output<typeof ConferenceRankingParams>;

export const JournalRankingParams = z.object({
  field: fieldsParam,
  page: pageParam,
  per_page: perPageParam("per_page", RANKING_PER_PAGE_DEFAULT, PER_PAGE_MAX),
  fields: journalFieldsParam,
});
export type JournalRankingParams = z.output<typeof JournalRankingParams>;

/** Venue ids are decimal integers; anything else is answered 404 by the handler, so the schema stays loose. */
export const VenueIdPath = z.object({
  id: z.string().meta({
    param: { name: "id", in: "path" },
    type: "integer",
    format: "int64",
    minimum: 0,
    description: "Venue id.",
    example: 101,
  }),
});

/** "page must be ...; field must be ..." — one line naming every bad parameter. */
export function describeIssues(error: z.ZodError): string {
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const param = issue.path.map(String).join(".");
    const text =
      issue.message.startsWith(param) || param === "" ? issue.message : `${param}: ${issue.message}`;
    seen.add(text);
  }
  return [...seen].join("; ");
}

// ---------------------------------------------------------------------------------------------------------
// Payloads.

const isoDate = z.iso.date();
const nullableDate = isoDate.nullable();
const count = z.int().min(0);

// Nullable where used, so not a named component: OpenAPI 3.0 cannot mark a $ref nullable.
const CpIndexPayload = CpIndex.meta({
  description:
    "The service's own 0-100 score with a per-factor breakdown (unknown factors scored at a neutral 50), the share of weight that was known (confidence) and the algorithm version.",
});

export const Conference = z
  .object({
    id: z.string().meta({ example: "101" }),
    short_name: z.string(),
    full_name: z.string(),
    submission_date: nullableDate.meta({ description: "Submission deadline." }),
    notification_date: nullableDate,
    conference_date: nullableDate,
    location: z.string().nullable(),
    ccf_rank: CcfRank.meta({ description: "A / B / C; empty string when unranked." }),
    core_rank: CoreRank.meta({ description: "A* / A / B / C; empty string when unranked." }),
    qualis_rank: QualisRank.meta({
      description:
        "Tier on the QUALIS 2017–2020 scale (A1–A4, B1–B4, C); empty string when unranked. The older 2013–2016 tier is in the details' rank_history.",
    }),
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
    next_submission_closes_at: z.iso.datetime().nullable().meta({ description: "When it closes (UTC)." }),
    next_submission_estimated: z.boolean().nullable().meta({ description: "True when it is an estimate." }),
    outlook_state: OutlookState.meta({ description: "State of the submission outlook (docs/api.md)." }),
    data_as_of: nullableDate.meta({ description: "Date of the newest source data behind the deadlines." }),
    stale: z.boolean().meta({ description: "data_as_of is over 60 days old." }),
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
    .meta({ description: "Added by most_competitive (0-1)." }),
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
    detail_page: z.url(),
    updated_at: nullableDate,
  })
  .meta({ id: "Journal" });
export type Journal = z.output<typeof Journal>;

export const OpenSpecialIssue = z.object({ title: z.string(), submission_date: isoDate }).meta({
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

export const ConferenceRankingData = z
  .object({
    ranking: z.enum(CONFERENCE_RANKINGS),
    conferences: z.array(RankedConference),
    pagination: RankingPagination,
  })
  .meta({ id: "ConferenceRankingData" });
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
    stale: z.boolean(),
  })
  .meta({ id: "UpcomingDeadline" });
export type UpcomingDeadline = z.output<typeof UpcomingDeadline>;

export const DeadlineListData = z
  .object({ deadlines: z.array(UpcomingDeadline), pagination: SearchPagination })
  .meta({ id: "DeadlineListData" });
export type DeadlineListData = z.output<typeof DeadlineListData>;

export const JournalRankingData = z
  .object({
    ranking: z.enum(JOURNAL_RANKINGS),
    journals: z.array(RankedJournal),
    pagination: RankingPagination,
  })
  .meta({ id: "JournalRankingData" });
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
  rating_summary: RatingSummary.nullable(),
  trackers_count: count,
  attendees_count: count,
  related_conferences: z.array(CompactConference),
  related_journals: z.array(CompactJournal),
  comments: z.array(Comment),
  website: websiteField,
  website_access: websiteAccessField,
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
  rating_summary: RatingSummary.nullable(),
  trackers_count: count,
  related_journals: z.array(CompactJournal),
  related_conferences: z.array(CompactConference),
  comments: z.array(Comment),
  website: websiteField,
  website_access: websiteAccessField,
}).meta({ id: "JournalDetail" });
export type JournalDetail = z.output<typeof JournalDetail>;

export const KeyCount = z.object({ key: z.string(), count }).meta({ id: "KeyCount" });
export type KeyCount = z.output<typeof KeyCount>;

export const Statistics = z
  .object({
    snapshot_date: isoDate,
    conferences_total: count,
    journals_total: count,
    conferences_with_open_cfp: count.meta({
      description: "Conferences whose submission deadline is today or later (UTC).",
    }),
    conference_deadline_by_month: z
      .array(KeyCount)
      .meta({ description: "Conferences per submission-deadline month (key YYYY-MM), ascending." }),
    conference_country_distribution: z
      .array(KeyCount)
      .meta({ description: "Conferences per country, most first; conferences with no country left out." }),
    journal_impact_factor_distribution: z.array(KeyCount).meta({
      description:
        'Journals per impact-factor bucket ("0-1", "1-2", "2-3", "3-5", "5-10", "10-20", "20+", "none").',
    }),
    journal_publisher_distribution: z
      .array(KeyCount)
      .meta({ description: 'The 20 largest publishers, most first, then "other" for the rest.' }),
    conference_open_cfp_by_ccf_rank: z
      .array(KeyCount)
      .meta({ description: 'Open calls per CCF tier, best first, then "unranked".' }),
    conference_open_cfp_by_core_rank: z
      .array(KeyCount)
      .meta({ description: 'Open calls per CORE tier, best first, then "unranked".' }),
    conference_open_cfp_by_qualis_rank: z
      .array(KeyCount)
      .meta({ description: 'Open calls per QUALIS tier, best first, then "unranked".' }),
    conference_field_distribution: z
      .array(KeyCount)
      .meta({ description: "Conferences per research field, in the order of the field list (all 27 keys)." }),
    journal_field_distribution: z
      .array(KeyCount)
      .meta({ description: "Journals per research field, in the order of the field list (all 27 keys)." }),
    journal_ccf_rank_distribution: z
      .array(KeyCount)
      .meta({ description: 'Journals per CCF tier, best first, then "unranked".' }),
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
