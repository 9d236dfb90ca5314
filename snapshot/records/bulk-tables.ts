/**
 * Bulk tables of the snapshot: what the detail pages show, one row per deadline, edition, acceptance figure, rank
 * claim and alias, so it can be had without crawling (pipeline/write/write.ts derives them from the details).
 */
import { z } from "zod";
import { DEADLINE_TYPES, Deadline, Edition } from "./deadlines.ts";
import { OutlookDeadline, OutlookState } from "./outlook.ts";
import { IsoDate, IsoInstant, VenueId } from "./scalars.ts";
import { AcceptanceRow, RankHistoryEntry } from "./venues.ts";

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
