/**
 * Dates and time zones as the deadline trackers publish them: free-text conference date ranges, local deadlines
 * with a zone written many ways, and the exact UTC instant each deadline stands for. Named IANA zones go through
 * Intl (ICU) so daylight saving is right for the date in question.
 */
import type { Deadline, DeadlineType } from "../../snapshot/records.ts";

export interface DateRange {
  start: string | null;
  end: string | null;
}

const NO_RANGE: DateRange = { start: null, end: null };

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/** A real calendar date written YYYY-MM-DD (rejects 2023-02-30). */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== "string") return false;
  const m = ISO_DATE.exec(text);
  return m !== null && isoDate(Number(m[1]), Number(m[2]), Number(m[3])) === text;
}

// ---------------------------------------------------------------------------------------------------------------
// Free-text date ranges: "February 22 - March 1, 2022", "29 June - 3 July, 2026", "Dec. 5-9, 2025"...

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** 1-12 for a month name or abbreviation ("Sept", "Dec"), tolerating one mistyped letter ("Septemper"). */
function monthNumber(word: string): number | null {
  const index = MONTH_NAMES.findIndex((name) => {
    if (word.length >= 3 && name.startsWith(word)) return true;
    if (word.length !== name.length) return false;
    let differences = 0;
    for (let i = 0; i < word.length; i++) if (word[i] !== name[i]) differences++;
    return differences <= 1 && word.slice(0, 3) === name.slice(0, 3);
  });
  return index >= 0 ? index + 1 : null;
}

interface DatePart {
  month: number | null;
  day: number | null;
  year: number | null;
}

/** One side of a range: month, day and year in any order, each at most once. */
function readPart(tokens: string[]): DatePart | null {
  const part: DatePart = { month: null, day: null, year: null };
  for (const token of tokens) {
    if (/^\d{4}$/.test(token)) {
      if (part.year !== null) return null;
      part.year = Number(token);
    } else if (/^\d{1,2}$/.test(token)) {
      if (part.day !== null) return null;
      part.day = Number(token);
    } else {
      const month = monthNumber(token);
      if (month === null || part.month !== null) return null;
      part.month = month;
    }
  }
  return part;
}

/**
 * Start and end dates of a conference from its published date text. `yearHint` (the edition year) supplies the
 * year when the text has none. Month-only text ("April, 2024"), "TBD" and anything unreadable give nulls:
 * the text itself is kept by the caller, so nothing is lost by refusing to guess days.
 */
export function parseDateRange(text: string | null | undefined, yearHint?: number | null): DateRange {
  if (typeof text !== "string") return NO_RANGE;
  const normal = text
    .toLowerCase()
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\bto\b/g, "-")
    .replace(/(\d)(st|nd|rd|th)\b/g, "$1")
    .replace(/[.,]/g, " ");
  if (/[^a-z0-9\s-]/.test(normal)) return NO_RANGE;
  const tokens = normal.match(/[a-z]+|\d+|-/g) ?? [];
  const sides: string[][] = [[]];
  for (const token of tokens) {
    if (token === "-") sides.push([]);
    else sides[sides.length - 1]?.push(token);
  }
  if (sides.length > 2) return NO_RANGE;
  const left = readPart(sides[0] ?? []);
  const right = sides.length === 2 ? readPart(sides[1] ?? []) : left;
  if (!left || !right || left.month === null || left.day === null || right.day === null) return NO_RANGE;
  const endMonth = right.month ?? left.month;
  const crossesYear = left.month > endMonth;
  let startYear: number;
  let endYear: number;
  if (right.year !== null) {
    endYear = right.year;
    startYear = left.year ?? (crossesYear ? endYear - 1 : endYear);
  } else if (left.year !== null) {
    startYear = left.year;
    endYear = crossesYear ? startYear + 1 : startYear;
  } else if (yearHint != null) {
    // Without a year the edition year is the year the conference ends in.
    endYear = yearHint;
    startYear = crossesYear ? endYear - 1 : endYear;
  } else {
    return NO_RANGE;
  }
  const start = isoDate(startYear, left.month, left.day);
  const end = isoDate(endYear, endMonth, right.day);
  if (!start || !end || end < start) return NO_RANGE;
  return { start, end };
}

