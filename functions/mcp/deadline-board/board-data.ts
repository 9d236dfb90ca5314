/**
 * What show_deadline_board answers (its structuredContent): the upcoming_deadlines payload for the filters, the
 * filters themselves (so the board can show them), the iCalendar address that follows the same filters, and how
 * old the data behind the rows is (render/data-age.ts).
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

/**
 * The oldest data date behind the rows' deadlines (`deadline_data_as_of`) and its age today, and the newest;
 * `notice` is what the board says at the top when old.
 */
export const BoardDataAge = z.object({
  data_as_of: z.iso.date(),
  newest: z.iso.date(),
  today: z.iso.date(),
  age_days: z.number().int().min(0),
  /** Older than this many days (the age at which a source counts as out of date) is `old`. */
  max_age_days: z.number().int(),
  old: z.boolean(),
  notice: z.string().nullable(),
});
export type BoardDataAge = z.infer<typeof BoardDataAge>;

export const BoardData = DeadlineListData.extend({
  /** The tool's arguments as given. */
  filters: z.record(z.string(), z.unknown()),
  calendar: BoardCalendar,
  /** Null when no row has a data date (no rows). */
  data_age: BoardDataAge.nullable(),
});
export type BoardData = z.infer<typeof BoardData>;
