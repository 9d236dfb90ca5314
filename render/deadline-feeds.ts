/**
 * RSS and iCalendar of upcoming submission deadlines, written from the rows of the query layer's
 * `upcomingDeadlines` (the same rows the list pages show): the site's built feeds and the server's filtered
 * `/deadlines.xml` / `/deadlines.ics` both come through here.
 *
 * - RSS: one item per (venue, round) submission deadline, the ranks in the title, pubDate the day the round was
 *   announced or last changed (the latest `changed_at` of its deadlines, decided by the build), not the build time.
 * - Both list in the order of every deadline list (read/schema/deadline-order.ts): RSS items in the rows' order,
 *   calendar events by the date each prints, then the instant it closes (a row's abstract and paper apart).
 * - iCalendar: one event per submission deadline of the round (abstract and paper); an exact instant is a timed
 *   event, a date-only deadline an all-day event on its date, an estimate an all-day STATUS:TENTATIVE event with
 *   its window in the description. UIDs `<id>-<cycle>-<type>-<round>@venue-directory` do not change when an
 *   estimate is announced, so the calendar entry moves instead of doubling.
 */
import { getRssString } from "@astrojs/rss";
import ical, { ICalEventStatus } from "ical-generator";
import { byPrintedDate } from "../read/schema/deadline-order.ts";
import type { OutlookDeadline, OutlookOtherDate } from "../snapshot/records.ts";
import { deadlineName, deadlineText } from "./deadline.ts";
import type { DeadlineRow } from "./deadline-list.ts";
import { fieldLabel } from "./html.ts";
import { foldLines } from "./ical-fold.ts";
import { rankText } from "./rank-line.ts";

/** What a calendar needs of a row: the venue and the round's deadlines (a venue's whole outlook works too). */
type DeadlineEvents = Omit<DeadlineRow, "next" | "conference">;

export interface FeedInfo {
  title: string;
  description: string;
  /** Absolute base URL of the site (no trailing slash). */
  baseUrl: string;
  /** The feed's own path, for the calendar's URL. */
  path: string;
  /** DTSTAMP of every event and the RSS lastBuildDate: the snapshot's generation time. */
  stamp: Date;
}

const tag = (d: OutlookDeadline) => `${d.cycle_year}-${d.type}-${d.round}`;
const anchor = (d: OutlookDeadline) => `deadline-${tag(d)}`;
const deadlineUid = (conferenceId: string, d: OutlookDeadline) => `${conferenceId}-${tag(d)}@venue-directory`;

const pageOf = (info: FeedInfo, row: DeadlineEvents) => `${info.baseUrl}/conference/${row.conference_id}`;

/** "SIGKDD 2027 — Paper submission (round 1 of 2), estimated [CCF A · CORE A*]" */
function itemTitle(row: DeadlineEvents, d: OutlookDeadline): string {
  return `${row.short_name} ${d.cycle_year} — ${deadlineName(d)}${d.estimated ? ", estimated" : ""} [${rankText(row)}]`;
}

const describe = (row: DeadlineEvents, d: OutlookDeadline) =>
  `${row.full_name} (${row.short_name}). ${deadlineText(d, row.data_as_of)}.`;

const pubDate = (info: FeedInfo, day: string | null) =>
  new Date(`${day ?? info.stamp.toISOString().slice(0, 10)}T00:00:00Z`);

/**
 * The day a round was announced or last changed: the latest change of any of its deadlines. The next deadline is
 * one of them, so its day starts the fold.
 */
const roundChangedAt = (row: DeadlineRow) =>
  row.deadlines.reduce(
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings, compared as text
    (latest, d) => (d.changed_at > latest ? d.changed_at : latest),
    row.next.changed_at,
  );

/** A notification date of a listed venue's cycle, asked for with `notifications=true`: shown as what it is. */
export interface NotificationItem {
  venue: DeadlineEvents;
  date: OutlookOtherDate;
}

