/**
 * Every typed deadline of every conference edition as one sorted list, with the identifiers the feeds and
 * pages share: a stable calendar UID and the page anchor that RSS items link to.
 */
import type { ConferenceRow, Deadline, DeadlineType } from "../../snapshot/records.ts";
import { formatUtc, humanize } from "./format.ts";
import { type Snapshot, snapshot } from "./snapshot.ts";

export interface DeadlineEntry {
  venue: ConferenceRow;
  /** Year of the edition the deadline belongs to. */
  year: number;
  deadline: Deadline;
  /** 1-based position among the edition's deadlines of the same type. */
  ordinal: number;
  /** Stable across builds: `<venue id>-<edition year>-<type>-<n>@venue-directory`. */
  uid: string;
  /** Element id of the deadline on the venue page. */
  anchor: string;
}

/** Deadlines a submitter acts on (the home page list); the feeds carry every type. */
export const SUBMISSION_TYPES: ReadonlySet<DeadlineType> = new Set(["abstract", "paper"]);

/** Sort key: the exact instant, or the end of the published date when no instant is known. */
export const sortKey = (deadline: Deadline) => deadline.utc ?? `${deadline.date}T23:59:59Z`;

/** Not yet passed at `now`; a date-only deadline counts as open through its whole (UTC) day. */
export function isUpcoming(deadline: Deadline, now: Date): boolean {
  if (deadline.utc) return Date.parse(deadline.utc) >= now.getTime();
  return deadline.date >= now.toISOString().slice(0, 10);
}

/** Identity of a deadline within a venue, to find the current edition's deadlines among all editions'. */
export const deadlineKey = (d: Deadline) => [d.type, d.label, d.date, d.time, d.timezone, d.source].join("|");

function collect(data: Snapshot): DeadlineEntry[] {
  const entries: DeadlineEntry[] = [];
  for (const venue of data.conferences) {
    for (const edition of data.conferenceDetails.get(venue.id)?.editions ?? []) {
      const seen = new Map<DeadlineType, number>();
      for (const deadline of edition.deadlines) {
        const ordinal = (seen.get(deadline.type) ?? 0) + 1;
        seen.set(deadline.type, ordinal);
        const tag = `${edition.year}-${deadline.type}-${ordinal}`;
        entries.push({
          venue,
          year: edition.year,
          deadline,
          ordinal,
          uid: `${venue.id}-${tag}@venue-directory`,
          anchor: `deadline-${tag}`,
        });
      }
    }
  }
  return entries.sort(
    (a, b) => sortKey(a.deadline).localeCompare(sortKey(b.deadline)) || a.uid.localeCompare(b.uid),
  );
}

let cached: { all: DeadlineEntry[]; byVenue: Map<string, DeadlineEntry[]> } | undefined;

function index() {
  if (!cached) {
    const all = collect(snapshot());
    const byVenue = new Map<string, DeadlineEntry[]>();
    for (const entry of all) {
      const list = byVenue.get(entry.venue.id) ?? [];
      list.push(entry);
      byVenue.set(entry.venue.id, list);
    }
    cached = { all, byVenue };
  }
  return cached;
}

/** All deadlines, soonest first. */
export const allDeadlines = (): readonly DeadlineEntry[] => index().all;

/** One venue's deadlines, soonest first. */
export const venueDeadlines = (venueId: string): readonly DeadlineEntry[] =>
  index().byVenue.get(venueId) ?? [];

/** Deadlines not passed at `now` and, when `until` is given, due before it. */
export function upcomingDeadlines(now: Date, until?: Date): DeadlineEntry[] {
  return allDeadlines().filter(
    (e) => isUpcoming(e.deadline, now) && (!until || sortKey(e.deadline) < until.toISOString()),
  );
}

/** "2026-08-03 23:59 AoE", or the date alone with a note when the source gave no time or zone. */
export function publishedTime(deadline: Deadline): string {
  if (!deadline.time) return `${deadline.date} (time not stated)`;
  const time = deadline.time.endsWith(":00") ? deadline.time.slice(0, 5) : deadline.time;
  return `${deadline.date} ${time} ${deadline.timezone ?? "(zone not stated)"}`;
}

/** "2026-08-04 11:59 UTC", or null without an exact instant. */
export const utcTime = (deadline: Deadline) => (deadline.utc ? formatUtc(deadline.utc) : null);

/** "Paper submission", the published label when it says more than the type. */
export function deadlineLabel(deadline: Deadline): string {
  const type = humanize(deadline.type);
  return deadline.label && deadline.label.toLowerCase() !== deadline.type.replaceAll("_", " ")
    ? deadline.label
    : type;
}

/** "PPoPP 2027 — Paper" */
export const entryTitle = (entry: DeadlineEntry) =>
  `${entry.venue.short_name} ${entry.year} — ${deadlineLabel(entry.deadline)}`;
