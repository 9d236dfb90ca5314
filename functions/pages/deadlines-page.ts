/**
 * `/deadlines` (the full upcoming-deadlines list, inside the built `deadlines.html` frame), `/deadlines.ics` and
 * `/deadlines.xml`: the same filter (ranks across systems, fields, the lists' categories, time window, estimates,
 * ranked only) asked
 * of the query layer's `upcomingDeadlines`, as a page, an iCalendar and an RSS feed. The address is the filter,
 * it works without JavaScript, and it is a page, not an API call: never charged to the daily quota. A bad
 * parameter is answered 400 with the validation message (in the page, or as text for a feed).
 */
import type { QueryLayer } from "../../read/query/index.ts";
import { categorySummary } from "../../render/category-labels.ts";
import { dataAge, dataAgeHtml } from "../../render/data-age.ts";
import {
  deadlinesIcs,
  deadlinesRss,
  type FeedInfo,
  type NotificationItem,
} from "../../render/deadline-feeds.ts";
import {
  DEADLINES_ICS_PATH,
  DEADLINES_PATH,
  DEADLINES_RSS_PATH,
  type DeadlineFilter,
  type DeadlineRow,
  deadlineCountsText,
  deadlineListHtml,
  filterAddress,
  filterFormHtml,
  filterOf,
  filterParams,
  flag,
} from "../../render/deadline-list.ts";
import { allRows, type DeadlineLister } from "../../render/deadline-rows.ts";
import { escapeHtml, fieldLabel } from "../../render/html.ts";
import { type Locale, localeOfPath, localePath, t, tHtml, unlocalizedPath } from "../../render/i18n.ts";
import { reminderChoiceHtml } from "../../render/reminder-choice.ts";
import { type Clock, HOUR_MS, systemClock, utcDate } from "../../runtime/clock.ts";
import { remindedFeed, remindOf, remindRefusal } from "./calendar-reminders.ts";
import { FeedAnswers, type FeedText } from "./feed-answers.ts";
import { framedPage, readFrame } from "./frame.ts";
import { subscribeFormHtml } from "./subscriptions/forms.ts";

/** Rows per page on `/deadlines`; feeds take every row up to FEED_MAX. */
const PAGE_SIZE = 50;
const FEED_MAX = 1000;

export interface DeadlinesPageDeps {
  list: DeadlineLister;
  /** The outlooks of named conferences (for the notification items an RSS reader may ask for). */
  outlooks: QueryLayer["conferenceOutlooks"];
  siteDir: string;
  publicBaseUrl: string;
  /** When the snapshot the rows come from was generated (feed stamps, and the feeds' cache key). */
  generatedAt: () => Date;
  /** E-mail digests are offered (a state store and an outbox): the page carries the subscribe form. */
  digests?: boolean;
  clock?: Clock;
}

