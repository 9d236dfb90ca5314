/**
 * Which published dates cannot belong to their edition, each dropped by a named rule and reported. A tracker's row
 * names the edition and gives the date: that is evidence, so a tracker's submission deadline is dropped only when
 * the venue's own data contradicts it (a whole-year slip, a date after its conference that no other edition
 * repeats), never for its distance alone: SIGMOD's January round (17 months before the conference) and VLDB's
 * monthly rounds are real. The reference service names no edition (its one row is placed by year), so its dates
 * keep the plain bounds.
 */
import { daysBetween } from "../../runtime/clock.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";

/** The rules, by the name the build report gives them (docs/pipeline.md, Plausibility). */
export const PLAUSIBILITY_RULES = {
  "start-outside-year": "a conference start in another year than its edition",
  "year-slip":
    "a tracker's submission deadline whole years off: a year (or two) later or earlier it falls on its own round (then it is corrected to that year) or on the round the neighbouring editions hold (then dropped), where it stands it matches no edition's round",
  "slipped-step":
    "a later step (revision, rebuttal, notification, other) of a tracker row whose submission deadline the year-slip rule dropped, as far from its conference as that deadline: the row's year is off for all its dates",
  "after-its-conference":
    "a submission deadline after its edition's conference (or two years after its edition), at a point of the cycle no other edition has a round",
  "reference-out-of-edition":
    "a reference-service deadline after its conference or more than 16 months before it: the reference names no edition, nothing supports the placing",
} as const;
export type PlausibilityRule = keyof typeof PLAUSIBILITY_RULES;

/** Sources that publish deadlines per named edition (the reference does not). */
const EDITION_SOURCES = new Set(["ccfddl", "hf", "pwc", "mpc"]);
/** Beyond this lead a tracker's deadline is checked against the venue's other editions (a year and a day). */
const DOUBTFUL_LEAD_DAYS = 366;
/** The longest lead the reference's dates may have (CSCW's early cycle: about 15.5 months). */
const MAX_REFERENCE_LEAD_DAYS = 480;
/** Rounds of two editions this close in day of cycle are one recurring round (the round model's grouping). */
const RECURS_WITHIN_DAYS = 30;
/** A shifted date this close to a round is that round (the round model's gap between rounds). */
const SLIP_WITHIN_DAYS = 21;

export interface Dropped {
  year: number;
  field: string;
  value: string;
  source: string;
  rule: PlausibilityRule;
  why: string;
  /** The date it stands at now, when the rule corrected it instead of dropping it (a year slip beside its own round). */
  corrected?: string;
}

const isSubmission = (d: Deadline) => d.type === "paper" || d.type === "abstract";
/** Days from 1 January of the edition year (negative before it). */
const dayOfCycle = (date: string, year: number) => daysBetween(`${year}-01-01`, date);
const shiftYears = (date: string, n: number) => `${Number(date.slice(0, 4)) + n}${date.slice(4, 10)}`;

/** Why the date is doubtful for its edition, or null when it sits where a deadline of that edition can. */
function doubt(edition: Edition, d: Deadline): { after: boolean; text: string } | null {
  const start = edition.start_date;
  const end = edition.end_date ?? start;
  if (end && d.date > end) return { after: true, text: `after its own conference (${start})` };
  if (Number(d.date.slice(0, 4)) > edition.year + 1)
    return { after: true, text: `after its ${edition.year} edition` };
  const lead = start ? daysBetween(d.date, start) : null;
  const bound = EDITION_SOURCES.has(d.source) ? DOUBTFUL_LEAD_DAYS : MAX_REFERENCE_LEAD_DAYS;
  if (lead !== null && lead > bound)
    return { after: false, text: `${Math.round(lead)} days before its conference (${start})` };
  if (!start && Number(d.date.slice(0, 4)) < edition.year - 1)
    return { after: false, text: `a year or more before its ${edition.year} edition` };
  return null;
}

/** The venue's submission rounds as days of cycle, per edition year. */
type Rounds = Map<number, number[]>;

function roundsOf(editions: Edition[]): Rounds {
  return new Map(
    editions.map((e) => [e.year, e.deadlines.filter(isSubmission).map((d) => dayOfCycle(d.date, e.year))]),
  );
}

/** Another edition has a round at the same point of its cycle: the venue's pattern, not noise. */
function recurs(rounds: Rounds, year: number, day: number): boolean {
  return [...rounds].some(
    ([y, list]) => y !== year && list.some((x) => Math.abs(x - day) <= RECURS_WITHIN_DAYS),
  );
}

/** Where a whole-year shift puts a date, in words, and whether its own edition's other deadline confirms it. */
interface Slip {
  shifted: string;
  text: string;
  /** Beside its own edition's other submission deadline: the row's other date says which year it meant. */
  own: boolean;
}

/**
 * The round a whole-year shift of the date lands on: one of its own edition's other submission deadlines, or a
 * round of the nearest edition before or after (a copied-forward or mistyped year); else null.
 */
