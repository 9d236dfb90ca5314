/**
 * How old the deadline data behind what a surface shows is, decided once for home, `/deadlines`, the watchlist,
 * the venue pages and their Markdown, the download page and the MCP deadline board (docs/site.md, "Data age").
 *
 * The dates given are the data dates of the deadlines shown (snapshot/source-age.ts, `deadlineDataDate`: an
 * announced deadline's source's, an estimate's the venue's), and the age is the *oldest*'s: a deadline shown is
 * only as fresh as the data that gave it, so a page never seems newer than its oldest date. When the dates differ
 * the notice names the span ("from 2026-07-01 to 2026-08-22"), so a reader sees how far apart they are.
 */
import { daysBetween } from "../runtime/clock.ts";
import { SOURCE_UNCHECKED_MAX_DAYS } from "../snapshot/source-age.ts";
import { escapeHtml } from "./html.ts";
import { type Locale, t } from "./i18n.ts";

/**
 * Past this many days the notice shows: the same 30 days after which a source counts as out of date
 * (snapshot/source-age.ts). Not the outlook's per-venue `stale` flag, which waits 60 days (DATA_AS_OF_MAX_AGE_DAYS).
 */
export const PAGE_DATA_MAX_AGE_DAYS = SOURCE_UNCHECKED_MAX_DAYS;

export interface DataAge {
  /** The oldest data date among the deadlines shown: the one the age is counted from. */
  data_as_of: string;
  /** The newest; the same as `data_as_of` when every deadline shown rests on data of one date. */
  newest: string;
  /** The day the age is counted to (the build day for built pages, the server's day for served ones). */
  today: string;
  age_days: number;
  max_age_days: number;
  /** Older than `max_age_days`: the surface says so at the top. */
  old: boolean;
}

/** The age of the oldest of `dates` on `today` (YYYY-MM-DD), with the newest; null when none is a date. */
export function dataAge(dates: Iterable<string | null | undefined>, today: string): DataAge | null {
  let oldest: string | null = null;
  let newest: string | null = null;
  for (const date of dates) {
    if (!date) continue;
    if (oldest === null || date < oldest) oldest = date;
    if (newest === null || date > newest) newest = date;
  }
  if (oldest === null || newest === null) return null;
  const age = Math.max(0, daysBetween(oldest, today));
  return {
    data_as_of: oldest,
    newest,
    today: today.slice(0, 10),
    age_days: age,
    max_age_days: PAGE_DATA_MAX_AGE_DAYS,
    old: age > PAGE_DATA_MAX_AGE_DAYS,
  };
}

/**
 * "2026-08-22, 107 days old on 2026-12-07": the date, and how old it is on which day; for dates that differ,
 * "2026-07-01 to 2026-08-22, the oldest 159 days old on 2026-12-07".
 */
export function dataAgeSpan(age: DataAge, locale: Locale = "en"): string {
  const params = { date: age.data_as_of, days: age.age_days, today: age.today };
  if (age.newest !== age.data_as_of) return t(locale, "age.span_range", { ...params, to: age.newest });
  return t(locale, age.age_days === 1 ? "age.span_one" : "age.span", params);
}

/**
 * The notice's sentence, for an old age only (null otherwise). `where` names the surface: "on this page", "on
 * this board".
 */
export function dataAgeNotice(age: DataAge | null, where?: string, locale: Locale = "en"): string | null {
  if (!age?.old) return null;
  return t(locale, "age.notice", {
    where: where ?? t(locale, "age.on_page"),
    span: dataAgeSpan(age, locale),
    max: age.max_age_days,
  });
}

/** The notice as the first element of a page's content; empty when the data is not old. */
export function dataAgeHtml(age: DataAge | null, where?: string, locale: Locale = "en"): string {
  const notice = dataAgeNotice(age, where, locale);
  return notice
    ? `<p class="data-age-notice" role="note"><strong>${escapeHtml(t(locale, "age.old"))}</strong> ${escapeHtml(notice)}</p>`
    : "";
}

/** The notice as a Markdown quote under a rendition's title; empty when the data is not old. */
export function dataAgeMarkdown(age: DataAge | null, where?: string, locale: Locale = "en"): string {
  const notice = dataAgeNotice(age, where, locale);
  return notice ? `> **${t(locale, "age.old")}** ${notice}` : "";
}
