/**
 * The REST/MCP contract in zod: every request parameter (validation) and every payload (types and the OpenAPI
 * document). REST validates with these schemas, the MCP tools reuse them, and /api/openapi.json is generated
 * from them, so the three cannot drift apart.
 */
import { z } from "zod";
import {
  CCF_CATEGORIES,
  CCF_TIERS,
  CORE_FOR_CODES,
  CORE_TIERS,
  QUALIS_TIERS,
  RESEARCH_FIELDS,
} from "../../snapshot/records.ts";
import { detailSectionsParam, sparseFieldsParam } from "./compact.ts";
import { pageLanguageParam } from "./page-language.ts";
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
import {
  CONFERENCE_RANKINGS,
  Conference,
  ConferenceDetail,
  JOURNAL_RANKINGS,
  Journal,
  JournalDetail,
  RankedConference,
  RankedJournal,
  UpcomingDeadline,
} from "./payloads.ts";

export const API_VERSION = "1.2.0";

export type ConferenceRanking = (typeof CONFERENCE_RANKINGS)[number];

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

/** Rank and field filters of the venue lists: comma-separated, OR within each (docs/api.md). */
const fieldsParam = commaSeparatedEnum(
  "field",
  RESEARCH_FIELDS,
  lower,
  "Research fields, comma list (venue://fields); narrower than the lists' categories.",
  false,
);
// In the case the data uses (rows say "A"); any case is accepted.
const ccfRanksParam = commaSeparatedEnum("ccf_rank", CCF_TIERS, upper, "");
/** The lists' own categories (snapshot/records/categories.ts): what the CCF list and CORE file a venue under. */
const ccfCategoryParam = commaSeparatedEnum("ccf_category", CCF_CATEGORIES, upper, "");
const coreForParam = commaSeparatedEnum(
  "core_for",
  CORE_FOR_CODES,
  upper,
  "CORE field-of-research codes, comma list: 46xx or CSE (venue://fields).",
  false,
);
/** The category filters, as every venue list takes them (journals: ccf_category only). */
const categoryParams = { ccf_category: ccfCategoryParam, core_for: coreForParam };
/** The rank, field and category filters of the conference search and the deadline list, in this order. */
const conferenceFilterParams = {
  ccf_rank: ccfRanksParam,
  core_rank: commaSeparatedEnum("core_rank", CORE_PARAM_VALUES, upper, ""),
  qualis_rank: commaSeparatedEnum(
    "qualis_rank",
    QUALIS_TIERS,
    upper,
    "2017–2020 scale (B5: the older one's).",
  ),
  field: fieldsParam,
  ...categoryParams,
};

// Row fields are read when a request is checked: the row schemas are defined below.
const conferenceFieldsParam = sparseFieldsParam(() => Object.keys(RankedConference.shape));
const journalFieldsParam = sparseFieldsParam(() => Object.keys(RankedJournal.shape));

/** `sections=` and `lang=` of GET /api/conferences/{id} and get_conference. */
export const ConferenceDetailParams = z.object({
  sections: detailSectionsParam(
    () => Object.keys(ConferenceDetail.shape),
    () => Object.keys(Conference.shape),
  ),
  lang: pageLanguageParam(
    "Language of the page links beyond detail_page: zh gives calendar as the Chinese feed (/zh/conference/{id}.ics). The data and detail_page stay as they are.",
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

const updatedSinceParam = dateParam("updated_since", "Changed on or after this date.");

export const ConferenceSearchParams = z
  .object({
    query: queryTextParam,
    ...conferenceFilterParams,
    submission_date_start: dateParam("submission_date_start", "Submission deadline on or after."),
    submission_date_end: dateParam("submission_date_end", "Submission deadline on or before."),
    conference_date_start: dateParam("conference_date_start", "Conference date on or after."),
    conference_date_end: dateParam("conference_date_end", "Conference date on or before."),
    deadline_within_days: integerParam("deadline_within_days", 0, 730).optional().meta({
      description: "Next submission deadline (announced or estimated) within N days (UTC).",
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

/** `per_page` of every list; the deadline list took `page_size` first, kept as its alias. */
const deadlinesPerPageParam = (name: "per_page" | "page_size", description: string) =>
  integerParam(name, 1, PER_PAGE_MAX).optional().meta({ description, default: DEADLINES_PER_PAGE_DEFAULT });

/** The deadline list's parameters, `page_size` (the alias REST keeps for older clients) included. */
const deadlineListFields = z.object({
  within_days: integerParam("within_days", 1, 366)
    .optional()
    .meta({ description: "Deadlines within N days (UTC); absent: no limit." }),
  ...conferenceFilterParams,
  estimates: booleanParam("estimates", true, "false: announced deadlines only."),
  ranked_only: booleanParam("ranked_only", false, "Ranked venues only (CCF, CORE or QUALIS)."),
  page: pageParam,
  per_page: deadlinesPerPageParam("per_page", "Rows per page."),
  page_size: deadlinesPerPageParam("page_size", "Alias of per_page (older clients); both given must agree."),
  fields: sparseFieldsParam(() => Object.keys(UpcomingDeadline.shape), "conference_id"),
});

/** The parameters as MCP tools advertise them: `per_page` only (tools/list stays within its size). */
export const DeadlineListInput = deadlineListFields.omit({ page_size: true });

export const DeadlineListParams = deadlineListFields.superRefine((p, ctx) => {
  if (p.per_page !== undefined && p.page_size !== undefined && p.per_page !== p.page_size) {
    ctx.addIssue({
      code: "custom",
      path: ["page_size"],
      message: `per_page (${p.per_page}) and page_size (${p.page_size}) differ: page_size is an alias of per_page, give one`,
    });
  }
});
export type DeadlineListParams = z.output<typeof DeadlineListParams>;

/** Rows per page of a deadline list: `per_page`, else its alias `page_size`, else the default. */
export const deadlinesPerPage = (p: Pick<DeadlineListParams, "per_page" | "page_size">): number =>
  p.per_page ?? p.page_size ?? DEADLINES_PER_PAGE_DEFAULT;

export const JournalSearchParams = z.object({
  query: queryTextParam,
  ccf_rank: ccfRanksParam,
  issn: issnParam,
  field: fieldsParam,
  ccf_category: ccfCategoryParam,
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
  ...categoryParams,
  page: pageParam,
  per_page: perPageParam("per_page", RANKING_PER_PAGE_DEFAULT, PER_PAGE_MAX),
  fields: conferenceFieldsParam,
});
export type ConferenceRankingParams = z.output<typeof ConferenceRankingParams>;

export const JournalRankingParams = z.object({
  field: fieldsParam,
  ccf_category: ccfCategoryParam,
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

export * from "./payloads.ts";
