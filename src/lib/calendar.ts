/**
 * iCalendar feeds of upcoming deadlines (RFC 5545): one event per typed deadline, UID stable across builds,
 * DTSTAMP the snapshot's generation time, the exact instant in UTC, or an all-day event when the source gives
 * no instant. One calendar for everything, one per research field and one per rank tier. Estimated deadlines
 * (not yet announced) are separate all-day events marked STATUS:TENTATIVE with "estimated" in the summary.
 */
import ical, { ICalEventStatus } from "ical-generator";
import { type ConferenceRow, type DeadlineEstimate, RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { type DeadlineEntry, deadlineLabel, entryTitle, publishedTime, utcTime } from "./deadlines.ts";
import { absoluteUrl, venuePath } from "./paths.ts";
import { conferenceRank, RANK_TIERS } from "./ranks.ts";

export interface CalendarFeed {
  /** Last path segment without `.ics`: a field, a tier slug, or "deadlines". */
  slug: string;
  /** `/feeds/deadlines.ics`, `/feeds/fields/ai.ics`, `/feeds/ranks/ccf-a.ics`. */
  path: string;
  title: string;
  group: "all" | "field" | "rank";
  matches: (venue: ConferenceRow) => boolean;
}

export const ALL_DEADLINES_CALENDAR: CalendarFeed = {
  slug: "deadlines",
  path: "/feeds/deadlines.ics",
  title: "All upcoming deadlines",
  group: "all",
  matches: () => true,
};

export const FIELD_CALENDARS: readonly CalendarFeed[] = RESEARCH_FIELDS.map((field) => ({
  slug: field,
  path: `/feeds/fields/${field}.ics`,
  title: `Deadlines in ${field}`,
  group: "field",
  matches: (venue) => venue.fields.includes(field),
}));

export const RANK_CALENDARS: readonly CalendarFeed[] = RANK_TIERS.map((tier) => ({
  slug: tier.slug,
  path: `/feeds/ranks/${tier.slug}.ics`,
  title: `Deadlines of ${tier.label} conferences`,
  group: "rank",
  matches: (venue) => conferenceRank(venue, tier.system) === tier.tier,
}));

export const CALENDARS: readonly CalendarFeed[] = [
  ALL_DEADLINES_CALENDAR,
  ...FIELD_CALENDARS,
  ...RANK_CALENDARS,
];

const DAY_MS = 86_400_000;

function description(entry: DeadlineEntry): string {
  const { venue, deadline } = entry;
  const utc = utcTime(deadline);
  return [
    `${venue.full_name} (${venue.short_name} ${entry.year})`,
    `${deadlineLabel(deadline)}: ${publishedTime(deadline)}${utc ? ` = ${utc}` : ""}`,
    `Details: ${absoluteUrl(venuePath("conference", venue.id))}`,
  ].join("\n");
}

/** An expected deadline of a venue's next edition, computed from past editions. */
export interface EstimateEntry {
  venue: ConferenceRow;
  estimate: DeadlineEstimate;
}

/** Estimates of every venue whose expected date is on or after `now`, soonest first. */
export function upcomingEstimates(
  venues: readonly ConferenceRow[],
  estimatesOf: (id: string) => readonly DeadlineEstimate[] | undefined,
  now: Date,
): EstimateEntry[] {
  const today = now.toISOString().slice(0, 10);
  return venues
    .flatMap((venue) => (estimatesOf(venue.id) ?? []).map((estimate) => ({ venue, estimate })))
    .filter((e) => e.estimate.date >= today)
    .sort((a, b) => a.estimate.date.localeCompare(b.estimate.date) || a.venue.id.localeCompare(b.venue.id));
}

function estimateDescription({ venue, estimate: e }: EstimateEntry): string {
  const from = e.based_on.length > 1 ? `${e.based_on[0]}–${e.based_on.at(-1)}` : String(e.based_on[0]);
  return [
    `${venue.full_name} (${venue.short_name} ${e.edition_year})`,
    `ESTIMATED ${e.type} deadline, not yet announced: around ${e.date} (window ${e.earliest} to ${e.latest}), ` +
      `from the ${from} editions, confidence ${Math.round(e.confidence * 100)} %`,
    `Details: ${absoluteUrl(venuePath("conference", venue.id))}`,
  ].join("\n");
}

/** The calendar as RFC 5545 text (CRLF line ends, lines folded at 75 octets by ical-generator). */
export function calendarText(
  feed: CalendarFeed,
  entries: readonly DeadlineEntry[],
  stamp: Date,
  estimates: readonly EstimateEntry[] = [],
): string {
  const calendar = ical({
    name: `Venue Directory — ${feed.title}`,
    description:
      "Conference deadlines from Venue Directory. Free use with attribution; link each venue's page.",
    prodId: { company: "Venue Directory", product: "Deadlines", language: "EN" },
    url: absoluteUrl(feed.path),
    ttl: DAY_MS / 1000,
  });
  for (const entry of entries) {
    if (!feed.matches(entry.venue)) continue;
    const { deadline } = entry;
    calendar.createEvent({
      id: entry.uid,
      stamp,
      summary: entryTitle(entry),
      description: description(entry),
      url: absoluteUrl(`${venuePath("conference", entry.venue.id)}#${entry.anchor}`),
      categories: [{ name: deadline.type }],
      ...(deadline.utc
        ? { start: new Date(deadline.utc) }
        : { start: new Date(`${deadline.date}T00:00:00Z`), allDay: true }),
    });
  }
  for (const entry of estimates) {
    if (!feed.matches(entry.venue)) continue;
    const e = entry.estimate;
    calendar.createEvent({
      id: `${entry.venue.id}-${e.edition_year}-${e.type}-estimated@venue-directory`,
      stamp,
      summary: `${entry.venue.short_name} ${e.edition_year} — ${e.type} deadline (estimated)`,
      description: estimateDescription(entry),
      url: absoluteUrl(venuePath("conference", entry.venue.id)),
      categories: [{ name: e.type }, { name: "estimated" }],
      status: ICalEventStatus.TENTATIVE,
      start: new Date(`${e.date}T00:00:00Z`),
      allDay: true,
    });
  }
  // Every content line, the last one included, ends with CRLF.
  return `${calendar.toString()}\r\n`;
}