/**
 * RSS 2.0: one item per row (the round's next submission deadline); notification items only when asked for,
 * each titled as a notification.
 */
export function deadlinesRss(
  info: FeedInfo,
  rows: readonly DeadlineRow[],
  notifications: readonly NotificationItem[] = [],
): Promise<string> {
  const notificationItems = notifications.map(({ venue, date }) => ({
    title: `${venue.short_name} — ${date.label || "Notification"} ${date.date} (notification, not a deadline) [${rankText(venue)}]`,
    link: `${pageOf(info, venue)}#outlook-notification-${date.date}`,
    pubDate: pubDate(info, venue.data_as_of),
    description: `${venue.full_name} (${venue.short_name}): notification of acceptance on ${date.date}${date.time ? ` ${date.time.slice(0, 5)} ${date.timezone ?? ""}` : ""}.`,
    categories: ["notification", ...venue.fields.map((field) => fieldLabel(field))],
  }));
  return getRssString({
    title: info.title,
    description: info.description,
    site: info.baseUrl,
    items: rows
      .map((row) => ({
        title: itemTitle(row, row.next),
        // The anchor makes each item's link (and so its guid) unique.
        link: `${pageOf(info, row)}#${anchor(row.next)}`,
        pubDate: pubDate(info, roundChangedAt(row)),
        description: describe(row, row.next),
        categories: [
          row.next.estimated ? "estimated" : "announced",
          row.next.type,
          ...row.fields.map((field) => fieldLabel(field)),
        ],
      }))
      .concat(notificationItems),
    customData: `<language>en</language><lastBuildDate>${info.stamp.toUTCString()}</lastBuildDate>`,
  });
}

/** The calendar's last line: the events are written in before it. */
const CALENDAR_END = "END:VCALENDAR";

/**
 * iCalendar: every submission deadline of each row's round still ahead (abstract and paper), CRLF lines. The
 * calendar's head comes from ical-generator whole; each event from its own text, folded by ical-fold.ts (the bytes
 * ical-generator's calendar would give, at a hundredth of its folding cost).
 */
export function deadlinesIcs(info: FeedInfo, rows: readonly DeadlineEvents[]): string {
  const settings = {
    name: info.title,
    description: info.description,
    prodId: { company: "Venue Directory", product: "Deadlines", language: "EN" },
    url: `${info.baseUrl}${info.path}`,
    ttl: 86_400,
  };
  const head = ical(settings).toString();
  const calendar = ical(settings);
  const seen = new Set<string>();
  const upcoming: { row: DeadlineEvents; d: OutlookDeadline; id: string }[] = [];
  for (const row of rows) {
    for (const d of row.deadlines) {
      const id = deadlineUid(row.conference_id, d);
      if (d.status !== "upcoming" || seen.has(id)) continue;
      seen.add(id);
      upcoming.push({ row, d, id });
    }
  }
  // Sorted once more: a row's second deadline may come after the next row's first. The sort is stable (rows' order).
  upcoming.sort((a, b) => byPrintedDate(a.d, b.d));
  let events = "";
  for (const { row, d, id } of upcoming) {
    events += calendar
      .createEvent({
        id,
        stamp: info.stamp,
        summary: itemTitle(row, d),
        description: `${describe(row, d)}\nDetails: ${pageOf(info, row)}`,
        url: `${pageOf(info, row)}#${anchor(d)}`,
        categories: [{ name: d.type }, ...(d.estimated ? [{ name: "estimated" }] : [])],
        ...(d.estimated ? { status: ICalEventStatus.TENTATIVE } : {}),
        ...(d.time && !d.estimated
          ? { start: new Date(d.closes_at) }
          : { start: new Date(`${d.date}T00:00:00Z`), allDay: true }),
      })
      .toString();
  }
  // Every content line, the last one included, ends with CRLF.
  return `${head.slice(0, -CALENDAR_END.length)}${foldLines(events)}${CALENDAR_END}\r\n`;
}
