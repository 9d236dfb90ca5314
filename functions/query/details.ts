/**
 * Conference and journal detail payloads: the public row, the snapshot's detail data, the activity store's
 * counters and comments, and related venues. The venue website (and special-issue URLs) appear only for paid
 * callers.
 */
import type {
  CompactConference,
  CompactJournal,
  ConferenceDetail,
  JournalDetail,
  SpecialIssueDetail,
} from "../schema/api.ts";
import type { ResearchField, SpecialIssue } from "../schema/records.ts";
import type { QueryContext } from "./context.ts";
import {
  COMPACT_CONFERENCE_COLUMNS,
  COMPACT_JOURNAL_COLUMNS,
  CONFERENCE_COLUMNS,
  type ConferenceRecord,
  JOURNAL_COLUMNS,
  type JournalRecord,
  toCompactConference,
  toCompactJournal,
  toConference,
  toJournal,
} from "./rows.ts";
import { varcharList } from "./sql.ts";

/** How many related venues a detail lists. */
export const RELATED_LIMIT = 6;

export interface DetailAccess {
  /** Paid per-request access: adds the official website and special-issue URLs. */
  paid: boolean;
}

interface Similarity {
  id: string;
  fields: ResearchField[];
  ccf_rank: string;
  core_rank: string;
}

/**
 * Related conferences: at least one shared research field; scored by shared fields plus one point per ranking
 * system with the same tier; then higher CP index, then id.
 */
async function relatedConferences(
  ctx: QueryContext,
  like: Similarity,
  excludeId: string | null,
): Promise<CompactConference[]> {
  const rows = await ctx.db.all<Omit<CompactConference, "detail_page">>(
    `SELECT ${COMPACT_CONFERENCE_COLUMNS} FROM conferences c
     WHERE c.id IS DISTINCT FROM ? AND len(list_intersect(c.fields, ?)) > 0
     ORDER BY len(list_intersect(c.fields, ?))
       + (c.ccf_rank <> '' AND c.ccf_rank = ?)::INTEGER + (c.core_rank <> '' AND c.core_rank = ?)::INTEGER DESC,
       c.cp_score DESC NULLS LAST, c.id_num
     LIMIT ?`,
    [
      excludeId,
      varcharList(like.fields),
      varcharList(like.fields),
      like.ccf_rank,
      like.core_rank,
      BigInt(RELATED_LIMIT),
    ],
  );
  return rows.map((r) => toCompactConference(r, ctx.baseUrl));
}

/** Related journals: shared fields plus one point for the same CCF tier; then higher impact factor, then id. */
async function relatedJournals(
  ctx: QueryContext,
  like: Similarity,
  excludeId: string | null,
): Promise<CompactJournal[]> {
  const rows = await ctx.db.all<Omit<CompactJournal, "detail_page">>(
    `SELECT ${COMPACT_JOURNAL_COLUMNS} FROM journals j
     WHERE j.id IS DISTINCT FROM ? AND len(list_intersect(j.fields, ?)) > 0
     ORDER BY len(list_intersect(j.fields, ?)) + (j.ccf_rank <> '' AND j.ccf_rank = ?)::INTEGER DESC,
       j.if_num DESC NULLS LAST, j.id_num
     LIMIT ?`,
    [excludeId, varcharList(like.fields), varcharList(like.fields), like.ccf_rank, BigInt(RELATED_LIMIT)],
  );
  return rows.map((r) => toCompactJournal(r, ctx.baseUrl));
}

const byYearDesc = (a: { year: number }, b: { year: number }) => b.year - a.year;

export async function conferenceDetail(
  ctx: QueryContext,
  id: string,
  access: DetailAccess,
): Promise<ConferenceDetail | null> {
  const [record] = await ctx.db.all<ConferenceRecord & { fields: ResearchField[] }>(
    `SELECT ${CONFERENCE_COLUMNS}, c.fields FROM conferences c WHERE c.id = ?`,
    [id],
  );
  if (!record) return null;
  const detail = ctx.db.conferenceDetails.get(id);
  const like: Similarity = { ...record, id };
  const [activity, related_conferences, related_journals] = await Promise.all([
    ctx.activity.summary("conference", id),
    relatedConferences(ctx, like, id),
    relatedJournals(ctx, like, null),
  ]);
  return {
    ...toConference(record, ctx.baseUrl),
    fields: record.fields,
    cfp_text: detail?.cfp_text ?? null,
    deadlines: detail?.deadlines ?? [],
    history: [...(detail?.editions ?? [])].sort(byYearDesc),
    acceptance: [...(detail?.acceptance ?? [])].sort(byYearDesc),
    rank_history: detail?.rank_history ?? [],
    rating_summary: activity.rating_summary,
    trackers_count: activity.trackers_count,
    attendees_count: activity.attendees_count,
    related_conferences,
    related_journals,
    comments: activity.comments,
    ...(access.paid ? { website: detail?.website ?? null } : {}),
  };
}

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
  const { title, submission_date, description, topics, editors, url } = si;
  return { title, submission_date, description, topics, editors, ...(access.paid ? { url } : {}) };
}

export async function journalDetail(
  ctx: QueryContext,
  id: string,
  access: DetailAccess,
): Promise<JournalDetail | null> {
  const [record] = await ctx.db.all<JournalRecord & { issns: string[]; fields: ResearchField[] }>(
    `SELECT ${JOURNAL_COLUMNS}, j.issns, j.fields FROM journals j WHERE j.id = ?`,
    [id],
  );
  if (!record) return null;
  const detail = ctx.db.journalDetails.get(id);
  const like: Similarity = { id, fields: record.fields, ccf_rank: record.ccf_rank, core_rank: "" };
  const [activity, related_journals, related_conferences] = await Promise.all([
    ctx.activity.summary("journal", id),
    relatedJournals(ctx, like, id),
    relatedConferences(ctx, like, null),
  ]);
  return {
    ...toJournal(record, ctx.baseUrl),
    issns: record.issns,
    fields: record.fields,
    cfp_text: detail?.cfp_text ?? null,
    special_issues: [...(detail?.special_issues ?? [])]
      .sort(specialIssueOrder(ctx.today))
      .map((si) => toSpecialIssue(si, access)),
    metrics: [...(detail?.metrics ?? [])].sort(byYearDesc),
    rank_history: detail?.rank_history ?? [],
    rating_summary: activity.rating_summary,
    trackers_count: activity.trackers_count,
    related_journals,
    related_conferences,
    comments: activity.comments,
    ...(access.paid ? { website: detail?.website ?? null } : {}),
  };
}
