/** A conference's editions and their typed deadlines, announced or estimated. */
import { z } from "zod";
import { IsoDate, IsoInstant } from "./scalars.ts";

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
