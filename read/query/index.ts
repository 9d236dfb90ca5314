/**
 * The one query layer: REST and MCP both call these methods and serve the returned object as `data`, so the two
 * interfaces give identical payloads. Parameters arrive already validated by the zod schemas of
 * read/schema/api.ts. Each call runs on the snapshot current when it starts, even if a newer one is
 * swapped in meanwhile.
 */

import { type Clock, systemClock } from "../../runtime/clock.ts";
import { type Logger, silentLogger } from "../../runtime/logger.ts";
import type {
  CompactConference,
  CompactJournal,
  ConferenceDetail,
  ConferenceRanking,
  ConferenceRankingData,
  ConferenceRankingParams,
  ConferenceSearchData,
  ConferenceSearchParams,
  DeadlineListData,
  DeadlineListParams,
  JournalDetail,
  JournalRanking,
  JournalRankingData,
  JournalRankingParams,
  JournalSearchData,
  JournalSearchParams,
  Statistics,
} from "../schema/api.ts";
import { emptyActivity, type VenueActivity, type VenueKind } from "./activity.ts";
import { listConferences, searchConferences } from "./conferences.ts";
import { contextTimes, type QueryContext } from "./context.ts";
import { SnapshotDatabase } from "./database.ts";
import { upcomingDeadlines } from "./deadlines.ts";
import {
  conferenceDetail,
  type DetailAccess,
  journalDetail,
  relatedConferences,
  relatedJournals,
  type Similarity,
} from "./details.ts";
import { listJournals, searchJournals } from "./journals.ts";
import { mergedIds } from "./merged-ids.ts";
import { type ConferenceOutlook, conferenceOutlooks } from "./outlooks.ts";
import {
  COMPACT_CONFERENCE_COLUMNS,
  COMPACT_JOURNAL_COLUMNS,
  toCompactConference,
  toCompactJournal,
} from "./rows.ts";
import type { SnapshotSource } from "./snapshot-source.ts";
import { varcharList } from "./sql-param.ts";
import { statistics } from "./statistics.ts";

export type { DetailAccess, Similarity } from "./details.ts";

export interface SnapshotInfo {
  date: string;
  version: string;
  generated_at: string;
}

export interface QueryLayer {
  searchConferences(params: ConferenceSearchParams): Promise<ConferenceSearchData>;
  listConferences(
    ranking: ConferenceRanking,
    params: ConferenceRankingParams,
  ): Promise<ConferenceRankingData>;
  /** Upcoming submission deadlines, one row per venue and round still ahead, soonest first. */
  upcomingDeadlines(params: DeadlineListParams): Promise<DeadlineListData>;
  /** The outlooks and rows of the given conferences (a watchlist's), in order; records no view. */
  conferenceOutlooks(ids: readonly string[]): Promise<ConferenceOutlook[]>;
  searchJournals(params: JournalSearchParams): Promise<JournalSearchData>;
  listJournals(ranking: JournalRanking, params: JournalRankingParams): Promise<JournalRankingData>;
  statistics(): Promise<Statistics>;
  /** Null when no conference has this id. Records a view. */
  conference(id: string, access: DetailAccess): Promise<ConferenceDetail | null>;
  /** Null when no journal has this id. Records a view. */
  journal(id: string, access: DetailAccess): Promise<JournalDetail | null>;
  /** The id a venue merged away now lives under; null when `id` was not merged. */
  survivingId(kind: VenueKind, id: string): Promise<string | null>;
  /** Compact rows for the given ids, in the given order; unknown ids are skipped. */
  venues(ids: {
    conferences: readonly string[];
    journals: readonly string[];
  }): Promise<{ conferences: CompactConference[]; journals: CompactJournal[] }>;
  snapshot(): SnapshotInfo;
  /**
   * The related venues a detail of a venue `like` this one lists (`related_conferences`, `related_journals`);
   * the venue itself is left out of the list of its own `kind` only.
   */
  relatedVenues(
    like: Similarity,
    kind: VenueKind,
  ): Promise<{ conferences: CompactConference[]; journals: CompactJournal[] }>;
}

export interface QueryLayerOptions {
  /** Where each call gets its snapshot: the server's swapping source, or one fixed snapshot (the site build). */
  source: Pick<SnapshotSource, "use" | "current">;
  /** Public base URL of the site, for `detail_page` (a trailing slash is ignored). */
  publicBaseUrl: string;
  activity?: VenueActivity;
  clock?: Clock;
  logger?: Logger;
}

