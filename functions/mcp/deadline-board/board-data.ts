/**
 * What show_deadline_board answers (its structuredContent): the upcoming_deadlines payload for the filters, the
 * filters themselves (so the board can show them), and the iCalendar address that follows the same filters.
 */
import { z } from "zod";
import { OutlookDeadline, OutlookState, SubmissionOutlook } from "../../schema/records.ts";

// PROVISIONAL until the query layer's row schema lands (stream wt-23p): the interface's row shape.
export const BoardRow = z.object({
  conference_id: z.string(),
  short_name: z.string(),
  full_name: z.string(),
  ccf_rank: z.string(),
  core_rank: z.string(),
  qualis_rank: z.string(),
  fields: z.array(z.string()),
  detail_page: z.string(),
  outlook_state: OutlookState,
  cycle_year: z.number().int(),
  round: z.number().int(),
  rounds: z.number().int(),
  next: OutlookDeadline,
  deadlines: z.array(OutlookDeadline),
  conference: SubmissionOutlook.shape.conference,
  data_as_of: z.string().nullable(),
  stale: z.boolean(),
});
export type BoardRow = z.infer<typeof BoardRow>;

export const BoardCalendar = z.object({
  /** An iCalendar feed (.ics) holding these deadlines; the whole list when no feed matches the filters. */
  url: z.string(),
  title: z.string(),
});
export type BoardCalendar = z.infer<typeof BoardCalendar>;

export const BoardData = z.object({
  deadlines: z.array(BoardRow),
  pagination: z.object({
    total: z.number(),
    total_pages: z.number(),
    page: z.number(),
    per_page: z.number(),
  }),
  filters: z.record(z.string(), z.unknown()),
  calendar: BoardCalendar,
});
export type BoardData = z.infer<typeof BoardData>;
