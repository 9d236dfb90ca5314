/**
 * Personal iCalendar subscriptions: GET /calendar/watch/<watchlist id>.ics (the stable address of a stored
 * watchlist or of an account's tracked venues, functions/pages/watchlists.ts) and GET /calendar/watch.ics?ids=101,102 (the list in the address)
 * join the events of the static per-conference calendars (`conference/<id>.ics`, built by src/lib/calendar.ts
 * from the latest snapshot, so the feed is as current as the nightly build, estimates included as TENTATIVE
 * events) into one calendar. Ids that are malformed or unknown are skipped, never an error. `?remind=7,1` adds
 * the reminders (calendar-reminders.ts); each answer carries its content's ETag. Under `/zh/` the same addresses
 * join the Chinese calendars (`zh/conference/<id>.ics`): the same events and UIDs, the words in Chinese.
 */
import { hash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Locale, localeOfPath, localePath, t, unlocalizedPath } from "../../render/i18n.ts";
import { withReminders } from "../../render/ical-reminders.ts";
import { matchesIfNoneMatch } from "../http/conditional.ts";
import { remindOf, remindRefusal } from "./calendar-reminders.ts";
import { type FindWatched, WATCH_MAX_IDS } from "./watchlists.ts";

const WATCH_CALENDAR_PATH = "/calendar/watch.ics";
const STORED_WATCHLIST = /^\/calendar\/watch\/([^/]+)\.ics$/;

const EVENT = /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g;

/** The distinct well-formed conference ids of `?ids=` (comma or space separated), in order, at most WATCH_MAX_IDS. */
function watchIds(url: URL): string[] {
  const raw = url.searchParams.getAll("ids").join(",");
  const ids = raw.split(/[\s,]+/).filter((id) => /^\d{1,15}$/.test(id));
  return [...new Set(ids)].slice(0, WATCH_MAX_IDS);
}

/**
 * The joined calendar of `ids`, with the reminders of `remind` (days before) in each event, its ETag the
 * content's hash (so 304 to If-None-Match, per reminder variant).
 */
async function calendarOf(
  siteDir: string,
  ids: readonly string[],
  remind: readonly number[],
  req: Request,
  locale: Locale,
): Promise<Response> {
  // Each conference's built calendar in the language asked for: `conference/1.ics`, `zh/conference/1.ics`.
  const folder = join(siteDir, localePath(locale, "/conference"));
  const calendars = await Promise.all(
    ids.map((id) => readFile(join(folder, `${id}.ics`), "utf8").catch(() => "")),
  );
  const events = calendars.flatMap((text) => text.match(EVENT) ?? []);
  const body = [
    "BEGIN:VCALENDAR\r\n",
    "VERSION:2.0\r\n",
    `PRODID:-//Venue Directory//Watchlist//${locale.toUpperCase()}\r\n`,
    "CALSCALE:GREGORIAN\r\n",
    `X-WR-CALNAME:${t(locale, "feed.watch_title")}\r\n`,
    "REFRESH-INTERVAL;VALUE=DURATION:P1D\r\n",
    ...events,
    "END:VCALENDAR\r\n",
  ].join("");
  const text = withReminders(body, remind);
  const headers = {
    "content-type": "text/calendar; charset=utf-8",
    "cache-control": "public, max-age=3600",
    etag: `"${hash("sha1", text, "base64url")}"`,
  };
  if (matchesIfNoneMatch(req.headers.get("if-none-match"), headers.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(req.method === "HEAD" ? null : text, { status: 200, headers });
}

/**
 * The watch calendar for `pathname`, or null when the path is not one. An unknown (or expired) stored id answers
 * 404; a calendar read is a use of its watchlist (`find` notes it).
 */
export function watchCalendar(siteDir: string, find: FindWatched) {
  return async (req: Request, pathname: string): Promise<Response | null> => {
    const locale = localeOfPath(pathname);
    const unlocalized = unlocalizedPath(pathname);
    const stored = STORED_WATCHLIST.exec(unlocalized);
    if (unlocalized !== WATCH_CALENDAR_PATH && !stored) return null;
    const url = new URL(req.url);
    const remind = remindOf(url);
    if ("invalid" in remind) return remindRefusal(req, remind.invalid);
    if (!stored) return calendarOf(siteDir, watchIds(url), remind.days, req, locale);
    const watchlist = await find(stored[1] ?? "");
    if (!watchlist) {
      return new Response("No watchlist has this address.\n", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return calendarOf(siteDir, watchlist.conferences, remind.days, req, locale);
  };
}
