/**
 * `/watchlist?id=<watchlist id>`: the venues of a stored watchlist (or of an account's tracked venues) inside the built `watchlist.html` frame, each
 * conference with its next submission deadline (the deadline component: date, countdown, estimate window) and
 * its outlook state, by the date each prints (read/schema/deadline-order.ts), then the venues with none; and the
 * watchlist's stable subscription address.
 * Without an id the frame's script opens this browser's own watchlist.
 */

import { byPrintedDate } from "../../read/schema/deadline-order.ts";
import { dataAge, dataAgeHtml } from "../../render/data-age.ts";
import { deadlineHtml, noNextText, stateBesideNext, stateHtml } from "../../render/deadline.ts";
import type { WatchedConference, WatchedVenues } from "../../render/deadline-rows.ts";
import { escapeHtml } from "../../render/html.ts";
import { type Locale, localeOfPath, localePath, t, tHtml, unlocalizedPath } from "../../render/i18n.ts";
import { nextBox } from "../../render/next-box.ts";
import { rankLineHtml } from "../../render/rank-line.ts";
import { reminderChoiceHtml } from "../../render/reminder-choice.ts";
import { type Clock, systemClock, utcDate } from "../../runtime/clock.ts";
import { type Frame, framedPage, readFrame } from "./frame.ts";
import { subscribeFormHtml } from "./subscriptions/forms.ts";
import { type FindWatched, watchlistLinks } from "./watchlists.ts";

export const WATCHLIST_PAGE_PATH = "/watchlist";

export interface WatchlistPageDeps {
  /** Reads a watchlist address (a read is a use of the list). */
  find: FindWatched;
  /** Days a list nobody opens or edits is kept (WATCHLIST_KEEP_DAYS), said on the page. */
  keepDays: number;
  venues: WatchedVenues;
  siteDir: string;
  publicBaseUrl: string;
  /** E-mail digests are offered (a state store and an outbox): the page carries the subscribe form. */
  digests?: boolean;
  /** Today, for how old the watched venues' data is. */
  clock?: Clock;
}

/** The list's order: a next deadline's printed date (then instant) first, those without one last; then name, id. */
function watchOrder(a: WatchedConference, b: WatchedConference): number {
  const [x, y] = [a.outlook?.next, b.outlook?.next];
  const byNext = x && y ? byPrintedDate(x, y) : Number(!x) - Number(!y);
  return byNext || a.short_name.localeCompare(b.short_name) || a.id.localeCompare(b.id);
}

/** A card: the venue, the box of its page (the next deadline, its round's other one, estimates passed unannounced). */
function conferenceItem(c: WatchedConference, locale: Locale): string {
  const outlook = c.outlook;
  const { next, sameRound, unconfirmed } = nextBox(outlook ?? null);
  const asOf = outlook?.data_as_of ?? null;
  const when = next
    ? deadlineHtml(next, asOf, locale)
    : `<span class="muted">${escapeHtml(noNextText(outlook ?? { state: "unknown", data_as_of: null }, locale))}</span>`;
  return `<li class="deadline-card"${next ? ` data-deadline="${next.closes_at}"` : ""}>
<p class="venue"><a href="${localePath(locale, `/conference/${escapeHtml(c.id)}`)}">${escapeHtml(c.short_name)}</a> ${rankLineHtml(c, locale)} ${stateHtml(stateBesideNext(outlook?.state ?? "unknown", next !== null), locale)}<span class="muted block">${escapeHtml(c.full_name)}</span></p>
<p class="when">${when}</p>${[...sameRound, ...unconfirmed]
    .map((d) => `<p class="when other">${deadlineHtml(d, asOf, locale)}</p>`)
    .join("")}
</li>`;
}

/**
 * The data dates behind what a card shows: its next deadline's (its source's, or the venue's for an estimate),
 * and the venue's own `data_as_of` for the rest (estimates passed unannounced, "no next deadline").
 */
function cardDataDates(c: WatchedConference): (string | null)[] {
  const outlook = c.outlook;
  if (!outlook) return [];
  const rest = !outlook.next || outlook.deadlines.some((d) => d.status === "passed_unconfirmed");
  return [c.next_data_as_of, ...(rest ? [outlook.data_as_of] : [])];
}

