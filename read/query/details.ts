/**
 * Conference and journal detail payloads: the public row, the snapshot's detail data, the activity store's
 * counters and comments, and related venues. The venue website (and special-issue URLs) appear only for paid
 * callers.
 */

import {
  type ConferenceRow,
  currentRankClaims,
  type JournalRow,
  type ResearchField,
  type SpecialIssue,
  unknownOutlook,
} from "../../snapshot/records.ts";
import {
  type CompactConference,
  type CompactJournal,
  type ConferenceDetail,
  type JournalDetail,
  type SpecialIssueDetail,
  WEBSITE_WITH_PAID_ACCESS,
} from "../schema/api.ts";
import type { VenueActivitySummary } from "./activity.ts";
import type { QueryContext } from "./context.ts";
import {
  COMPACT_CONFERENCE_COLUMNS,
  COMPACT_JOURNAL_COLUMNS,
  toCompactConference,
  toCompactJournal,
  toConference,
  toJournal,
} from "./rows.ts";
import { varcharList } from "./sql-param.ts";

/** How many related venues a detail lists. */
export const RELATED_LIMIT = 6;

export interface DetailAccess {
  /** Paid per-request access: adds the official website and special-issue URLs. */
  paid: boolean;
}

/** What related venues are matched on (exported for the site build, which lists the same related venues). */
export interface Similarity {
  id: string;
  fields: ResearchField[];
  ccf_rank: string;
  core_rank: string;
}

/**
 * The best related venues depend only on the research fields and tiers compared, which many venues share: the
 * list is computed once per such profile, one row longer than shown so the venue itself can be left out.
 */
async function relatedFor<T extends { id: string }>(
  ctx: QueryContext,
  profile: string,
  excludeId: string | null,
  top: (limit: number) => Promise<T[]>,
): Promise<T[]> {
  const ranked = await ctx.db.cached(
    `related ${ctx.baseUrl} ${profile}`,
    () => top(RELATED_LIMIT + 1),
    (r) => r.length,
  );
  return ranked.filter((r) => r.id !== excludeId).slice(0, RELATED_LIMIT);
}

const fieldsKey = (fields: readonly string[]) => [...fields].sort().join(",");

/**
 * Related conferences: at least one shared research field; scored by shared fields plus one point per ranking
 * system with the same tier; then higher CP index, then id.
 */
export function relatedConferences(
  ctx: QueryContext,
  like: Similarity,
  excludeId: string | null,
): Promise<CompactConference[]> {
  const profile = `conferences ${fieldsKey(like.fields)} ${like.ccf_rank} ${like.core_rank}`;
  return relatedFor(ctx, profile, excludeId, async (limit) => {
    const rows = await ctx.db.all<Omit<CompactConference, "detail_page">>(
      `SELECT ${COMPACT_CONFERENCE_COLUMNS} FROM conferences c
       WHERE list_has_any(c.fields, ?)
       ORDER BY len(list_intersect(c.fields, ?))
         + (c.ccf_rank <> '' AND c.ccf_rank = ?)::INTEGER + (c.core_rank <> '' AND c.core_rank = ?)::INTEGER DESC,
         c.cp_score DESC NULLS LAST, c.id_num
       LIMIT ?`,
      [varcharList(like.fields), varcharList(like.fields), like.ccf_rank, like.core_rank, BigInt(limit)],
    );
    return rows.map((r) => toCompactConference(r, ctx.baseUrl));
  });
}

/** Related journals: shared fields plus one point for the same CCF tier; then higher impact factor, then id. */
export function relatedJournals(
  ctx: QueryContext,
  like: Similarity,
  excludeId: string | null,
): Promise<CompactJournal[]> {
  const profile = `journals ${fieldsKey(like.fields)} ${like.ccf_rank}`;
  return relatedFor(ctx, profile, excludeId, async (limit) => {
    const rows = await ctx.db.all<Omit<CompactJournal, "detail_page">>(
      `SELECT ${COMPACT_JOURNAL_COLUMNS} FROM journals j
       WHERE list_has_any(j.fields, ?)
       ORDER BY len(list_intersect(j.fields, ?)) + (j.ccf_rank <> '' AND j.ccf_rank = ?)::INTEGER DESC,
         j.if_num DESC NULLS LAST, j.id_num
       LIMIT ?`,
      [varcharList(like.fields), varcharList(like.fields), like.ccf_rank, BigInt(limit)],
    );
    return rows.map((r) => toCompactJournal(r, ctx.baseUrl));
  });
}

