/**
 * How old the deadline data behind what a surface shows is, decided once for home, `/deadlines`, the watchlist,
 * the venue pages and their Markdown, the download page and the MCP deadline board (docs/site.md, "Data age").
 *
 * The data behind a surface is the *newest* `data_as_of` among the rows it shows: when even that is old, every
 * date on it is, so the one notice at the top is true of the whole page. (The oldest would fire on nearly every
 * list for the one venue an archived tracker still feeds, and say nothing about the rest.)
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
  /** The newest data date among the rows shown. */
  data_as_of: string;
  /** The day the age is counted to (the build day for built pages, the server's day for served ones). */
  today: string;
  age_days: number;
  max_age_days: number;
  /** Older than `max_age_days`: the surface says so at the top. */
  old: boolean;
}

/** The age of the newest of `dates` on `today` (YYYY-MM-DD); null when no row has a data date. */
export function dataAge(dates: Iterable<string | null | undefined>, today: string): DataAge | null {
  let newest: string | null = null;
  for (const date of dates) if (date && (newest === null || date > newest)) newest = date;
  if (newest === null) return null;
  const age = Math.max(0, daysBetween(newest, today));
  return {
    data_as_of: newest,
    today: today.slice(0, 10),
    age_days: age,
    max_age_days: PAGE_DATA_MAX_AGE_DAYS,
    old: age > PAGE_DATA_MAX_AGE_DAYS,
  };
}

/** "2026-08-22, 107 days old on 2026-12-07": the date, and how old it is on which day. */
export const dataAgeSpan = (age: DataAge, locale: Locale = "en") =>
  t(locale, age.age_days === 1 ? "age.span_one" : "age.span", {
    date: age.data_as_of,
    days: age.age_days,
    today: age.today,
  });

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
export function dataAgeMarkdown(age: DataAge | null, where?: string): string {
  const notice = dataAgeNotice(age, where);
  return notice ? `> **Old data:** ${notice}` : "";
}
