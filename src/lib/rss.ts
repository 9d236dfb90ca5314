/** The built RSS 2.0 feed: submission deadlines (announced and estimated) due in the 30 days after the build. */
import { DEFAULT_FILTER, type DeadlineFilter } from "../../render/deadline-list.ts";

export const RSS_PATH = "/feeds/deadlines.xml";
export const RSS_WINDOW_DAYS = 30;

/** Every venue's submission deadlines in the window; notifications are never items. */
export const RSS_FILTER: DeadlineFilter = {
  ...DEFAULT_FILTER,
  ranked_only: false,
  within_days: String(RSS_WINDOW_DAYS),
};
