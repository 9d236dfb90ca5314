/**
 * The single truth for the snapshot's record types. The nightly build validates every record it writes
 * against these schemas; the query layer, REST, MCP and the site read the same types.
 */
import { z } from "zod";
import { columnTypeOf } from "./table-columns.ts";

/** The 14 field values of the machine-readable contract plus 7 that complete the reference's 21 areas. */
export const RESEARCH_FIELDS = [
  "ai",
  "vision",
  "nlp",
  "data",
  "network",
  "security",
  "se",
  "systems",
  "theory",
  "hci",
  "graphics",
  "bio",
  "robotics",
  "web",
  // Finer computing areas (education: the reference's); all 27 documented in docs/research-fields.md.
  "ml",
  "architecture",
  "pl",
  "ir",
  "multimedia",
  "is",
  "education",
  // The reference service's further areas (contract 2.1.0); education above is one of them.
  "ee",
  "energy",
  "materials",
  "civil",
  "management",
  "math",
] as const;
export const ResearchField = z.enum(RESEARCH_FIELDS);

/** What each field value names, in words (profiles' research summaries, the MCP field list). */
export const RESEARCH_FIELD_NAMES: Record<(typeof RESEARCH_FIELDS)[number], string> = {
  ai: "artificial intelligence",
  vision: "computer vision",
  nlp: "natural language processing",
  data: "databases and data mining",
  network: "computer networks",
  security: "security and privacy",
  se: "software engineering",
  systems: "computer systems",
  theory: "theoretical computer science",
  hci: "human-computer interaction",
  graphics: "computer graphics",
  bio: "bioinformatics",
  robotics: "robotics",
  web: "the web",
  ml: "machine learning",
  architecture: "computer architecture",
  pl: "programming languages",
  ir: "information retrieval",
  multimedia: "multimedia",
  is: "information systems",
  education: "education",
  ee: "electrical and electronic engineering",
  energy: "energy",
  materials: "materials science",
  civil: "civil engineering",
  management: "management",
  math: "mathematics",
};
export type ResearchField = z.infer<typeof ResearchField>;

/** Tiers of each ranking system, best first; "" is unranked. */
export const CCF_TIERS = ["A", "B", "C"] as const;
export const CORE_TIERS = ["A*", "A", "B", "C"] as const;
export const CcfRank = z.enum([...CCF_TIERS, ""]);
export const CoreRank = z.enum([...CORE_TIERS, ""]);
export const QUALIS_TIERS = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "C"] as const;
/** Edition of the reference snapshot's rank claims: "reference-<date its files were generated>". */
export const REFERENCE_EDITION_PREFIX = "reference-";
export const QualisRank = z.union([z.enum(QUALIS_TIERS), z.literal("")]);

export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .register(columnTypeOf, { column: "DATE" });
export const IsoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "expected UTC instant")
  .register(columnTypeOf, { column: "TIMESTAMP WITH TIME ZONE" });
/** Ids are decimal-digit strings, stable across builds. */
export const VenueId = z.string().regex(/^\d{1,15}$/, "expected a decimal-digit id");
/** All-time page views (the reference snapshot's `clicked`), 0 when unknown; may pass 32 bits. */
const PageViews = z.number().int().min(0).register(columnTypeOf, { column: "BIGINT" });
/** Id of the venue on the reference service (myhuiban.com), for its attribution link. */
const ReferenceId = z.number().int().register(columnTypeOf, { column: "BIGINT" });

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

export const DEADLINE_TYPES = [
  "abstract",
  "paper",
  "supplementary",
  "rebuttal",
  "notification",
  "camera_ready",
  "registration",
  "other",
] as const;
export const DeadlineType = z.enum(DEADLINE_TYPES);
export type DeadlineType = z.infer<typeof DeadlineType>;