const byYearDesc = (a: { year: number }, b: { year: number }) => b.year - a.year;

/** What a conference detail holds besides the caller-dependent parts (activity, paid fields). */
interface ConferenceCore {
  head: Omit<
    ConferenceDetail,
    | "rating_summary"
    | "trackers_count"
    | "attendees_count"
    | "related_conferences"
    | "related_journals"
    | "comments"
    | "website"
    | "website_access"
  >;
  related_conferences: CompactConference[];
  related_journals: CompactJournal[];
  website: string | null;
}

/** The website for paid access; for free access only the statement that it exists there (never its value). */
function websiteFields(
  access: DetailAccess,
  website: string | null,
): { website: string | null } | { website_access: typeof WEBSITE_WITH_PAID_ACCESS } {
  return access.paid ? { website } : { website_access: WEBSITE_WITH_PAID_ACCESS };
}

type DetailCore = { related_conferences: unknown[]; related_journals: unknown[] };

/** Cache weight of a detail core: the related rows plus the detail itself. */
const coreWeight = (core: DetailCore | null) =>
  core ? 1 + core.related_conferences.length + core.related_journals.length : 0;

async function conferenceCore(ctx: QueryContext, id: string): Promise<ConferenceCore | null> {
  const record = ctx.db.tableRow("conferences", id) as ConferenceRow | undefined;
  if (!record) return null;
  const like: Similarity = { ...record, id };
  const [detail, related_conferences, related_journals] = await Promise.all([
    ctx.db.conferenceDetail(id),
    relatedConferences(ctx, like, id),
    relatedJournals(ctx, like, null),
  ]);
  const conference = toConference(record, ctx.baseUrl);
  return {
    head: {
      ...conference,
      fields: record.fields,
      // The site's "add to calendar" file of this conference (src/pages/conference/[id].ics.ts).
      calendar: `${conference.detail_page}.ics`,
      cfp_text: detail?.cfp_text ?? null,
      deadlines: detail?.deadlines ?? [],
      history: [...(detail?.editions ?? [])].sort(byYearDesc),
      deadline_estimates: detail?.deadline_estimates ?? [],
      // A conference without a detail record (never so in a valid snapshot) knows none of its deadlines.
      outlook: detail?.outlook ?? unknownOutlook(ctx.db.manifest.date),
      acceptance: [...(detail?.acceptance ?? [])].sort(byYearDesc),
      rank_history: detail?.rank_history ?? [],
      rank_sources: currentRankClaims(detail?.rank_history ?? []),
    },
    related_conferences,
    related_journals,
    website: detail?.website ?? null,
  };
}

/**
 * A detail memoised per snapshot part, activity summary and access: while neither part changes (the payload cache
 * has the core; the activity seam hands out the same summary until the store's figures change), every request
 * gets the same object, so its JSON and ETag are made once too (payload-json.ts, api/answers.ts).
 */
const madeDetails = new WeakMap<object, WeakMap<VenueActivitySummary, { free?: object; paid?: object }>>();

function detailOnce<D extends object>(
  core: object,
  activity: VenueActivitySummary,
  access: DetailAccess,
  make: () => D,
): D {
  let byActivity = madeDetails.get(core);
  if (!byActivity) {
    byActivity = new WeakMap();
    madeDetails.set(core, byActivity);
  }
  let made = byActivity.get(activity);
  if (!made) {
    made = {};
    byActivity.set(activity, made);
  }
  const which = access.paid ? "paid" : "free";
  made[which] ??= make();
  return made[which] as D;
}

/** How a venue's detail is made: its snapshot core, cached under `key`, and the answer from the core and activity. */
interface DetailParts<C, D> {
  key: string;
  core: () => Promise<C | null>;
  make: (core: C, activity: VenueActivitySummary) => D;
}

/** A venue's detail: the cached snapshot core, the activity read fresh every time, joined once (detailOnce). */
async function venueDetail<C extends DetailCore, D extends object>(
  ctx: QueryContext,
  kind: "conference" | "journal",
  id: string,
  access: DetailAccess,
  { key, core, make }: DetailParts<C, D>,
): Promise<D | null> {
  const made = await ctx.db.cached(key, core, coreWeight);
  if (!made) return null;
  const activity = await ctx.activity.summary(kind, id);
  return detailOnce(made, activity, access, () => make(made, activity));
}

