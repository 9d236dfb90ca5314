/**
 * Whether the reference service's submission date for an edition a tracker lists is another round of that edition,
 * not the trackers' round given another day. The reference lists one date per venue, the venue's next; when the
 * trackers still list an earlier round of the same edition, that date is often the next round (MMSys 2027: ccfddl's
 * round 1 of 2026-09-17, the reference's 2026-11-19 where MMSys 2026 had its round 2). It is as often an abstract
 * registration, an extension or a stale date of the trackers' round, a workshop's date or another venue's, so it is
 * kept as a round only where the venue's own data supports one there; otherwise the tracker's date stands and the
 * reference's is a field conflict (merge-conferences.ts foldReferenceEdition).
 */
import { daysBetween } from "../../runtime/clock.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";
import {
  announcedRounds,
  cyclesOf,
  isSubmission,
  nearestRound,
  recentRoundCount,
  roundDates,
  roundModels,
} from "../estimate/rounds.ts";

/**
 * The reference's conference start this far (or less) from the edition's: the same edition. Further off, its row is
 * another event under the venue's name (DFRWS USA in July beside ccfddl's DFRWS in March), whose dates are no round.
 */
const SAME_EDITION_DAYS = 30;
/**
 * Cycles with a round the venue must have in the data before their round count limits an edition's: one cycle may
 * be listed in part (ccfddl's MMSys 2026 gives only its "Round 2"), as the round model's own doubts allow.
 */
const CYCLES_THAT_COUNT = 2;

const REFERENCE = "reference";

/**
 * Why the reference's `paper` deadline is a round of `edition` of its own, or null when it is not (the trackers'
 * date stands). All of: the edition's submission deadlines are the trackers' alone; the date starts a round of its
 * own after the last one they list (the round model's gap: rounds.ts announcedRounds) and lies before the conference;
 * the reference's row dates the conference as the edition does (`conferenceDate`, when given); the round model of
 * the venue's earlier cycles has a round at that point of the cycle (within its 30-day grouping) that none of the
 * tracker's rounds stands for; and the edition does not get more rounds than any recent cycle had, where two or
 * more cycles are known (KSEM and SecureComm, one round a year, get no second from an extended date).
 */
export function referenceRoundReason(
  editions: readonly Edition[],
  edition: Edition,
  paper: Deadline,
  conferenceDate: string | null,
): string | null {
  const submissions = edition.deadlines.filter(isSubmission);
  if (paper.type !== "paper" || submissions.length === 0 || submissions.some((d) => d.source === REFERENCE))
    return null;
  const rounds = announcedRounds(edition);
  const withIt = announcedRounds({ ...edition, deadlines: [...edition.deadlines, paper] });
  if (withIt.length !== rounds.length + 1 || withIt.at(-1)?.deadlines[0] !== paper) return null;
  const start = edition.start_date ?? conferenceDate;
  if (start === null || paper.date >= start) return null;
  if (
    conferenceDate !== null &&
    edition.start_date !== null &&
    Math.abs(daysBetween(conferenceDate, edition.start_date)) > SAME_EDITION_DAYS
  )
    return null;

  const cycles = cyclesOf([...editions]);
  const model = roundModels(cycles)(edition.year);
  const covered = new Set(rounds.map((r) => nearestRound(model, edition.year, r.paper)));
  const at = nearestRound(model, edition.year, paper.date);
  const round = model[at];
  if (!round || covered.has(at)) return null;
  const known = cycles.filter((c) => c.edition.year < edition.year && c.rounds.length > 0).length;
  if (known >= CYCLES_THAT_COUNT && rounds.length + 1 > recentRoundCount(cycles, edition.year)) return null;

  const last = submissions.sort((a, b) => a.date.localeCompare(b.date)).at(-1) as Deadline;
  const years = round.basedOn.join(", ");
  return (
    `kept as another round: ${daysBetween(last.date, paper.date)} days after the last round ${last.source} lists ` +
    `(${last.date}) and before the conference (${start}), where the venue's ${years} ` +
    `cycle${round.basedOn.length > 1 ? "s" : ""} had a round (expected about ${roundDates(round, edition.year).date})`
  );
}
