/**
 * Which edition of a series matters today, and its submission date (the dates that cannot belong to their
 * edition are dropped before, by `plausibility.ts`).
 */
import type { Deadline, Edition, RowEdition } from "../../snapshot/records.ts";
import { announcedRounds } from "../estimate/rounds.ts";

const isOpen = (d: Deadline, nowIso: string) => (d.utc ?? `${d.date}T23:59:59Z`) >= nowIso;
const papers = (e: Edition) => e.deadlines.filter((d) => d.type === "paper");

/**
 * The edition the row describes: the next one with an open paper deadline; else the newest one with a known
 * paper deadline (an announced edition without dates never hides it: its expected deadline is the estimate);
 * else the next one to be held; else the most recent.
 */
export function currentEdition(editions: Edition[], nowIso: string): Edition | null {
  const byYear = [...editions].sort((a, b) => a.year - b.year);
  const open = byYear.find((e) => papers(e).some((d) => isOpen(d, nowIso)));
  if (open) return open;
  const known = byYear.filter((e) => papers(e).length > 0).at(-1);
  if (known) return known;
  const today = nowIso.slice(0, 10);
  return byYear.find((e) => e.start_date && e.start_date >= today) ?? byYear.at(-1) ?? null;
}

/** The open paper deadline of the edition, else its last one. */
export function submissionDate(edition: Edition, nowIso: string): string | null {
  const list = papers(edition);
  return (list.find((d) => isOpen(d, nowIso)) ?? list.at(-1))?.date ?? null;
}

/**
 * The notification of the call whose deadline is `deadline` (the row's `notification_date`, which every surface
 * prints beside `submission_date`): the edition's first notification after that deadline and before the next
 * round's first submission deadline (rounds as the outlook groups them). A notification dated before the deadline,
 * or on its day, is another round's (SIGKDD's August round beside its January one) or a slip of its source, and one
 * after the next round opens cannot be told apart from that round's: none rather than a date that is not that
 * call's. An edition with no submission deadline known keeps its first notification (nothing to pair it with).
 */
export function roundNotification(edition: Edition, deadline: string | null): string | null {
  const nextRound =
    deadline === null
      ? undefined
      : announcedRounds(edition)
          .map((r) => r.deadlines[0]?.date)
          .find((first) => first !== undefined && first > deadline);
  return (
    edition.deadlines
      .filter(
        (d) =>
          d.type === "notification" &&
          (deadline === null || d.date > deadline) &&
          (nextRound === undefined || d.date < nextRound),
      )
      .map((d) => d.date)
      .sort()[0] ?? null
  );
}

/**
 * The edition a reader planning ahead wants beside the row's dates (issue 42): the first dated edition not yet
 * over (one under way included), even when the row's dates describe an earlier one because the next has no
 * deadline yet (CVPR 2027 before its call); else the latest dated edition, marked `next: false`.
 */
export function rowEdition(editions: Edition[], today: string): RowEdition | null {
  const dated = editions
    .filter((e): e is Edition & { start_date: string } => e.start_date !== null)
    .sort((a, b) => a.year - b.year || a.start_date.localeCompare(b.start_date));
  const ahead = dated.find((e) => (e.end_date ?? e.start_date) >= today);
  const shown = ahead ?? dated.at(-1);
  if (!shown) return null;
  return {
    year: shown.year,
    start_date: shown.start_date,
    end_date: shown.end_date,
    place: shown.place,
    next: ahead !== undefined,
  };
}
