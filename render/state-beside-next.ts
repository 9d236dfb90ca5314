/**
 * The state to print beside a venue's next deadline, on every surface that prints both (detail page, watchlist,
 * search rows, the MCP deadline board): a venue whose estimate passed unannounced marks that round on its own row,
 * so the next deadline shown (then always an estimate ahead) reads as estimated, never as passed. Kept apart from
 * deadline.ts, which carries the languages, so the board's bundle takes this rule alone.
 */
import type { OutlookState } from "../snapshot/records.ts";

export const stateBesideNext = (state: OutlookState, hasNext: boolean): OutlookState =>
  state === "passed_unconfirmed" && hasNext ? "estimated" : state;