function slipTarget(edition: Edition, d: Deadline, rounds: Rounds): Slip | null {
  const years = [...rounds.keys()].filter((y) => y !== edition.year && (rounds.get(y)?.length ?? 0) > 0);
  const before = years.filter((y) => y < edition.year).sort((a, b) => b - a)[0];
  const after = years.filter((y) => y > edition.year).sort((a, b) => a - b)[0];
  for (const n of [1, -1, 2, -2]) {
    const shifted = shiftYears(d.date, n);
    const own = edition.deadlines.find(
      (o) => o !== d && isSubmission(o) && Math.abs(daysBetween(o.date, shifted)) <= SLIP_WITHIN_DAYS,
    );
    if (own)
      return { shifted, text: `${shifted}, beside its own ${own.type} deadline ${own.date}`, own: true };
    const day = dayOfCycle(shifted, edition.year);
    for (const y of [before, after]) {
      if (y === undefined) continue;
      if ((rounds.get(y) ?? []).some((x) => Math.abs(x - day) <= SLIP_WITHIN_DAYS))
        return { shifted, text: `${shifted}, where its ${y} edition has a round`, own: false };
    }
  }
  return null;
}

/** A deadline moved by whole years to `date`, its instant with it (the time and zone are the row's). */
function movedTo(d: Deadline, date: string): Deadline {
  const years = Number(date.slice(0, 4)) - Number(d.date.slice(0, 4));
  return { ...d, date, utc: d.utc ? shiftYears(d.utc, years) + d.utc.slice(10) : null };
}

/** The rule that drops (or corrects) a deadline, with why; null when it stays. */
type Verdict = Omit<Dropped, "year" | "field" | "value" | "source"> | null;

function verdict(edition: Edition, d: Deadline, rounds: Rounds): Verdict {
  if (!isSubmission(d)) return null;
  const doubtful = doubt(edition, d);
  if (!doubtful) return null;
  if (!EDITION_SOURCES.has(d.source)) return { rule: "reference-out-of-edition", why: doubtful.text };
  if (recurs(rounds, edition.year, dayOfCycle(d.date, edition.year))) return null;
  const slip = slipTarget(edition, d, rounds);
  // Beside its own round, the mistyped year is the only thing wrong: the date stands corrected. Beside another
  // edition's round only, it may be a copy of that edition's date: nothing says what this edition's was.
  if (slip)
    return {
      rule: "year-slip",
      why: `${doubtful.text}; read as ${slip.text}`,
      ...(slip.own ? { corrected: slip.shifted } : {}),
    };
  if (doubtful.after) return { rule: "after-its-conference", why: `${doubtful.text}, in no other edition` };
  return null;
}

/**
 * The slipped-step verdicts of one edition: each non-submission date of a source whose submission deadline got a
 * year-slip verdict, when that date is as doubtful for the edition (more than a year before its conference): the
 * row's year is off for every date it gives (ICFP 2022's "submission of revised papers" 2021-06-16 beside its
 * slipped paper deadline 2021-03-02). A step within a year of the conference stays: the slip may be the
 * submission date's alone.
 */
function slippedSteps(edition: Edition, verdicts: Verdict[]): Verdict[] {
  const slipped = new Set(
    edition.deadlines
      .filter((_, j) => verdicts[j]?.rule === "year-slip" && !verdicts[j]?.corrected)
      .map((d) => d.source),
  );
  return edition.deadlines.map((d, j) => {
    const own = verdicts[j] ?? null;
    if (own || isSubmission(d) || !slipped.has(d.source)) return own;
    const doubtful = doubt(edition, d);
    return doubtful && !doubtful.after
      ? {
          rule: "slipped-step",
          why: `${doubtful.text}, from the row whose submission deadline slipped a year`,
        }
      : null;
  });
}

/**
 * Removes what cannot be right, in place, and returns it: a conference start outside its edition's year (then
 * the deadlines are checked without it), submission deadlines a rule rejects (a year slip beside its own round is
 * corrected instead: returned with `corrected`), and the later steps of a row whose year slipped. Every edition's rounds are read before any is dropped, so the verdicts do not depend on the order
 * of the editions.
 */
export function dropImplausible(editions: Edition[]): Dropped[] {
  const dropped: Dropped[] = [];
  for (const edition of editions) {
    const start = edition.start_date;
    if (start && Number(start.slice(0, 4)) !== edition.year) {
      dropped.push({
        year: edition.year,
        field: "conference start",
        value: start,
        source: edition.sources[0] ?? "",
        rule: "start-outside-year",
        why: `a ${start.slice(0, 4)} date for its ${edition.year} edition`,
      });
      edition.start_date = null;
      edition.end_date = null;
    }
  }
  const rounds = roundsOf(editions);
  const verdicts = editions.map((e) =>
    slippedSteps(
      e,
      e.deadlines.map((d) => verdict(e, d, rounds)),
    ),
  );
  editions.forEach((edition, i) => {
    edition.deadlines = edition.deadlines.flatMap((d, j) => {
      const v = verdicts[i]?.[j];
      if (!v) return [d];
      dropped.push({
        year: edition.year,
        field: `${d.type} deadline`,
        value: d.date,
        source: d.source,
        ...v,
      });
      return v.corrected ? [movedTo(d, v.corrected)] : [];
    });
  });
  return dropped;
}