/** A venue's detail as this caller may see it; null when no venue of the kind has the id. */
type DetailQuery<D> = (ctx: QueryContext, id: string, access: DetailAccess) => Promise<D | null>;

export const conferenceDetail: DetailQuery<ConferenceDetail> = (ctx, id, access) =>
  venueDetail(ctx, "conference", id, access, {
    // The snapshot part depends on the id and the base URL only.
    key: `conference-detail ${ctx.baseUrl} ${id}`,
    core: () => conferenceCore(ctx, id),
    make: (core, activity) => ({
      ...core.head,
      rating_summary: activity.rating_summary,
      trackers_count: activity.trackers_count,
      attendees_count: activity.attendees_count,
      related_conferences: core.related_conferences,
      related_journals: core.related_journals,
      comments: activity.comments,
      ...websiteFields(access, core.website),
    }),
  });

/** Open calls soonest first, then closed calls most recent first, then undated ones. */
function specialIssueOrder(today: string) {
  const group = (d: string | null) => (d === null ? 2 : d >= today ? 0 : 1);
  return (a: SpecialIssue, b: SpecialIssue): number => {
    const ga = group(a.submission_date);
    const gb = group(b.submission_date);
    if (ga !== gb) return ga - gb;
    const da = a.submission_date ?? "";
    const db = b.submission_date ?? "";
    return ga === 0 ? da.localeCompare(db) : db.localeCompare(da);
  };
}

function toSpecialIssue(si: SpecialIssue, access: DetailAccess): SpecialIssueDetail {
  const { title, submission_date, description, topics, editors, url, data_as_of, stale } = si;
  return {
    title,
    submission_date,
    description,
    topics,
    editors,
    ...(access.paid ? { url } : {}),
    data_as_of: data_as_of ?? null,
    stale: stale ?? false,
  };
}

interface JournalCore {
  head: Omit<
    JournalDetail,
    | "special_issues"
    | "metrics"
    | "rank_history"
    | "rating_summary"
    | "trackers_count"
    | "related_journals"
    | "related_conferences"
    | "comments"
    | "website"
    | "website_access"
  >;
  /** In the order of the day the core was computed for. */
  special_issues: SpecialIssue[];
  metrics: JournalDetail["metrics"];
  rank_history: JournalDetail["rank_history"];
  related_journals: CompactJournal[];
  related_conferences: CompactConference[];
  website: string | null;
}

async function journalCore(ctx: QueryContext, id: string): Promise<JournalCore | null> {
  const record = ctx.db.tableRow("journals", id) as JournalRow | undefined;
  if (!record) return null;
  const like: Similarity = { id, fields: record.fields, ccf_rank: record.ccf_rank, core_rank: "" };
  const [detail, related_journals, related_conferences] = await Promise.all([
    ctx.db.journalDetail(id),
    relatedJournals(ctx, like, id),
    relatedConferences(ctx, like, null),
  ]);
  return {
    head: {
      ...toJournal(record, ctx.baseUrl),
      issns: record.issns,
      fields: record.fields,
      cfp_text: detail?.cfp_text ?? null,
    },
    special_issues: [...(detail?.special_issues ?? [])].sort(specialIssueOrder(ctx.today)),
    metrics: [...(detail?.metrics ?? [])].sort(byYearDesc),
    rank_history: detail?.rank_history ?? [],
    related_journals,
    related_conferences,
    website: detail?.website ?? null,
  };
}

export const journalDetail: DetailQuery<JournalDetail> = (ctx, id, access) =>
  venueDetail(ctx, "journal", id, access, {
    // Special issues are ordered around today's date, so the snapshot part is cached per day.
    key: `journal-detail ${ctx.baseUrl} ${ctx.today} ${id}`,
    core: () => journalCore(ctx, id),
    make: (core, activity) => ({
      ...core.head,
      special_issues: core.special_issues.map((si) => toSpecialIssue(si, access)),
      metrics: core.metrics,
      rank_history: core.rank_history,
      rating_summary: activity.rating_summary,
      trackers_count: activity.trackers_count,
      related_journals: core.related_journals,
      related_conferences: core.related_conferences,
      comments: activity.comments,
      ...websiteFields(access, core.website),
    }),
  });
