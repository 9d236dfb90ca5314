/**
 * Every typed deadline of every conference edition (abstract, paper, notification...) as its sources publish
 * them, for the venue pages' deadline tables, with the page anchor of each row. What is the next submission
 * deadline is the outlook's (render/deadline.ts renders it), never decided here.
 */

import { escapeHtml } from "../../render/html.ts";
import { type Locale, type MessageKey, t, tHtml } from "../../render/i18n.ts";
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
  /** Element id of the deadline on the venue page. */
  anchor: string;
}

/** Deadlines a submitter acts on: the only ones counted down in the tables. */
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
          anchor: `deadline-${tag}`,
        });
      }
    }
  }
  return entries.sort(
    (a, b) => sortKey(a.deadline).localeCompare(sortKey(b.deadline)) || a.anchor.localeCompare(b.anchor),
  );
}

let cached: Map<string, DeadlineEntry[]> | undefined;

function index(): Map<string, DeadlineEntry[]> {
  if (!cached) {
    cached = new Map();
    for (const entry of collect(snapshot())) {
      const list = cached.get(entry.venue.id) ?? [];
      list.push(entry);
      cached.set(entry.venue.id, list);
    }
  }
  return cached;
}

/** One venue's deadlines, soonest first. */
export const venueDeadlines = (venueId: string): readonly DeadlineEntry[] => index().get(venueId) ?? [];

/** "2026-08-03 23:59 AoE", or the date alone with a note when the source gave no time or zone. */
export function publishedTime(deadline: Deadline, locale: Locale = "en"): string {
  if (!deadline.time) return t(locale, "table.no_time", { date: deadline.date });
  const time = deadline.time.endsWith(":00") ? deadline.time.slice(0, 5) : deadline.time;
  if (!deadline.timezone) return t(locale, "table.no_zone", { date: deadline.date, time });
  return `${deadline.date} ${time} ${deadline.timezone}`;
}

/**
 * The same as HTML, kept on one line: the date and time in a `<time>` (an exact instant's `datetime` is its UTC
 * instant), a note about a missing time or zone after it.
 */
export function publishedTimeHtml(deadline: Deadline, locale: Locale = "en"): string {
  const date = `<time datetime="${escapeHtml(deadline.date)}">${escapeHtml(deadline.date)}</time>`;
  if (!deadline.time) return tHtml(locale, "table.no_time", { date });
  const time = deadline.time.endsWith(":00") ? deadline.time.slice(0, 5) : deadline.time;
  if (!deadline.timezone) return tHtml(locale, "table.no_zone", { date, time: escapeHtml(time) });
  const at = deadline.utc ?? deadline.date;
  return `<time class="published" datetime="${escapeHtml(at)}">${escapeHtml(publishedTime(deadline, locale))}</time>`;
}

/** "2026-08-04 11:59 UTC", or null without an exact instant (a date-only deadline is never given a time). */
export const utcTime = (deadline: Deadline) =>
  deadline.utc && deadline.time ? formatUtc(deadline.utc) : null;

const TYPE_KEYS: Record<DeadlineType, MessageKey> = {
  abstract: "type.abstract",
  paper: "type.paper",
  supplementary: "type.supplementary",
  rebuttal: "type.rebuttal",
  notification: "type.notification",
  camera_ready: "type.camera_ready",
  registration: "type.registration",
  other: "type.other",
};

/** "Paper submission", the published label when it says more than the type (as the source wrote it). */
export function deadlineLabel(deadline: Deadline, locale: Locale = "en"): string {
  const type = TYPE_KEYS[deadline.type] ? t(locale, TYPE_KEYS[deadline.type]) : humanize(deadline.type);
  return deadline.label && deadline.label.toLowerCase() !== deadline.type.replaceAll("_", " ")
    ? deadline.label
    : type;
}
