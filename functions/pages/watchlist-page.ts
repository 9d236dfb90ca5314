/**
 * `/watchlist?id=<watchlist id>`: the venues of a stored watchlist (or of an account's tracked venues) inside the built `watchlist.html` frame, each
 * conference with its next submission deadline (the deadline component: date, countdown, estimate window) and
 * its outlook state, by the date each prints (read/schema/deadline-order.ts), then the venues with none; and the
 * watchlist's stable subscription address.
 * Without an id the frame's script opens this browser's own watchlist.
 */

import { byPrintedDate } from "../../read/schema/deadline-order.ts";
import { dataAge, dataAgeHtml } from "../../render/data-age.ts";
import { deadlineHtml, noNextText, stateHtml } from "../../render/deadline.ts";
import type { WatchedConference, WatchedVenues } from "../../render/deadline-rows.ts";
import { escapeHtml } from "../../render/html.ts";
import { rankLineHtml } from "../../render/rank-line.ts";
import { type Clock, systemClock, utcDate } from "../../runtime/clock.ts";
import { type Frame, framedPage, readFrame } from "./frame.ts";
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
  /** Today, for how old the watched venues' data is. */
  clock?: Clock;
}

/** The list's order: a next deadline's printed date (then instant) first, those without one last; then name, id. */
function watchOrder(a: WatchedConference, b: WatchedConference): number {
  const [x, y] = [a.outlook?.next, b.outlook?.next];
  const byNext = x && y ? byPrintedDate(x, y) : Number(!x) - Number(!y);
  return byNext || a.short_name.localeCompare(b.short_name) || a.id.localeCompare(b.id);
}

function conferenceItem(c: WatchedConference): string {
  const outlook = c.outlook;
  const when = outlook?.next
    ? deadlineHtml(outlook.next, outlook.data_as_of)
    : `<span class="muted">${escapeHtml(noNextText(outlook ?? { state: "unknown", data_as_of: null }))}</span>`;
  return `<li class="deadline-card"${outlook?.next ? ` data-deadline="${outlook.next.closes_at}"` : ""}>
<p class="venue"><a href="/conference/${escapeHtml(c.id)}">${escapeHtml(c.short_name)}</a> ${rankLineHtml(c)} ${stateHtml(outlook?.state ?? "unknown")}<span class="muted block">${escapeHtml(c.full_name)}</span></p>
<p class="when">${when}</p>${(outlook?.deadlines ?? [])
    .filter((d) => d.status === "passed_unconfirmed")
    .map((d) => `<p class="when other">${deadlineHtml(d, outlook?.data_as_of ?? null)}</p>`)
    .join("")}
</li>`;
}

/** The frame's number of days a list is kept (watchlist.astro writes the default), replaced by this server's. */
const KEEP_DAYS_SLOT = /<span data-keep-days>\d+<\/span>/;

const withKeepDays = (frame: Frame, days: number): Frame => ({
  ...frame,
  text: frame.text.replace(KEEP_DAYS_SLOT, `<span data-keep-days>${days}</span>`),
});

/** When a stored list goes unless it is used again (an account's tracked venues never expire). */
function expiryHtml(expiresAt: string | undefined, keepDays: number): string {
  if (!expiresAt) return "";
  return `<p class="muted" id="watch-expiry">This list is kept until <time datetime="${escapeHtml(expiresAt)}">${escapeHtml(expiresAt.slice(0, 10))}</time>: opening this page or a calendar app fetching its address moves that on by ${keepDays} days, and a list nobody opens or changes for ${keepDays} days is deleted.</p>`;
}

function subscribeHtml(id: string, baseUrl: string): string {
  const url = `${baseUrl}${watchlistLinks(id).calendar}`;
  return `<section id="watch-subscribe" aria-labelledby="subscribe"><h2 id="subscribe">Subscribe</h2>
<p>One address holds every deadline of your watched conferences (estimated ones marked tentative), refreshed with each nightly build, and it stays the same when you watch or unwatch venues. Add it in Google Calendar ("From URL"), Outlook ("Subscribe from web") or Apple Calendar:
<a class="https" href="${escapeHtml(url)}">${escapeHtml(url)}</a> (<a class="webcal" href="${escapeHtml(url.replace(/^https?:/, "webcal:"))}">webcal</a>).</p></section>`;
}

export function watchlistPage(deps: WatchlistPageDeps) {
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  return async (req: Request, pathname: string): Promise<Response | null> => {
    if (pathname !== WATCHLIST_PAGE_PATH) return null;
    const built = await readFrame(deps.siteDir, "watchlist");
    if (!built) return null;
    const frame = withKeepDays(built, deps.keepDays);
    const id = new URL(req.url).searchParams.get("id");
    if (!id)
      return framedPage(
        req,
        frame,
        "watchlist",
        `<p class="muted">No venue watched yet in this browser.</p>`,
      );
    const watchlist = await deps.find(id);
    if (!watchlist) {
      return framedPage(
        req,
        frame,
        "watchlist",
        `<p class="error" role="status">No watchlist has this address.</p>`,
        404,
        "no-store",
      );
    }
    const venues = await deps.venues(watchlist);
    const conferences = [...venues.conferences].sort(watchOrder);
    const list =
      conferences.length + venues.journals.length === 0
        ? `<p class="muted">No venue watched yet: use ☆ Watch on a venue's page.</p>`
        : `<ol class="deadline-list">${conferences.map(conferenceItem).join("\n")}${venues.journals
            .map(
              (j) =>
                `<li class="deadline-card"><p class="venue"><a href="/journal/${escapeHtml(j.id)}">${escapeHtml(j.name)}</a> <span class="muted">(journal)</span></p></li>`,
            )
            .join("\n")}</ol>`;
    // The newest data behind the watched venues, today: the one notice above the list when even that is old.
    const age = dataAge(
      venues.conferences.map((c) => c.outlook?.data_as_of),
      utcDate((deps.clock ?? systemClock)()),
    );
    return framedPage(
      req,
      frame,
      "watchlist",
      `${dataAgeHtml(age)}${list}${expiryHtml(watchlist.expiresAt, deps.keepDays)}${subscribeHtml(watchlist.id, baseUrl)}`,
      200,
      "no-store",
    );
  };
}