/** "CCF A or B, or CORE A* or A · Software engineering · within 60 days · estimates included · ranked venues" */
export function filterSummary(f: DeadlineFilter, locale: Locale = "en"): string {
  const ranks = (["ccf_rank", "core_rank", "qualis_rank"] as const)
    .filter((name) => f[name].length > 0)
    .map((name) => `${name.split("_")[0]?.toUpperCase()} ${f[name].join(t(locale, "summary.rank_or"))}`)
    .join(t(locale, "summary.ranks_or"));
  return [
    ranks || t(locale, f.ranked_only ? "summary.ranked" : "summary.all"),
    f.field.length > 0
      ? f.field.map((field) => fieldLabel(field, locale)).join(t(locale, "summary.rank_or"))
      : null,
    categorySummary(f, locale),
    f.within_days ? t(locale, "summary.within", { days: f.within_days }) : t(locale, "summary.any_time"),
    t(locale, f.estimates ? "summary.estimates" : "summary.announced_only"),
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A refused filter or search: the API's own message (the spec's words, in English: `lang="en"`), introduced in
 * the page's language.
 */
export const refusalHtml = (message: string, locale: Locale) =>
  locale === "en"
    ? escapeHtml(message)
    : `${escapeHtml(t(locale, "error.bad_request"))} <span lang="en">${escapeHtml(message)}</span>`;

/** Previous / "Page 2 of 7" / next, for a list of pages (here and in the site search). */
export function pagerHtml(
  locale: Locale,
  page: number,
  totalPages: number,
  address: (page: number) => string,
): string {
  if (totalPages <= 1) return "";
  const link = (key: "pager.previous" | "pager.next", to: number, rel: string) =>
    `<a rel="${rel}" href="${escapeHtml(address(to))}">${t(locale, key)}</a>`;
  return `<nav class="pager" aria-label="${t(locale, "pager.label")}">${page > 1 ? link("pager.previous", page - 1, "prev") : ""}<span>${t(locale, "pager.page", { page, pages: totalPages })}</span>${page < totalPages ? link("pager.next", page + 1, "next") : ""}</nav>`;
}

/** The subscription addresses of a filter: iCalendar (https and webcal), RSS, the API's JSON; the reminder choice. */
export function subscribeHtml(f: DeadlineFilter, baseUrl: string, locale: Locale = "en"): string {
  // The feeds of the page's language: their titles and descriptions in it, the same events.
  const ics = `${baseUrl}${filterAddress(localePath(locale, DEADLINES_ICS_PATH), f)}`;
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const html = tHtml(locale, "subscribe.list", {
    ics: link(ics, "iCalendar"),
    webcal: link(ics.replace(/^https?:/, "webcal:"), "webcal"),
    rss: link(filterAddress(localePath(locale, DEADLINES_RSS_PATH), f), "RSS"),
    json: link(filterAddress("/api/deadlines", f), t(locale, "subscribe.json")),
  });
  return `<p class="note subscribe">${html}</p>${reminderChoiceHtml(ics, locale)}`;
}

const badFilter = (req: Request, message: string) =>
  new Response(req.method === "HEAD" ? null : `${message}\n`, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });

/** Thrown by a feed's maker for a filter the query layer refuses: answered 400, never cached. */
class InvalidFilter extends Error {}

/**
 * `notifications=true` on the RSS address: the coming notification dates of the listed venues' cycles, as items
 * of their own (never counted as deadlines).
 */
async function notificationsOf(
  outlooks: DeadlinesPageDeps["outlooks"],
  rows: readonly DeadlineRow[],
): Promise<NotificationItem[]> {
  const venues = new Map(rows.map((r) => [r.conference_id, r]));
  return (await outlooks([...venues.keys()])).flatMap(({ row, outlook }) =>
    outlook.other_dates
      .filter((d) => d.type === "notification" && d.date >= outlook.as_of)
      .map((date) => ({ venue: venues.get(row.id) as DeadlineRow, date })),
  );
}

/**
 * GET /deadlines, /deadlines.ics and /deadlines.xml, and each under /zh/ (the page and the feeds in Chinese); null
 * for other paths (or a site without the frame).
 */