/**
 * The dates of an edition from a tracker that publishes both structured `start`/`end` and free text. The two
 * sometimes disagree (typos in either); the one in the edition's own year wins, structured first.
 */
export function editionDates(
  text: string | null | undefined,
  start: unknown,
  end: unknown,
  year: number,
): DateRange {
  const structured: DateRange =
    isIsoDate(start) && isIsoDate(end) && start <= end ? { start, end } : NO_RANGE;
  const parsed = parseDateRange(text, year);
  const candidates = [structured, parsed].filter((range) => range.start !== null);
  return candidates.find((range) => range.start?.startsWith(String(year))) ?? candidates[0] ?? NO_RANGE;
}

// ---------------------------------------------------------------------------------------------------------------
// Local date-times and zones

export interface LocalDateTime {
  date: string;
  /** HH:MM:SS, null when only a date was published. */
  time: string | null;
}

/** "2024-05-01 23:59:59", "2024-5-01 23:59", "2024-05-01T12:00", "2024-05-01"; null for anything else. */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!date) return null;
  if (m[4] === undefined) return { date, time: null };
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  // 24:00:00 is a legitimate way to write the end of a day.
  const valid = minute < 60 && second < 60 && (hour < 24 || (hour === 24 && minute === 0 && second === 0));
  return valid ? { date, time: `${pad(hour)}:${pad(minute)}:${pad(second)}` } : null;
}

/** "TBD", "TBA", "to be announced"...: a deadline not yet set, as opposed to an unreadable one. */
export function isPlaceholderDate(text: string): boolean {
  return /^(tb[ad]|n\/?a|none|to be (announced|determined|confirmed))?$/i.test(text.trim());
}

/** How a published zone maps onto UTC: a fixed offset, or a named IANA zone whose offset depends on the date. */
export type ZoneRule = { kind: "offset"; minutes: number } | { kind: "iana"; name: string };

/**
 * Abbreviations that name one fixed offset. Ambiguous ones (CST: US Central or China; IST: India, Ireland or
 * Israel; BST) are left out on purpose: a wrong guess would move a deadline by hours.
 */
const FIXED_ABBREVIATIONS: Record<string, number> = {
  PST: -8,
  PDT: -7,
  MST: -7,
  MDT: -6,
  CDT: -5,
  EST: -5,
  EDT: -4,
  AKST: -9,
  AKDT: -8,
  HST: -10,
  WET: 0,
  WEST: 1,
  CET: 1,
  CEST: 2,
  EET: 2,
  EEST: 3,
  MSK: 3,
  SGT: 8,
  HKT: 8,
  JST: 9,
  KST: 9,
  AEST: 10,
  AEDT: 11,
  NZST: 12,
  NZDT: 13,
};

/** Regional names without a season ("PT" = Pacific Time): standard or daylight time follows the date. */
const SEASONAL_ABBREVIATIONS: Record<string, string> = {
  PT: "America/Los_Angeles",
  MT: "America/Denver",
  CT: "America/Chicago",
  ET: "America/New_York",
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(zone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
    return formatter;
  } catch {
    return null; // Intl throws RangeError for a name it does not know.
  }
}

/**
 * The rule for a zone as published: "AoE" (= UTC-12), "UTC", "UTC+8", "UTC-08", "UTC+5:30", "GMT+2", fixed
 * abbreviations ("PDT"), seasonal ones ("PT") and IANA names ("America/Los_Angeles"). Null when unknown: the
 * caller keeps the text and leaves the instant unset rather than assume a zone.
 */