/** Keeps the given id order and drops ids the snapshot does not hold. */
function inIdOrder<T extends { id: string }>(rows: T[], ids: readonly string[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function createQueryLayer(options: QueryLayerOptions): QueryLayer {
  const { source } = options;
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, "");
  const activity = options.activity ?? emptyActivity;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;

  const run = <T>(fn: (ctx: QueryContext) => Promise<T>): Promise<T> =>
    source.use((db) => {
      const { today, now } = contextTimes(clock());
      return fn({ db, today, now, baseUrl, activity });
    });

  const survivingId = (kind: VenueKind, id: string) =>
    run(async (ctx) => (await mergedIds(ctx.db.dir))[kind].get(id) ?? null);

  const recordView = (kind: VenueKind, id: string) => {
    activity
      .recordView(kind, id)
      .catch((err: unknown) => logger.warn({ err, kind, id }, "recording a view failed"));
  };

  return {
    searchConferences: (params) => run((ctx) => searchConferences(ctx, params)),
    listConferences: (ranking, params) => run((ctx) => listConferences(ctx, ranking, params)),
    upcomingDeadlines: (params) => run((ctx) => upcomingDeadlines(ctx, params)),
    conferenceOutlooks: (ids) => run((ctx) => conferenceOutlooks(ctx, ids)),
    searchJournals: (params) => run((ctx) => searchJournals(ctx, params)),
    listJournals: (ranking, params) => run((ctx) => listJournals(ctx, ranking, params)),
    statistics: () =>
      // Statistics only change with the snapshot and the UTC date.
      run((ctx) =>
        ctx.db.cached(
          `statistics ${ctx.today}`,
          () => statistics(ctx),
          () => 1,
        ),
      ),
    // A merged-away id gives its surviving record (REST redirects before asking; MCP gets it directly).
    conference: async (id, access) => {
      const target = (await survivingId("conference", id)) ?? id;
      const detail = await run((ctx) => conferenceDetail(ctx, target, access));
      if (detail) recordView("conference", target);
      return detail;
    },
    journal: async (id, access) => {
      const target = (await survivingId("journal", id)) ?? id;
      const detail = await run((ctx) => journalDetail(ctx, target, access));
      if (detail) recordView("journal", target);
      return detail;
    },
    survivingId,
    venues: (ids) =>
      run(async (ctx) => {
        const conferences = await ctx.db.all<Omit<CompactConference, "detail_page">>(
          `SELECT ${COMPACT_CONFERENCE_COLUMNS} FROM conferences c WHERE list_contains(?, c.id)`,
          [varcharList(ids.conferences)],
        );
        const journals = await ctx.db.all<Omit<CompactJournal, "detail_page">>(
          `SELECT ${COMPACT_JOURNAL_COLUMNS} FROM journals j WHERE list_contains(?, j.id)`,
          [varcharList(ids.journals)],
        );
        return {
          conferences: inIdOrder(conferences, ids.conferences).map((r) => toCompactConference(r, baseUrl)),
          journals: inIdOrder(journals, ids.journals).map((r) => toCompactJournal(r, baseUrl)),
        };
      }),
    snapshot: () => {
      const { date, version, generated_at } = source.current.manifest;
      return { date, version, generated_at };
    },
    relatedVenues: (like, kind) =>
      run(async (ctx) => {
        const [conferences, journals] = await Promise.all([
          relatedConferences(ctx, like, kind === "conference" ? like.id : null),
          relatedJournals(ctx, like, kind === "journal" ? like.id : null),
        ]);
        return { conferences, journals };
      }),
  };
}

/**
 * The query layer over one snapshot folder that never changes (the site build), on `threads` DuckDB threads
 * (default: DuckDB's own choice).
 */
export async function openFixedSnapshot(
  dir: string,
  options: Omit<QueryLayerOptions, "source"> & { threads?: number },
): Promise<QueryLayer> {
  const db = await SnapshotDatabase.open(dir);
  if (options.threads !== undefined) await db.all(`SET threads = ${Math.trunc(options.threads)}`);
  return createQueryLayer({ ...options, source: { current: db, use: (fn) => db.use(fn) } });
}