export function deadlinesPages(deps: DeadlinesPageDeps) {
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  const clock = deps.clock ?? systemClock;
  const feeds = new FeedAnswers();
  /** The feed's head in its language (`pathname` is its address, `/zh/deadlines.ics` for the Chinese one). */
  const feedInfo = (f: DeadlineFilter, pathname: string, locale: Locale): FeedInfo => ({
    title: t(locale, "feed.channel_title", {
      title: t(locale, "feed.filter_title", { filter: filterSummary(f, locale) }),
    }),
    description: t(locale, "feed.filter_description", { filter: filterSummary(f, locale) }),
    baseUrl,
    path: filterAddress(pathname, f),
    stamp: deps.generatedAt(),
    locale,
  });
  const makeFeed = async (
    pathname: string,
    f: DeadlineFilter,
    notifications: boolean,
    locale: Locale,
  ): Promise<FeedText> => {
    const list = await allRows(deps.list, f, FEED_MAX);
    if ("invalid" in list) throw new InvalidFilter(list.invalid);
    const { rows } = list;
    const info = feedInfo(f, pathname, locale);
    if (unlocalizedPath(pathname) === DEADLINES_ICS_PATH) {
      return { type: "text/calendar; charset=utf-8", text: deadlinesIcs(info, rows) };
    }
    const items = notifications ? await notificationsOf(deps.outlooks, rows) : [];
    return { type: "application/rss+xml; charset=utf-8", text: await deadlinesRss(info, rows, items) };
  };
  /**
   * A feed is made once per snapshot, filter and hour (deadlines closed within the hour may still be listed) and
   * served from memory after that.
   */
  const feed = (req: Request, url: URL, pathname: string, locale: Locale) => {
    const f = filterOf(url);
    const notifications =
      unlocalizedPath(pathname) === DEADLINES_RSS_PATH && flag(url, "notifications", false);
    const hour = Math.floor(clock().getTime() / HOUR_MS);
    // Each language's feed is cached apart: the same events, other words.
    const key = `${deps.generatedAt().toISOString()} ${hour} ${locale} ${filterAddress(pathname, f)} ${notifications}`;
    const make = () => makeFeed(pathname, f, notifications, locale);
    // Calendars take `remind`: each list of days is a variant of its own, made from the plain feed's text.
    const remind = unlocalizedPath(pathname) === DEADLINES_ICS_PATH ? remindOf(url) : { days: [] };
    if ("invalid" in remind) return Promise.resolve(remindRefusal(req, remind.invalid));
    const answer =
      remind.days.length === 0
        ? feeds.answer(req, key, make)
        : feeds.answer(
            req,
            `${key} remind=${remind.days}`,
            remindedFeed(feeds, key, make, remind.days, locale),
          );
    return answer.catch((err: unknown) => {
      if (err instanceof InvalidFilter) return badFilter(req, err.message);
      throw err;
    });
  };
  return async (req: Request, pathname: string): Promise<Response | null> => {
    const unlocalized = unlocalizedPath(pathname);
    const isFeed = unlocalized === DEADLINES_ICS_PATH || unlocalized === DEADLINES_RSS_PATH;
    const locale = localeOfPath(pathname);
    if (!isFeed && unlocalized !== DEADLINES_PATH) return null;
    const url = new URL(req.url);
    if (isFeed) return feed(req, url, pathname, locale);
    const f = filterOf(url);
    const frame = await readFrame(deps.siteDir, "deadlines", locale);
    if (!frame) return null;
    const answer = await deps.list({ ...filterParams(f), page: f.page, per_page: String(PAGE_SIZE) });
    const form = filterFormHtml(f, false, locale);
    if ("invalid" in answer) {
      const message = `<p id="deadlines-status" role="status" class="error">${refusalHtml(answer.invalid, locale)}</p>`;
      return framedPage(req, frame, "deadlines", `${message}${form}`, 400);
    }
    const { page, total_pages } = answer.pagination;
    // The data behind the dates the rows show, today: the one notice at the top when the oldest is old.
    const age = dataAgeHtml(
      dataAge(
        answer.rows.map((r) => r.deadline_data_as_of),
        utcDate(clock()),
      ),
      undefined,
      locale,
    );
    // The counts are the whole result's, never this page's: every page says the same.
    const status = `<p id="deadlines-status" role="status">${escapeHtml(deadlineCountsText(answer.counts, locale))} · ${escapeHtml(filterSummary(f, locale))}${locale === "zh" ? "。" : "."}</p>`;
    // The digest of the same filter (pages/subscriptions/), after the list.
    const digestForm = deps.digests
      ? subscribeFormHtml({ filter: new URLSearchParams(filterParams(f)).toString() }, locale)
      : "";
    const pages = pagerHtml(
      locale,
      page,
      total_pages,
      (to) => `${filterAddress(localePath(locale, DEADLINES_PATH), f)}&page=${to}`,
    );
    return framedPage(
      req,
      frame,
      "deadlines",
      `${age}${status}${form}${subscribeHtml(f, baseUrl, locale)}${deadlineListHtml(answer.rows, undefined, locale)}${pages}${digestForm}`,
    );
  };
}
