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
 * - Languages: a feed of `locale` "zh" (the `/zh/` feeds) words its titles, descriptions and categories from the
 *   message files and links the `/zh/` pages; its events and UIDs are the English feed's, so the two agree.
 */
import { getRssString } from "@astrojs/rss";
import ical, { ICalEventStatus } from "ical-generator";
import { byPrintedDate } from "../read/schema/deadline-order.ts";
import type { OutlookDeadline, OutlookOtherDate } from "../snapshot/records.ts";
import { deadlineName, deadlineText } from "./deadline.ts";
import type { DeadlineRow } from "./deadline-list.ts";
import { fieldLabel } from "./html.ts";
import { LANGUAGE_TAG, type Locale, localePath, t } from "./i18n.ts";
import { foldLines } from "./ical-fold.ts";
import { type Ranked, rankTextOrNull } from "./rank-line.ts";

/** What a calendar needs of a row: the venue and the round's deadlines (a venue's whole outlook works too). */
type DeadlineEvents = Omit<DeadlineRow, "next" | "conference" | "deadline_data_as_of">;

export interface FeedInfo {
  title: string;
  description: string;
  /** Absolute base URL of the site (no trailing slash). */
  baseUrl: string;
  /** The feed's own path, for the calendar's URL. */
  path: string;
  /** DTSTAMP of every event and the RSS lastBuildDate: the snapshot's generation time. */
  stamp: Date;
  /** The feed's language (its words and page links); English when absent. */
  locale?: Locale;
}

const localeOf = (info: FeedInfo): Locale => info.locale ?? "en";

const tag = (d: OutlookDeadline) => `${d.cycle_year}-${d.type}-${d.round}`;
const anchor = (d: OutlookDeadline) => `deadline-${tag(d)}`;
const deadlineUid = (conferenceId: string, d: OutlookDeadline) => `${conferenceId}-${tag(d)}@venue-directory`;

const pageOf = (info: FeedInfo, row: DeadlineEvents) =>
  `${info.baseUrl}${localePath(localeOf(info), `/conference/${row.conference_id}`)}`;

/** The rank line of a title; "unranked" in the feed's language. */
const ranksOf = (venue: Ranked, locale: Locale) => rankTextOrNull(venue) ?? t(locale, "rank.unranked");

/** "SIGKDD 2027 — Paper submission (round 1 of 2), estimated [CCF A · CORE A*]" */
function itemTitle(row: DeadlineEvents, d: OutlookDeadline, locale: Locale): string {
  return t(locale, d.estimated ? "feed.item_estimated" : "feed.item", {
    venue: row.short_name,
    year: String(d.cycle_year),
    deadline: deadlineName(d, locale),
    ranks: ranksOf(row, locale),
  });
}

const describe = (row: DeadlineEvents, d: OutlookDeadline, locale: Locale) =>
  t(locale, "feed.description", {
    name: row.full_name,
    short: row.short_name,
    deadline: deadlineText(d, row.data_as_of, locale),
  });

/** A deadline's categories: its kind as English feeds always named it ("paper"), in Chinese the type's name. */
const typeCategory = (d: OutlookDeadline, locale: Locale) =>
  locale === "en" ? d.type : t(locale, d.type === "abstract" ? "deadline.abstract" : "deadline.paper");

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
  const locale = localeOf(info);
  const notificationItems = notifications.map(({ venue, date }) => ({
    title: t(locale, "feed.notification_item", {
      venue: venue.short_name,
      label: date.label || t(locale, "feed.notification"),
      date: date.date,
      ranks: ranksOf(venue, locale),
    }),
    link: `${pageOf(info, venue)}#outlook-notification-${date.date}`,
    pubDate: pubDate(info, venue.data_as_of),
    description: t(locale, "feed.notification_description", {
      name: venue.full_name,
      short: venue.short_name,
      when: `${date.date}${date.time ? ` ${date.time.slice(0, 5)} ${date.timezone ?? ""}` : ""}`,
    }),
    categories: [
      t(locale, "feed.category_notification"),
      ...venue.fields.map((field) => fieldLabel(field, locale)),
    ],
  }));
  return getRssString({
    title: info.title,
    description: info.description,
    site: info.baseUrl,
    items: rows
      .map((row) => ({
        title: itemTitle(row, row.next, locale),
        // The anchor makes each item's link (and so its guid) unique.
        link: `${pageOf(info, row)}#${anchor(row.next)}`,
        pubDate: pubDate(info, roundChangedAt(row)),
        description: describe(row, row.next, locale),
        categories: [
          t(locale, row.next.estimated ? "feed.category_estimated" : "feed.category_announced"),
          typeCategory(row.next, locale),
          ...row.fields.map((field) => fieldLabel(field, locale)),
        ],
      }))
      .concat(notificationItems),
    customData: `<language>${LANGUAGE_TAG[locale]}</language><lastBuildDate>${info.stamp.toUTCString()}</lastBuildDate>`,
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
  const locale = localeOf(info);
  const settings = {
    name: info.title,
    description: info.description,
    prodId: { company: "Venue Directory", product: "Deadlines", language: locale.toUpperCase() },
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
        summary: itemTitle(row, d, locale),
        description: `${describe(row, d, locale)}\n${t(locale, "feed.details", { url: pageOf(info, row) })}`,
        url: `${pageOf(info, row)}#${anchor(d)}`,
        categories: [
          { name: typeCategory(d, locale) },
          ...(d.estimated ? [{ name: t(locale, "feed.category_estimated") }] : []),
        ],
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
