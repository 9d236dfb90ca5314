/**
 * Which edition of a series matters today, and which published deadlines are typos: a deadline after its own
 * conference, or more than a year before its edition, cannot be right and is dropped (and reported).
 */
import { DAY_MS } from "../../runtime/clock.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";

/** The longest real lead time between a paper deadline and its conference (CSCW's early cycle: about 15.5 months). */
const MAX_LEAD_DAYS = 480;
const days = (a: string, b: string) => (Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / DAY_MS;

/** Why a deadline cannot belong to its edition, or null when it is plausible. */
function implausibility(edition: Edition, d: Deadline): string | null {
  if (d.type !== "paper" && d.type !== "abstract") return null;
  const start = edition.start_date;
  if (start && d.date > (edition.end_date ?? start)) return `after its own conference (${start})`;
  if (start && days(d.date, start) > MAX_LEAD_DAYS)
    return `more than 16 months before its conference (${start})`;
  if (!start && Number(d.date.slice(0, 4)) < edition.year - 1)
    return `a year or more before its ${edition.year} edition`;
  if (Number(d.date.slice(0, 4)) > edition.year + 1) return `after its ${edition.year} edition`;
  return null;
}

export interface Dropped {
  year: number;
  field: string;
  value: string;
  source: string;
  why: string;
}

/**
 * Removes what cannot be right, in place, and returns it: a conference start outside its edition's year (then
 * the deadlines are checked without it), and paper or abstract deadlines that `implausibility` rejects.
 */
export function dropImplausible(editions: Edition[]): Dropped[] {
  const dropped: Dropped[] = [];
  for (const edition of editions) {
    const start = edition.start_date;
    if (start && Math.abs(Number(start.slice(0, 4)) - edition.year) > 0) {
      const why = `a ${start.slice(0, 4)} date for its ${edition.year} edition`;
      dropped.push({
        year: edition.year,
        field: "conference start",
        value: start,
        source: edition.sources[0] ?? "",
        why,
      });
      edition.start_date = null;
      edition.end_date = null;
    }
    edition.deadlines = edition.deadlines.filter((d) => {
      const why = implausibility(edition, d);
      if (why)
        dropped.push({
          year: edition.year,
          field: `${d.type} deadline`,
          value: d.date,
          source: d.source,
          why,
        });
      return why === null;
    });
  }
  return dropped;
}

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