export const Deadline = z.object({
  type: DeadlineType,
  /** The label as published ("Paper Submission Deadline"), or the type when the source has none. */
  label: z.string(),
  /** Local calendar date as published. */
  date: IsoDate,
  /** Local time as published (HH:MM:SS), null when the source gives a date only. */
  time: z
    .string()
    .regex(/^\d{2}:\d{2}:\d{2}$/)
    .nullable(),
  /** Zone as published: "AoE", "UTC-12", "UTC+8", "PT", an IANA name... null when unstated. */
  timezone: z.string().nullable(),
  /** The exact instant in UTC; with no time given, the end of the local day (23:59:59). */
  utc: IsoInstant.nullable(),
  source: z.string(),
});
export type Deadline = z.infer<typeof Deadline>;

export const Edition = z.object({
  year: z.number().int(),
  start_date: IsoDate.nullable(),
  end_date: IsoDate.nullable(),
  /** Free text of the dates as published. */
  date_text: z.string().nullable(),
  place: z.string().nullable(),
  country: z.string().nullable(),
  deadlines: z.array(Deadline),
  sources: z.array(z.string()),
});
export type Edition = z.infer<typeof Edition>;

/** An expected deadline of the next edition, computed from past editions: an estimate, never an announcement. */
export const DeadlineEstimate = z.object({
  type: z.enum(["abstract", "paper"]),
  edition_year: z.number().int(),
  /** Expected date. */
  date: IsoDate,
  /** Earliest and latest plausible dates. */
  earliest: IsoDate,
  latest: IsoDate,
  /** Edition years the estimate rests on. */
  based_on: z.array(z.number().int()),
  /** 0-1: higher when past editions agree and are many. */
  confidence: z.number().min(0).max(1),
  rhythm: z.enum(["yearly", "biennial", "rounds"]),
});
export type DeadlineEstimate = z.infer<typeof DeadlineEstimate>;

/**
 * The submission outlook: the one answer to "what can I submit to, and by when". Computed once per venue by the
 * nightly build (pipeline), stored in the snapshot (the `outlook` table, one row per submission deadline, and the
 * detail field `outlook`), and read as it is by every surface: REST, MCP, pages, `.md`, RSS, iCal, watchlist and
 * search rows. No surface decides "the next deadline" for itself.
 */
export const OUTLOOK_STATES = [
  /** An announced submission deadline (abstract or paper) of the cycle is still ahead. */
  "open",
  /** No announced deadline ahead; the next round is only estimated (from the venue's history). */
  "estimated",
  /**
   * A round's estimate is already in the past and no source dated after it announced the round: it may have
   * happened without our sources knowing (the outlook's `data_as_of` says how old they are).
   */
  "passed_unconfirmed",
  /** Every round of the cycle has passed; the next cycle is estimated (or too little history to estimate it). */
  "closed",
  /** Too little data to say anything. */
  "unknown",
] as const;
export const OutlookState = z.enum(OUTLOOK_STATES);
export type OutlookState = z.infer<typeof OutlookState>;

/** One submission deadline (abstract or paper) of one round of a cycle, announced or estimated. */
export const OutlookDeadline = z.object({
  type: z.enum(["abstract", "paper"]),
  /** Edition (cycle) year the round belongs to. */
  cycle_year: z.number().int(),
  /** 1-based round within the cycle, and how many rounds the cycle has (1 for a single call). */
  round: z.number().int().min(1),
  rounds: z.number().int().min(1),
  /** False: announced by a source. True: expected from the venue's own history, never an announcement. */
  estimated: z.boolean(),
  /** The local calendar date as published (announced) or the expected date (estimated). */
  date: IsoDate,
  /** Local time as published; null for a date-only deadline (a time is never invented). */
  time: Deadline.shape.time,
  /** Zone as published, or "AoE" when the source states none (then `timezone_assumed`). */
  timezone: z.string(),
  timezone_assumed: z.boolean(),
  /**
   * The instant the deadline passes: the exact stated instant, or for a date-only deadline (and for estimates,
   * at `latest`) the end of that day in its zone. Used to decide upcoming / passed, never shown as a stated time.
   */
  closes_at: IsoInstant,
  /** upcoming: still ahead at `as_of`; passed: announced and past; passed_unconfirmed: estimated and past. */
  status: z.enum(["upcoming", "passed", "passed_unconfirmed"]),
  /** Announced only: the source that gave it. */
  source: z.string().nullable(),
  /** Estimated only: the window, the confidence (0-1) and the cycle years it rests on. */
  earliest: IsoDate.nullable(),
  latest: IsoDate.nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  based_on: z.array(z.number().int()),
  /** Stamped by pipeline/estimate/changed-at.ts; in a first build, the source row's own date. */
  changed_at: IsoDate.meta({
    description:
      "The day this deadline was announced or last changed (cycle, round, type, announced or estimated, date, time, zone): carried from snapshot to snapshot while it stays the same; the RSS item's pubDate.",
  }),
});
export type OutlookDeadline = z.infer<typeof OutlookDeadline>;

