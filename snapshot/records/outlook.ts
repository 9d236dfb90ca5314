/** The submission outlook of a conference: its state, its rounds' deadlines and its other dates. */
import { z } from "zod";
import { Deadline, DeadlineType } from "./deadlines.ts";
import { IsoDate, IsoInstant } from "./scalars.ts";

/**
 * The submission outlook: the one answer to "what can I submit to, and by when". Computed once per venue by the
 * nightly build (pipeline), stored in the snapshot (the `outlook` table, one row per submission deadline, and the
 * detail field `outlook`), and read as it is by every surface: REST, MCP, pages, `.md`, RSS, iCal, watchlist and
 * search rows. No surface decides "the next deadline" for itself.
 */
export const OUTLOOK_STATES = [
  /** An announced submission deadline (abstract or paper) is still ahead: `next` is the earliest deadline ahead. */
  "open",
  /** No announced deadline ahead and no estimate passed unconfirmed: `next` is an estimate still ahead. */
  "estimated",
  /**
   * No announced deadline ahead, and a round's expected date (the date an estimate prints) passed with no source
   * announcing it: it may have happened without our sources knowing (`data_as_of` says how old they are). That
   * round keeps its window, marked; `next` is the following estimate still ahead, or null.
   */
  "passed_unconfirmed",
  /** Every round shown passed as announced and no estimate lies ahead: `next` is null. */
  "closed",
  /** No cycle of the venue has a submission deadline: `next` is null. */
  "unknown",
] as const;
/**
 * The table of states in one line (docs/pipeline.md has it as a table): state, when, and what `next` is. Read by
 * the schema descriptions and the MCP tools so that every surface says the same.
 */
export const OUTLOOK_STATE_TABLE =
  "open = an announced submission deadline is ahead (next: the earliest deadline ahead); " +
  "passed_unconfirmed = none announced ahead and an estimate's expected date passed with no announcement (that round keeps its window, marked; next: the following estimate ahead, or null); " +
  "estimated = none announced ahead, an estimate ahead (next: that estimate, never called closed); " +
  "closed = every round shown passed as announced and no estimate ahead (next: null); " +
  "unknown = no submission deadline known (next: null)";
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
   * The instant the deadline passes: the exact stated instant, or for a date-only deadline (and for an estimate,
   * its expected `date`) the end of that day in its zone. Used to decide upcoming / passed, never shown as a stated
   * time. An estimate passes with the date it prints, not with the end of its window.
   */
  closes_at: IsoInstant,
  /**
   * upcoming: still ahead at `as_of`; passed: announced and past; passed_unconfirmed: estimated and its expected
   * `date` past (its window may still be open) with no announcement.
   */
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

/**
 * A round the venue's history hints at but does not support (pipeline/estimate/rounds.ts): never published as a
 * deadline (lists, calendars, RSS, the board), shown on the detail page as a possibility, marked so.
 */
export const OutlookPossibleRound = z.object({
  cycle_year: z.number().int(),
  /** The round's expected paper deadline and its window. */
  date: IsoDate,
  earliest: IsoDate,
  latest: IsoDate,
  confidence: z.number().min(0).max(1),
  /** Cycle years the round was seen in. */
  based_on: z.array(z.number().int()),
  /**
   * seen_once: seen in a single cycle while the venue's other rounds recur (an extra round); not_in_latest_cycle:
   * the latest cycle went without it although its data reaches past it (a dropped round, or a move to fewer);
   * moved: the cycle announced a round the model did not know near it, which would give the cycle more rounds than
   * any recent one had (the venue moved this round there, or added one).
   */
  reason: z.enum(["seen_once", "not_in_latest_cycle", "moved"]),
});
export type OutlookPossibleRound = z.infer<typeof OutlookPossibleRound>;

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
  /**
   * Rounds the history does not support, their window not yet over, earliest first: possibilities to show as
   * such, never deadlines (not in `deadlines`, `next`, the lists or the feeds).
   */
  possible: z.array(OutlookPossibleRound),
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
  /** True when `data_as_of` is older than DATA_AS_OF_MAX_AGE_DAYS (snapshot/source-age.ts, docs/api.md). */
  stale: z.boolean(),
});
export type SubmissionOutlook = z.infer<typeof SubmissionOutlook>;

/** The outlook of a venue none of whose submission deadlines is known. */
export const unknownOutlook = (asOf: string): SubmissionOutlook => ({
  as_of: asOf,
  state: "unknown",
  next: null,
  deadlines: [],
  possible: [],
  other_dates: [],
  conference: null,
  data_as_of: null,
  stale: false,
});