/** The frame's number of days a list is kept (watchlist.astro writes the default), replaced by this server's. */
const KEEP_DAYS_SLOT = /<span data-keep-days>\d+<\/span>/;

const withKeepDays = (frame: Frame, days: number): Frame => ({
  ...frame,
  text: frame.text.replace(KEEP_DAYS_SLOT, `<span data-keep-days>${days}</span>`),
});

/** When a stored list goes unless it is used again (an account's tracked venues never expire). */
function expiryHtml(expiresAt: string | undefined, keepDays: number, locale: Locale): string {
  if (!expiresAt) return "";
  const date = `<time datetime="${escapeHtml(expiresAt)}">${escapeHtml(expiresAt.slice(0, 10))}</time>`;
  return `<p class="muted" id="watch-expiry">${tHtml(locale, "watch.expiry", { date, days: String(keepDays) })}</p>`;
}

function subscribeHtml(id: string, baseUrl: string, locale: Locale): string {
  // The calendar of the page's language (the same events; its words and links in it).
  const url = `${baseUrl}${localePath(locale, watchlistLinks(id).calendar)}`;
  const text = tHtml(locale, "watch.subscribe_text", {
    https: `<a class="https" href="${escapeHtml(url)}">${escapeHtml(url)}</a>`,
    webcal: `<a class="webcal" href="${escapeHtml(url.replace(/^https?:/, "webcal:"))}">webcal</a>`,
  });
  return `<section id="watch-subscribe" aria-labelledby="subscribe"><h2 id="subscribe">${escapeHtml(t(locale, "watch.subscribe"))}</h2>
<p>${text}</p>${reminderChoiceHtml(url, locale)}</section>`;
}

export function watchlistPage(deps: WatchlistPageDeps) {
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  return async (req: Request, pathname: string): Promise<Response | null> => {
    if (unlocalizedPath(pathname) !== WATCHLIST_PAGE_PATH) return null;
    const locale = localeOfPath(pathname);
    const built = await readFrame(deps.siteDir, "watchlist", locale);
    if (!built) return null;
    const frame = withKeepDays(built, deps.keepDays);
    const id = new URL(req.url).searchParams.get("id");
    if (!id)
      return framedPage(
        req,
        frame,
        "watchlist",
        `<p class="muted">${escapeHtml(t(locale, "watch.none_here"))}</p>`,
      );
    const watchlist = await deps.find(id);
    if (!watchlist) {
      return framedPage(
        req,
        frame,
        "watchlist",
        `<p class="error" role="status">${escapeHtml(t(locale, "watch.unknown"))}</p>`,
        404,
        "no-store",
      );
    }
    const venues = await deps.venues(watchlist);
    const conferences = [...venues.conferences].sort(watchOrder);
    const list =
      conferences.length + venues.journals.length === 0
        ? `<p class="muted">${escapeHtml(t(locale, "watch.empty"))}</p>`
        : `<ol class="deadline-list">${conferences.map((c) => conferenceItem(c, locale)).join("\n")}${venues.journals
            .map(
              (j) =>
                `<li class="deadline-card"><p class="venue"><a href="${localePath(locale, `/journal/${escapeHtml(j.id)}`)}">${escapeHtml(j.name)}</a> <span class="muted">${escapeHtml(t(locale, "watch.journal"))}</span></p></li>`,
            )
            .join("\n")}</ol>`;
    // The data behind the dates the cards show, today: the one notice above the list when the oldest is old.
    const age = dataAge(venues.conferences.flatMap(cardDataDates), utcDate((deps.clock ?? systemClock)()));
    return framedPage(
      req,
      frame,
      "watchlist",
      `${dataAgeHtml(age, undefined, locale)}${list}${expiryHtml(watchlist.expiresAt, deps.keepDays, locale)}${subscribeHtml(watchlist.id, baseUrl, locale)}${deps.digests && watchlist.expiresAt ? subscribeFormHtml({ watchlist: watchlist.id }, locale) : ""}`,
      200,
      "no-store",
    );
  };
}
