/**
 * What show_deadline_board answers (its structuredContent): the upcoming_deadlines payload for the filters, the
 * filters themselves (so the board can show them), and the iCalendar address that follows the same filters.
 */
import { z } from "zod";
import { DeadlineListData, type UpcomingDeadline } from "../../../read/schema/api.ts";

export type BoardRow = UpcomingDeadline;

export const BoardCalendar = z.object({
  /** An iCalendar feed (.ics) holding these deadlines; the whole list when no feed matches the filters. */
  url: z.url(),
  title: z.string(),
});
export type BoardCalendar = z.infer<typeof BoardCalendar>;

export const BoardData = DeadlineListData.extend({
  /** The tool's arguments as given. */
  filters: z.record(z.string(), z.unknown()),
  calendar: BoardCalendar,
});
export type BoardData = z.infer<typeof BoardData>;