export function zoneRule(published: string): ZoneRule | null {
  const zone = published.trim();
  if (/^(aoe|anywhere on earth)$/i.test(zone)) return { kind: "offset", minutes: -12 * 60 };
  if (/^(utc|gmt|z)$/i.test(zone)) return { kind: "offset", minutes: 0 };
  const offset = /^(?:utc|gmt)\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(zone);
  if (offset) {
    const [hours, minutes] = [Number(offset[2]), Number(offset[3] ?? 0)];
    if (hours > 14 || minutes >= 60) return null;
    const sign = offset[1] === "+" ? 1 : -1;
    return { kind: "offset", minutes: sign * (hours * 60 + minutes) };
  }
  const upper = zone.toUpperCase();
  const fixed = FIXED_ABBREVIATIONS[upper];
  if (fixed !== undefined) return { kind: "offset", minutes: fixed * 60 };
  const seasonal = SEASONAL_ABBREVIATIONS[upper];
  if (seasonal) return { kind: "iana", name: seasonal };
  // Only region/city names: Intl also accepts legacy links like "EST5EDT", which are not how anyone publishes.
  if (/^[A-Za-z_]+(\/[A-Za-z_+\-0-9]+)+$/.test(zone) && formatterFor(zone))
    return { kind: "iana", name: zone };
  return null;
}

/** Offset of an IANA zone from UTC, in minutes, at the instant `utcMs`. */
function ianaOffsetMinutes(zone: string, utcMs: number): number {
  const formatter = formatterFor(zone);
  if (!formatter) throw new Error(`unknown time zone ${zone}`);
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(utcMs))) fields[part.type] = Number(part.value);
  const wall = Date.UTC(
    fields.year ?? 0,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((wall - utcMs) / 60_000);
}

/**
 * The exact UTC instant ("YYYY-MM-DDTHH:MM:SSZ") of a local date and time in a published zone. A date without
 * a time means the end of that local day (23:59:59). Null when the zone is missing or unknown.
 */
export function toUtcInstant(date: string, time: string | null, zone: string | null): string | null {
  if (zone === null || !isIsoDate(date)) return null;
  const rule = zoneRule(zone);
  if (!rule) return null;
  const [hour, minute, second] = (time ?? "23:59:59").split(":").map(Number);
  const [year, month, day] = date.split("-").map(Number);
  const wallMs = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  let utcMs: number;
  if (rule.kind === "offset") {
    utcMs = wallMs - rule.minutes * 60_000;
  } else {
    // Guess with the offset at the wall time read as UTC, then correct once if that crossed a transition.
    const guess = wallMs - ianaOffsetMinutes(rule.name, wallMs) * 60_000;
    utcMs = wallMs - ianaOffsetMinutes(rule.name, guess) * 60_000;
  }
  return new Date(utcMs).toISOString().replace(/\.\d{3}Z$/, "Z");
}

// ---------------------------------------------------------------------------------------------------------------
// Deadline records

/**
 * A tracker's deadline kind onto the schema's types. Trackers write "submission", "camera-ready",
 * "rebuttal_start", "final-notification"...; what fits no type is "other".
 */
export function deadlineType(published: string): DeadlineType {
  const kind = published
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (kind === "abstract" || kind.startsWith("abstract_")) return "abstract";
  if (kind === "paper" || kind === "submission" || kind === "full_paper") return "paper";
  if (kind.startsWith("supplementary")) return "supplementary";
  if (kind.startsWith("rebuttal") || kind === "author_response") return "rebuttal";
  if (kind === "notification" || kind.endsWith("_notification") || kind === "final_decision")
    return "notification";
  if (kind === "camera_ready") return "camera_ready";
  if (kind === "registration") return "registration";
  return "other";
}

export interface PublishedDeadline {
  type: DeadlineType;
  label: string;
  /** The local date-time text as published ("2026-07-28 23:59:59"). */
  when: string;
  /** The zone as published, null when the source states none. */
  timezone: string | null;
  source: string;
}

/** A Deadline record, or null when `when` is not a readable date (callers tell placeholders from errors). */
export function buildDeadline(published: PublishedDeadline): Deadline | null {
  const local = parseLocalDateTime(published.when);
  if (!local) return null;
  const timezone = published.timezone?.trim() || null;
  return {
    type: published.type,
    label: published.label,
    date: local.date,
    time: local.time,
    timezone,
    utc: toUtcInstant(local.date, local.time, timezone),
    source: published.source,
  };
}