/** A non-submission date of the cycle (notification, rebuttal, camera-ready...): shown as what it is. */
export const OutlookOtherDate = z.object({
  type: DeadlineType,
  label: z.string(),
  date: IsoDate,
  time: Deadline.shape.time,
  timezone: z.string().nullable(),
  source: z.string(),
});
export type OutlookOtherDate = z.infer<typeof OutlookOtherDate>;

export const SubmissionOutlook = z.object({
  /** The build day the outlook was computed for (UTC). */
  as_of: IsoDate,
  state: OutlookState,
  /** The next submission deadline still ahead at `as_of` (announced first, else the earliest estimate). */
  next: OutlookDeadline.nullable(),
  /**
   * Every submission deadline of the cycle that matters now, earliest first: the current cycle's rounds
   * (passed ones included, marked), then the next cycle's estimated rounds when the current one is closed.
   */
  deadlines: z.array(OutlookDeadline),
  /** Notification, rebuttal, camera-ready... of the current cycle. */
  other_dates: z.array(OutlookOtherDate),
  /** The conference of the cycle `next` belongs to, when its dates are known and it has not yet taken place. */
  conference: z
    .object({
      year: z.number().int(),
      start_date: IsoDate.nullable(),
      end_date: IsoDate.nullable(),
      place: z.string().nullable(),
    })
    .nullable(),
  /** Date of the newest source data behind the venue's deadlines (how old what we know is). */
  data_as_of: IsoDate.nullable(),
  /** True when `data_as_of` is older than DATA_AS_OF_MAX_AGE_DAYS (pipeline/estimate/outlook.ts, docs/api.md). */
  stale: z.boolean(),
});
export type SubmissionOutlook = z.infer<typeof SubmissionOutlook>;

/** The outlook of a venue none of whose submission deadlines is known. */
export const unknownOutlook = (asOf: string): SubmissionOutlook => ({
  as_of: asOf,
  state: "unknown",
  next: null,
  deadlines: [],
  other_dates: [],
  conference: null,
  data_as_of: null,
  stale: false,
});

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
  country: z.string().nullable(),
  views: PageViews,
  /** Latest known main-track acceptance rate, 0-1. */
  acceptance_rate: z.number().min(0).max(1).nullable(),
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
});
export type ConferenceRow = z.infer<typeof ConferenceRow>;

/** Detail-only data: written to the unpublished details file, served to credentialed callers and the pages. */
export const ConferenceDetailData = z.object({
  id: VenueId,
  /** Official website: paid responses only, never in free output. */
  website: z.string().nullable(),
  cfp_text: z.string().nullable(),
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
  /** SCImago Journal Rank of the newest year available ("SCImago Journal & Country Rank"). */
  sjr: z.number().nullable(),
  sjr_quartile: z.enum(["Q1", "Q2", "Q3", "Q4"]).nullable(),
  h_index: z.number().int().nullable(),
  /** SCImago Cites / Doc. (2 years), an open analogue of the 2-year impact factor. */
  cites_per_doc_2y: z.number().nullable(),
  sjr_year: z.number().int().nullable(),
  views: PageViews,
  reference_id: ReferenceId.nullable(),
});
export type JournalRow = z.infer<typeof JournalRow>;

export const JournalMetricYear = z.object({
  year: z.number().int(),
  sjr: z.number().nullable(),
  quartile: z.string().nullable(),
  h_index: z.number().int().nullable(),
  cites_per_doc_2y: z.number().nullable(),
});

