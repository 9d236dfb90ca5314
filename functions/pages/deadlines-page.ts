/**
 * `/deadlines` (the full upcoming-deadlines list, inside the built `deadlines.html` frame), `/deadlines.ics` and
 * `/deadlines.xml`: the same filter (ranks across systems, fields, time window, estimates, ranked only) asked
 * of the query layer's `upcomingDeadlines`, as a page, an iCalendar and an RSS feed. The address is the filter,
 * it works without JavaScript, and it is a page, not an API call: never charged to the daily quota. A bad
 * parameter is answered 400 with the validation message (in the page, or as text for a feed).
 */
import type { QueryLayer } from "../../read/query/index.ts";
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
import { type Clock, HOUR_MS, systemClock, utcDate } from "../../runtime/clock.ts";
import { FeedAnswers, type FeedText } from "./feed-answers.ts";
import { framedPage, readFrame } from "./frame.ts";

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
  clock?: Clock;
}

/** "CCF A or B, or CORE A* or A · Software engineering · within 60 days · estimates included · ranked venues" */
function filterSummary(f: DeadlineFilter, locale: Locale = "en"): string {
  const ranks = (["ccf_rank", "core_rank", "qualis_rank"] as const)
    .filter((name) => f[name].length > 0)
    .map((name) => `${name.split("_")[0]?.toUpperCase()} ${f[name].join(t(locale, "summary.rank_or"))}`)
    .join(t(locale, "summary.ranks_or"));
  return [
    ranks || t(locale, f.ranked_only ? "summary.ranked" : "summary.all"),
    f.field.length > 0
      ? f.field.map((field) => fieldLabel(field, locale)).join(t(locale, "summary.rank_or"))
      : null,
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

/** The subscription addresses of a filter: iCalendar (https and webcal), RSS, and the API's JSON. */
export function subscribeHtml(f: DeadlineFilter, baseUrl: string, locale: Locale = "en"): string {
  const ics = `${baseUrl}${filterAddress(DEADLINES_ICS_PATH, f)}`;
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const html = tHtml(locale, "subscribe.list", {
    ics: link(ics, "iCalendar"),
    webcal: link(ics.replace(/^https?:/, "webcal:"), "webcal"),
    rss: link(filterAddress(DEADLINES_RSS_PATH, f), "RSS"),
    json: link(filterAddress("/api/deadlines", f), t(locale, "subscribe.json")),
  });
  return `<p class="note subscribe">${html}</p>`;
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

/** GET /deadlines, /deadlines.ics and /deadlines.xml; null for other paths (or a site without the frame). */
export function deadlinesPages(deps: DeadlinesPageDeps) {
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  const clock = deps.clock ?? systemClock;
  const feeds = new FeedAnswers();
  const feedInfo = (f: DeadlineFilter, path: string): FeedInfo => ({
    title: `Venue Directory — submission deadlines: ${filterSummary(f)}`,
    description: `Upcoming submission deadlines (${filterSummary(f)}); estimates are marked and never announcements. Free use with attribution; link each venue's page.`,
    baseUrl,
    path: filterAddress(path, f),
    stamp: deps.generatedAt(),
  });
  const makeFeed = async (pathname: string, f: DeadlineFilter, notifications: boolean): Promise<FeedText> => {
    const list = await allRows(deps.list, f, FEED_MAX);
    if ("invalid" in list) throw new InvalidFilter(list.invalid);
    const { rows } = list;
    if (pathname === DEADLINES_ICS_PATH) {
      return { type: "text/calendar; charset=utf-8", text: deadlinesIcs(feedInfo(f, pathname), rows) };
    }
    const items = notifications ? await notificationsOf(deps.outlooks, rows) : [];
    return {
      type: "application/rss+xml; charset=utf-8",
      text: await deadlinesRss(feedInfo(f, pathname), rows, items),
    };
  };
  /**
   * A feed is made once per snapshot, filter and hour (deadlines closed within the hour may still be listed) and
   * served from memory after that.
   */
  const feed = (req: Request, url: URL, pathname: string) => {
    const f = filterOf(url);
    const notifications = pathname === DEADLINES_RSS_PATH && flag(url, "notifications", false);
    const hour = Math.floor(clock().getTime() / HOUR_MS);
    const key = `${deps.generatedAt().toISOString()} ${hour} ${filterAddress(pathname, f)} ${notifications}`;
    return feeds
      .answer(req, key, () => makeFeed(pathname, f, notifications))
      .catch((err: unknown) => {
        if (err instanceof InvalidFilter) return badFilter(req, err.message);
        throw err;
      });
  };
  return async (req: Request, pathname: string): Promise<Response | null> => {
    const isFeed = pathname === DEADLINES_ICS_PATH || pathname === DEADLINES_RSS_PATH;
    const locale = localeOfPath(pathname);
    if (!isFeed && unlocalizedPath(pathname) !== DEADLINES_PATH) return null;
    const url = new URL(req.url);
    if (isFeed) return feed(req, url, pathname);
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
    // The newest data behind the rows shown, today: the one notice at the top of the list when even that is old.
    const age = dataAgeHtml(
      dataAge(
        answer.rows.map((r) => r.data_as_of),
        utcDate(clock()),
      ),
      undefined,
      locale,
    );
    // The counts are the whole result's, never this page's: every page says the same.
    const status = `<p id="deadlines-status" role="status">${escapeHtml(deadlineCountsText(answer.counts, locale))} · ${escapeHtml(filterSummary(f, locale))}${locale === "zh" ? "。" : "."}</p>`;
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
      `${age}${status}${form}${subscribeHtml(f, baseUrl, locale)}${deadlineListHtml(answer.rows, undefined, locale)}${pages}`,
    );
  };
}
