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