export const JournalDetailData = z.object({
  id: VenueId,
  website: z.string().nullable(),
  cfp_text: z.string().nullable(),
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
});
export type SpecialIssueRow = z.infer<typeof SpecialIssueRow>;

// Bulk tables of the snapshot: what the detail pages show, one row per deadline, edition, acceptance figure, rank
// claim and alias, so it can be had without crawling (pipeline/write/write.ts derives them from the details).

/** One typed deadline of one edition, announced or (`estimated`) expected from the series' history. */
export const DeadlineTableRow = z.object({
  conference_id: VenueId,
  edition_year: z.number().int(),
  type: z.enum([...DEADLINE_TYPES]),
  label: z.string(),
  date: IsoDate,
  time: Deadline.shape.time,
  timezone: z.string().nullable(),
  utc: IsoInstant.nullable(),
  /** The source of an announced deadline; "estimate" for an expected one. */
  source: z.string(),
  estimated: z.boolean(),
  /** Estimates only: the window, the confidence, the rhythm and the edition years they rest on. */
  earliest: IsoDate.nullable(),
  latest: IsoDate.nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  rhythm: z.enum(["yearly", "biennial", "rounds"]).nullable(),
  based_on: z.array(z.number().int()),
});
export type DeadlineTableRow = z.infer<typeof DeadlineTableRow>;

/** One submission deadline of a venue's outlook, with the venue's state and whether it is the next one. */
export const OutlookTableRow = OutlookDeadline.extend({
  conference_id: VenueId,
  is_next: z.boolean(),
  state: OutlookState,
});
export type OutlookTableRow = z.infer<typeof OutlookTableRow>;

export const EditionTableRow = Edition.omit({ deadlines: true }).extend({ conference_id: VenueId });
export type EditionTableRow = z.infer<typeof EditionTableRow>;

export const AcceptanceTableRow = AcceptanceRow.extend({ conference_id: VenueId });
export type AcceptanceTableRow = z.infer<typeof AcceptanceTableRow>;

const VenueKindField = z.enum(["conference", "journal"]);

export const RankHistoryTableRow = RankHistoryEntry.extend({ kind: VenueKindField, venue_id: VenueId });
export type RankHistoryTableRow = z.infer<typeof RankHistoryTableRow>;

/** A name a venue is also known by (former name, nickname, another list's acronym); search matches it. */
export const AliasTableRow = z.object({ kind: VenueKindField, venue_id: VenueId, alias: z.string() });
export type AliasTableRow = z.infer<typeof AliasTableRow>;

export const SourceInfo = z.object({
  id: z.string(),
  name: z.string(),
  repo: z.string(),
  commit: z.string(),
  license: z.string(),
  attribution: z.string(),
  /** Date of the data the build read (the origin commit's date, or the file's Last-Modified). */
  date: IsoDate.nullable().default(null),
  /** When `npm run sync` last fetched it; null for the copy shipped in UPSTREAM_DIR. */
  fetched_at: z.string().nullable().default(null),
  /** A fixed list edition or an archived repository: never out of date. */
  static: z.boolean().default(false),
});
export type SourceInfo = z.infer<typeof SourceInfo>;

export const ManifestFile = z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string() });

export const Manifest = z.object({
  version: z.string(),
  date: IsoDate,
  generated_at: z.string(),
  /** The base URL its absolute links (detail_page, feed, data package) name; absent in older snapshots. */
  base_url: z.string().optional(),
  counts: z.object({
    conferences: z.number().int(),
    journals: z.number().int(),
    special_issues: z.number().int(),
    // The bulk tables; absent in snapshots written before they existed.
    deadlines: z.number().int().optional(),
    outlook: z.number().int().optional(),
    editions: z.number().int().optional(),
    acceptance: z.number().int().optional(),
    rank_history: z.number().int().optional(),
    aliases: z.number().int().optional(),
  }),
  /** Files that may be published (served under /snapshots/). */
  files: z.array(ManifestFile),
  /** Build-internal files (details, id registry, report): never served. */
  internal_files: z.array(ManifestFile),
  sources: z.array(SourceInfo),
  terms: z.string(),
});
export type Manifest = z.infer<typeof Manifest>;
